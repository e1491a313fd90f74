import { PasswordChangeDto, PasswordForgotDto, PasswordResetDto } from '@store/contract/dto/password-reset.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { dtoFieldRule, dtoResolver } from '@/lib/dto-resolver';
import { useChangePassword } from '../api/change-password';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { EmailField, NewPasswordField } from './auth-fields';
import { useServerError } from '@/lib/use-server-error';

/** The address to send a reset link to; the answer (the same for any address) replaces the form. */
export function ForgotPasswordForm() {
  const { serverError, attempt } = useServerError();
  const [sent, setSent] = useState<string | null>(null);
  const { mutateAsync: request } = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForgotDto>({ resolver: dtoResolver(PasswordForgotDto), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => setSent((await request({ email: values.email })).message)));

  if (sent) return <Alert variant="success">{sent}</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <EmailField id="forgot-email" error={errors.email} registration={register('email')} />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Send me a link
      </button>
    </form>
  );
}

interface NewPassword {
  password: string;
  confirm: string;
}

/** A new password, twice, for the link's token; on success `onDone` gets the server's message. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: reset } = useResetPassword();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewPassword>({ defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => onDone((await reset({ token, password: values.password })).message)));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <NewPasswordField
        id="reset-password"
        error={errors.password}
        registration={register('password', { validate: dtoFieldRule(PasswordResetDto, 'password') })}
      />
      <TextField
        id="reset-confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
        registration={register('confirm', { validate: (value) => value === getValues('password') || 'The two passwords differ' })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Change my password
      </button>
    </form>
  );
}

/** The signed-in user's own password: the current one, then the new one; other devices are signed out. */
export function ChangePasswordForm() {
  const { serverError, attempt } = useServerError();
  const [done, setDone] = useState(false);
  const { mutateAsync: change } = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeDto>({ resolver: dtoResolver(PasswordChangeDto), defaultValues: { currentPassword: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      setDone(false);
      await change(values);
      reset();
      setDone(true);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change your password">
      {done ? <Alert variant="success">Your password has been changed. Your other devices have been signed out.</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="change-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        registration={register('currentPassword')}
      />
      <NewPasswordField id="change-new-password" error={errors.password} registration={register('password')} />
      <button type="submit" className="btn btn-outline-dark" disabled={isSubmitting}>
        Change password
      </button>
    </form>
  );
}
