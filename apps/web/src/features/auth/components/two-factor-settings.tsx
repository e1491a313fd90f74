import { type TwoFactorEnrolment } from '@store/contract';
import { TwoFactorCodeDto, TwoFactorDisableDto } from '@store/contract/dto/two-factor.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { dtoFieldRule, dtoResolver } from '@/lib/dto-resolver';
import { errorMessage } from '@/lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnrolTwoFactor } from '../api/enrol-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { useServerError } from '@/lib/use-server-error';

/**
 * The signed-in member's two-factor sign-in: set it up (a QR code for an authenticator app, confirmed by a first
 * code, then ten recovery codes shown once), or, when it is on, make new recovery codes with a code from the app (the
 * old ones stop working) or turn it off with the password and a code.
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (status.isPending) return <Alert variant="info">Loading...</Alert>;
  if (status.isError) return <Alert variant="danger">{errorMessage(status.error)}</Alert>;
  const { enabled, required, recoveryCodesLeft } = status.data;
  return (
    <div className="col-lg-8">
      {required && !enabled ? (
        <Alert variant="warning">The shop requires two-factor sign-in for its staff: set it up to open the admin pages.</Alert>
      ) : null}
      {enabled ? (
        <>
          <Alert variant="success">
            Two-factor sign-in is on. {recoveryCodesLeft} of your recovery codes {recoveryCodesLeft === 1 ? 'is' : 'are'} left.
          </Alert>
          <RegenerateForm onRegenerated={setRecoveryCodes} />
          <DisableForm />
        </>
      ) : (
        <Enrolment onConfirmed={setRecoveryCodes} />
      )}
    </div>
  );
}

function Enrolment({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { serverError, attempt } = useServerError();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const { mutateAsync: enrol, isPending } = useEnrolTwoFactor();

  if (enrolment) return <ConfirmForm enrolment={enrolment} onConfirmed={onConfirmed} />;
  return (
    <section aria-label="Set up two-factor sign-in">
      <p>
        After your password, sign-in will ask for a six-digit code from an authenticator app on your phone (any app that reads QR codes for
        two-factor sign-in). Someone who learns your password cannot get in without your phone.
      </p>
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <button
        type="button"
        className="btn btn-success"
        disabled={isPending}
        onClick={() => attempt(async () => setEnrolment(await enrol()))}
      >
        Set up two-factor sign-in
      </button>
    </section>
  );
}

function ConfirmForm({ enrolment, onConfirmed }: { enrolment: TwoFactorEnrolment; onConfirmed: (codes: string[]) => void }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: confirm } = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeDto>({ resolver: dtoResolver(TwoFactorCodeDto), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => onConfirmed((await confirm({ code: values.code })).recoveryCodes)));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in">
      <ol>
        <li>Scan this QR code with your authenticator app:</li>
      </ol>
      <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={240} height={240} className="d-block mb-2" />
      <p>
        Cannot scan it? Type this key into the app instead:{' '}
        <span className="font-monospace fw-semibold text-break" data-testid="two-factor-secret">
          {enrolment.secret}
        </span>
      </p>
      <ol start={2}>
        <li>Enter the six-digit code the app now shows, to check that it works.</li>
      </ol>
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="two-factor-confirm-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
        registration={register('code')}
      />
      <button type="submit" className="btn btn-success" disabled={isSubmitting}>
        Turn on two-factor sign-in
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-label="Recovery codes" className="col-lg-8">
      <Alert variant="success">Two-factor sign-in is on.</Alert>
      <p>
        Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose the phone. They are shown
        only now.
      </p>
      <ul className="list-unstyled font-monospace fs-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-outline-dark" onClick={onDone}>
        I have saved them
      </button>
    </section>
  );
}

function RegenerateForm({ onRegenerated }: { onRegenerated: (codes: string[]) => void }) {
  const { serverError, attempt } = useServerError();
  const { mutateAsync: regenerate } = useRegenerateRecoveryCodes();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeDto>({ resolver: dtoResolver(TwoFactorCodeDto), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => onRegenerated((await regenerate({ code: values.code })).recoveryCodes)));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Make new recovery codes" className="mb-4">
      <p>Used some, or not sure where they are? Make ten new recovery codes: the ones you have now stop working.</p>
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="two-factor-regenerate-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
        registration={register('code')}
      />
      <button type="submit" className="btn btn-outline-dark" disabled={isSubmitting}>
        Make new recovery codes
      </button>
    </form>
  );
}

function DisableForm() {
  const { serverError, attempt } = useServerError();
  const [done, setDone] = useState<string | null>(null);
  const { mutateAsync: disable } = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorDisableDto>({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit((values) => attempt(async () => setDone((await disable(values)).message)));

  if (done) return <Alert variant="success">{done}</Alert>;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="two-factor-disable-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        registration={register('password', { validate: dtoFieldRule(TwoFactorDisableDto, 'password') })}
      />
      <TextField
        id="two-factor-disable-code"
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        error={errors.code}
        registration={register('code', { validate: dtoFieldRule(TwoFactorDisableDto, 'code') })}
      />
      <button type="submit" className="btn btn-outline-danger" disabled={isSubmitting}>
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
