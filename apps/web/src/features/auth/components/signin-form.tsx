import type { Session, SigninRequest } from '@store/contract';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { useSignin } from '../api/sign-in';
import { EmailField, PasswordField, useServerError } from './auth-fields';
import { EMAIL_RULES } from './email-pattern';

/** Email and password; shows a loading notice while the request runs and the server's error in a red alert. */
export function SigninForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: signin } = useSignin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SigninRequest>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    attempt(async () => onSignedIn(await signin({ email: values.email.trim(), password: values.password }))),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      {isSubmitting ? <Alert variant="info">Loading...</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <EmailField id="signin-email" error={errors.email} registration={register('email', EMAIL_RULES)} />
      <PasswordField
        id="signin-password"
        purpose="current"
        error={errors.password}
        registration={register('password', { required: 'Password is required' })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
