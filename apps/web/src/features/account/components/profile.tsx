import { EmailChangeDto, NameChangeDto } from '@store/contract/dto/account.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { dtoResolver } from '@/lib/dto-resolver';
import { useServerError } from '@/lib/use-server-error';
import { useChangeEmail } from '../api/change-email';
import { useAccount } from '../api/get-account';
import { useRenameAccount } from '../api/rename-account';
import { useResendVerification } from '../api/resend-verification';

/** The account's name and e-mail address: rename, confirm the address ("send again"), move to another address. */
export function Profile() {
  const account = useAccount().data;
  if (!account) return null;
  return (
    <section aria-labelledby="profile-heading" className="mb-4">
      <h2 id="profile-heading" className="h4 mb-3">
        Your details
      </h2>
      <div className="row g-4">
        <div className="col-lg-6">
          <NameForm name={account.name} />
        </div>
        <div className="col-lg-6">
          <EmailStatus email={account.email} verified={account.emailVerified} />
          <ChangeEmailForm />
        </div>
      </div>
    </section>
  );
}

function NameForm({ name }: { name: string }) {
  const { serverError, attempt } = useServerError();
  const [saved, setSaved] = useState(false);
  const { mutateAsync: rename } = useRenameAccount();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NameChangeDto>({ resolver: dtoResolver(NameChangeDto), values: { name } });
  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      setSaved(false);
      await rename(values);
      setSaved(true);
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your name">
      {saved ? <Alert variant="success">Your name is saved.</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField id="account-name" label="Name" autoComplete="name" error={errors.name} registration={register('name')} />
      <button type="submit" className="btn btn-outline-dark" disabled={isSubmitting}>
        Save name
      </button>
    </form>
  );
}

function EmailStatus({ email, verified }: { email: string; verified: boolean }) {
  const { mutate, isPending, data, error } = useResendVerification();
  return (
    <div className="mb-3">
      <p className="mb-1">
        E-mail: <strong data-testid="account-email">{email}</strong>{' '}
        {verified ? <span className="badge text-bg-success">Confirmed</span> : <span className="badge text-bg-warning">Not confirmed</span>}
      </p>
      {verified ? null : (
        <>
          <p className="text-body-secondary small mb-2">We sent you a link to confirm it. Did it not arrive?</p>
          {data ? <Alert variant="success">{data.message}</Alert> : null}
          {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
          <button type="button" className="btn btn-outline-dark btn-sm" disabled={isPending} onClick={() => mutate()}>
            Send the link again
          </button>
        </>
      )}
    </div>
  );
}

function ChangeEmailForm() {
  const { serverError, attempt } = useServerError();
  const [sent, setSent] = useState<string | null>(null);
  const { mutateAsync: change } = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeDto>({ resolver: dtoResolver(EmailChangeDto), defaultValues: { email: '', currentPassword: '' } });
  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      setSent((await change(values)).message);
      reset();
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change your e-mail address">
      {sent ? <Alert variant="success">{sent}</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="change-email"
        label="New e-mail address"
        type="email"
        autoComplete="email"
        error={errors.email}
        registration={register('email')}
      />
      <TextField
        id="change-email-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        registration={register('currentPassword')}
      />
      <button type="submit" className="btn btn-outline-dark" disabled={isSubmitting}>
        Change e-mail
      </button>
    </form>
  );
}
