import type { Session, SigninRequest } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Field, controlClass, invalidProps } from '../../../components/field';
import { errorMessage } from '../../../lib/api-client';
import { signin } from '../api/signin';
import { EMAIL_PATTERN } from './email-pattern';

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
      <Field id="signin-email" label="Email" error={errors.email}>
        <input
          id="signin-email"
          type="email"
          autoComplete="email"
          className={controlClass('form-control', errors.email)}
          {...invalidProps('signin-email', errors.email)}
          {...register('email', {
            required: 'Email is required',
            pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address' },
          })}
        />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password}>
        <input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          className={controlClass('form-control', errors.password)}
          {...invalidProps('signin-password', errors.password)}
          {...register('password', { required: 'Password is required' })}
        />
      </Field>
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
