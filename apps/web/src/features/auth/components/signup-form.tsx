import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX, USER_NAME_MIN, type SignupRequest } from '@store/contract';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { fieldErrors } from '@/lib/api-client';
import { useSignup } from '../api/sign-up';
import { EmailField, PasswordField, useServerError } from './auth-fields';
import { EMAIL_RULES } from './email-pattern';

const EMPTY: SignupRequest = { name: '', email: '', password: '' };

/**
 * Name, email and password. After success the fields are cleared and a success alert links to sign-in
 * (`signinLink` is that link, given by the page so this feature knows no routes).
 */
export function SignupForm({ signinLink }: { signinLink: ReactNode }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: signup } = useSignup();
  const [created, setCreated] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupRequest>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    setCreated(false);
    return attempt(async () => {
      try {
        await signup({ name: values.name.trim(), email: values.email.trim(), password: values.password });
      } catch (error) {
        // The server's rules the form does not know (a common password, a name that changes the text direction):
        // each message beside its field too.
        for (const { field, message } of fieldErrors(error)) {
          if (field === 'name' || field === 'email' || field === 'password') setError(field, { type: 'server', message });
        }
        throw error;
      }
      reset(EMPTY);
      setCreated(true);
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      {created ? <Alert variant="success">New account was created successfully. Please {signinLink}.</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="signup-name"
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
      <EmailField id="signup-email" error={errors.email} registration={register('email', EMAIL_RULES)} />
      <PasswordField
        id="signup-password"
        purpose="new"
        error={errors.password}
        registration={register('password', {
          required: 'Password is required',
          minLength: { value: PASSWORD_MIN, message: `Password must be at least ${PASSWORD_MIN} characters` },
          maxLength: { value: PASSWORD_MAX, message: `Password must be at most ${PASSWORD_MAX} characters` },
        })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account...' : 'Submit'}
      </button>
    </form>
  );
}
