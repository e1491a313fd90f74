import type { Session } from '@store/contract';
import { TwoFactorSigninDto } from '@store/contract/dto/two-factor.dto';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { dtoFieldRule } from '@/lib/dto-resolver';
import { useSigninTwoFactor } from '../api/sign-in-two-factor';
import { useServerError } from '@/lib/use-server-error';

/**
 * The sign-in's second step, for an account with two-factor on: a code from the authenticator app, or one of the
 * recovery codes. The challenge the password step answered goes with it; `onRestart` goes back to the password.
 */
export function TwoFactorSigninForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (session: Session) => void;
  onRestart: () => void;
}) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: signinTwoFactor } = useSigninTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => onSignedIn(await signinTwoFactor({ challenge, code: values.code }))));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <Alert variant="info">Your password was right. Now enter the code your authenticator app shows for this shop.</Alert>
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="two-factor-code"
        label="Code"
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        hint="Six digits from the app, or one of your recovery codes (abcde-fghij) if you do not have your phone."
        error={errors.code}
        registration={register('code', { validate: dtoFieldRule(TwoFactorSigninDto, 'code') })}
      />
      <button type="submit" className="btn btn-success w-100" disabled={isSubmitting}>
        Verify
      </button>
      <button type="button" className="btn btn-link w-100 mt-2" onClick={onRestart}>
        Start again with your password
      </button>
    </form>
  );
}
