import type { SignupRequest } from '@store/contract';
import { SignupDto } from '@store/contract/dto/signup.dto';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { dtoResolver } from '@/lib/dto-resolver';
import { fieldErrors } from '@/lib/api-client';
import { useSignup } from '../api/sign-up';
import { EmailField, PasswordField } from './auth-fields';
import { useServerError } from '@/lib/use-server-error';

const EMPTY: SignupRequest = { name: '', email: '', password: '' };

/**
 * Name, email and password, checked by the API's own DTO (SignupDto) before the round trip. After success the fields are cleared and a success alert links to sign-in
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
  } = useForm<SignupDto>({ resolver: dtoResolver(SignupDto), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    setCreated(false);
    return attempt(async () => {
      try {
        await signup({ name: values.name, email: values.email, password: values.password });
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
      <TextField id="signup-name" label="Name" error={errors.name} type="text" autoComplete="name" registration={register('name')} />
      <EmailField id="signup-email" error={errors.email} registration={register('email')} />
      <PasswordField id="signup-password" purpose="new" error={errors.password} registration={register('password')} />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account...' : 'Submit'}
      </button>
    </form>
  );
}
