import { PASSWORD_MAX, PASSWORD_MIN, STAFF_INVITATION_TOKEN_PATTERN, USER_NAME_MAX, USER_NAME_MIN, type User } from '@store/contract';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { STAFF_ROLE_LABELS } from '@/lib/staff-role-labels';
import { useAcceptInvitation } from '../api/accept-invitation';
import { PasswordField } from './auth-fields';
import { useServerError } from '@/lib/use-server-error';

interface Values {
  name: string;
  password: string;
}

/**
 * The invitee's side of a staff invitation: the token comes from the link (`token`, read by the page from the
 * URL's fragment), the invitee chooses a name and a password. After success a message links to sign-in
 * (`signinLink`, given by the page so this feature knows no routes).
 */
export function AcceptInvitationForm({ token, signinLink }: { token: string; signinLink: ReactNode }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: accept } = useAcceptInvitation();
  const [joined, setJoined] = useState<User | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { name: '', password: '' } });

  if (!STAFF_INVITATION_TOKEN_PATTERN.test(token)) {
    return <Alert variant="danger">This invitation link is not complete: open it again from the e-mail, in full.</Alert>;
  }
  if (joined) {
    return (
      <Alert variant="success">
        Welcome, {joined.name}: you joined the staff as {joined.staffRole ? STAFF_ROLE_LABELS[joined.staffRole] : 'staff'}. Please{' '}
        {signinLink} with {joined.email}.
      </Alert>
    );
  }

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      setJoined(await accept({ token, name: values.name.trim(), password: values.password }));
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Join the staff">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="join-name"
        label="Name"
        error={errors.name}
        type="text"
        autoComplete="name"
        registration={register('name', {
          validate: (value) =>
            (value.trim().length >= USER_NAME_MIN && value.trim().length <= USER_NAME_MAX) ||
            `Name must be ${USER_NAME_MIN} to ${USER_NAME_MAX} characters`,
        })}
      />
      <PasswordField
        id="join-password"
        purpose="new"
        error={errors.password}
        registration={register('password', {
          required: 'Password is required',
          minLength: { value: PASSWORD_MIN, message: `Password must be at least ${PASSWORD_MIN} characters` },
          maxLength: { value: PASSWORD_MAX, message: `Password must be at most ${PASSWORD_MAX} characters` },
        })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Join the staff'}
      </button>
    </form>
  );
}
