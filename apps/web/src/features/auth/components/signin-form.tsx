import { isTwoFactorChallenge, type Session } from '@store/contract';
import { SigninDto } from '@store/contract/dto/signin.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { dtoResolver } from '@/lib/dto-resolver';
import { useSignin } from '../api/sign-in';
import { EmailField, PasswordField } from './auth-fields';
import { useServerError } from '@/lib/use-server-error';
import { TwoFactorSigninForm } from './two-factor-signin-form';

/**
 * Email and password, checked by the API's own DTO (SigninDto) before the round trip; shows a loading notice while the request runs and the server's error in a red alert.
 * An account with two-factor on answers a challenge instead of a session: the form gives way to the code step.
 */
export function SigninForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge) return <TwoFactorSigninForm challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />;
  return <PasswordStep onSignedIn={onSignedIn} onChallenge={setChallenge} />;
}

function PasswordStep({ onSignedIn, onChallenge }: { onSignedIn: (session: Session) => void; onChallenge: (challenge: string) => void }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: signin } = useSignin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SigninDto>({ resolver: dtoResolver(SigninDto), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      const answer = await signin({ email: values.email, password: values.password });
      if (isTwoFactorChallenge(answer)) onChallenge(answer.challenge);
      else onSignedIn(answer);
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      {isSubmitting ? <Alert variant="info">Loading...</Alert> : null}
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <EmailField id="signin-email" error={errors.email} registration={register('email')} />
      <PasswordField id="signin-password" purpose="current" error={errors.password} registration={register('password')} />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
