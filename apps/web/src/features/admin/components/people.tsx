import { STAFF_ROLES, type StaffMember, type StaffRole } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { STAFF_ROLE_LABELS } from '@/lib/staff-role-labels';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useInviteStaff } from '../api/invite-staff';
import { useStaff } from '../api/list-staff';
import { useRemoveStaff } from '../api/remove-staff';
import { useResetStaffTwoFactor } from '../api/reset-staff-two-factor';
import { Panel } from './panel';

const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'everything, refunds and people included',
  staff: 'catalogue, stock, orders and shipping; no refunds, no people',
  'read-only': 'sees the admin screens, changes nothing',
};

/**
 * The shop's people, for owners: who has which role (change it, or remove someone from the staff), who has
 * two-factor sign-in on (reset it for someone who lost their phone), the invitations still open, and a form to invite someone by e-mail. The server refuses all of it to anyone else.
 */
export function People() {
  const { isOwner } = useStaffPermissions();
  if (!isOwner) return <Alert variant="warning">Only an owner manages the shop&rsquo;s people.</Alert>;
  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <PeopleList />
      </div>
      <div className="col-lg-5">
        <InviteForm />
      </div>
    </div>
  );
}

function PeopleList() {
  const { data, error, isPending } = useStaff();
  if (isPending) return <Spinner label="Loading the shop's people..." />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return (
    <>
      <Panel id="people" title="People">
        <ul className="list-group list-group-flush" aria-label="Staff">
          {data.people.map((person) => (
            <PersonRow key={person._id} person={person} />
          ))}
        </ul>
      </Panel>
      {data.invitations.length > 0 ? (
        <Panel id="invitations" title="Open invitations" className="mt-4">
          <ul className="list-group list-group-flush" aria-label="Open invitations">
            {data.invitations.map((invitation) => (
              <li key={invitation._id} className="list-group-item small">
                <span className="fw-semibold">{invitation.email}</span> as {STAFF_ROLE_LABELS[invitation.staffRole]}, until{' '}
                {new Date(invitation.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}

function PersonRow({ person }: { person: StaffMember }) {
  const { mutateAsync: changeRole, isPending: changing } = useChangeStaffRole();
  const { mutateAsync: remove, isPending: removing } = useRemoveStaff();
  const { mutateAsync: resetTwoFactor, isPending: resetting } = useResetStaffTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = `role-${person._id}`;
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (cause) {
      console.error(cause);
      setError(errorMessage(cause));
    }
  };
  return (
    <li className="list-group-item" aria-label={person.name}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <div className="fw-semibold">{person.name}</div>
          <div className="small text-body-secondary">{person.email}</div>
          <div className="small" data-testid="two-factor-state">
            {person.twoFactorEnabled ? (
              <span className="badge text-bg-success">Two-factor on</span>
            ) : (
              <span className="badge text-bg-warning">Two-factor off</span>
            )}
          </div>
        </div>
        <label className="visually-hidden" htmlFor={id}>
          Role of {person.name}
        </label>
        <select
          id={id}
          className="form-select form-select-sm w-auto"
          value={person.staffRole}
          disabled={changing}
          onChange={(event) => void run(() => changeRole({ staffId: person._id, staffRole: event.target.value as StaffRole }))}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={removing}
          onClick={() => {
            if (window.confirm(`Remove ${person.name} from the staff? Their account stays, as a customer's.`))
              void run(() => remove(person._id));
          }}
        >
          Remove
        </button>
        {person.twoFactorEnabled ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={resetting}
            onClick={() => {
              if (window.confirm(`Reset ${person.name}'s two-factor sign-in (a lost phone)? They set it up again at their next sign-in.`))
                void run(async () => setNotice((await resetTwoFactor(person._id)).message));
            }}
          >
            Reset two-factor
          </button>
        ) : null}
      </div>
      {notice ? (
        <Alert variant="success" className="mt-2 py-2 small">
          {notice}
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {error}
        </Alert>
      ) : null}
    </li>
  );
}

interface InviteValues {
  email: string;
  staffRole: StaffRole;
}

function InviteForm() {
  const { mutateAsync: invite } = useInviteStaff();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ defaultValues: { email: '', staffRole: 'staff' } });

  const onSubmit = handleSubmit(async (values) => {
    setSent(null);
    setError(null);
    try {
      const invitation = await invite({ email: values.email.trim(), staffRole: values.staffRole });
      reset({ email: '', staffRole: values.staffRole });
      setSent(invitation.email);
    } catch (cause) {
      console.error(cause);
      setError(errorMessage(cause));
    }
  });

  return (
    <Panel id="invite" title="Invite someone">
      <form className="card-body" onSubmit={onSubmit} noValidate aria-label="Invite someone">
        {sent ? <Alert variant="success">Invitation sent to {sent}.</Alert> : null}
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <div className="mb-3">
          <label htmlFor="invite-email" className="form-label">
            Email
          </label>
          <input
            id="invite-email"
            type="email"
            className={`form-control${errors.email ? ' is-invalid' : ''}`}
            aria-describedby={errors.email ? 'invite-email-error' : undefined}
            {...register('email', {
              required: 'Email is required',
              validate: (value) => value.includes('@') || 'Email must be a valid email address',
            })}
          />
          {errors.email?.message ? (
            <div id="invite-email-error" className="invalid-feedback d-block">
              {errors.email.message}
            </div>
          ) : null}
        </div>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Role</legend>
          {STAFF_ROLES.map((role) => (
            <div key={role} className="form-check">
              <input id={`invite-role-${role}`} className="form-check-input" type="radio" value={role} {...register('staffRole')} />
              <label className="form-check-label" htmlFor={`invite-role-${role}`}>
                {STAFF_ROLE_LABELS[role]} <span className="text-body-secondary small">({ROLE_HINTS[role]})</span>
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-success" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send invitation'}
        </button>
      </form>
    </Panel>
  );
}
