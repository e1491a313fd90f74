import type { Session, SigninRequest } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { signin } from '../api/auth';
import { EMAIL_RULES } from './email-pattern';

/** Email and password; shows a loading notice while the request runs and the server's error in a red alert. */
export function SigninForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SigninRequest>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      onSignedIn(await signin({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      {isSubmitting ? <Alert variant="info">Loading...</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="signin-email"
        label="Email"
        error={errors.email}
        type="email"
        autoComplete="email"
        registration={register('email', EMAIL_RULES)}
      />
      <TextField
        id="signin-password"
        label="Password"
        error={errors.password}
        type="password"
        autoComplete="current-password"
        registration={register('password', { required: 'Password is required' })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
