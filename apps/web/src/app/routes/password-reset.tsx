import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { ForgotPasswordForm, ResetPasswordForm } from '@/features/auth/components/password-reset-forms';
import { paths } from '@/lib/paths';
import { clearSession } from '@/lib/session';
import { AuthCard } from '../layout/auth-card';

export function ForgotPasswordPage() {
  return (
    <Page title="Forgot your password?" description="We will e-mail you a link to choose a new one.">
      <AuthCard
        footer={
          <>
            Remembered it? <Link to={paths.signin}>Sign in</Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </Page>
  );
}

/** Opened from the reset mail's link (`?token=`). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const finish = (message: string) => {
    // Every session of the account has ended, this browser's included.
    clearSession();
    setDone(message);
  };
  return (
    <Page title="Choose a new password" description="Set the new password of your account.">
      <AuthCard
        footer={
          done ? (
            <Link to={paths.signin}>Sign in</Link>
          ) : (
            <>
              Link not working? <Link to={paths.forgotPassword}>Ask for a new one</Link>
            </>
          )
        }
      >
        {done ? <Alert variant="success">{done}</Alert> : null}
        {!done && token === '' ? <Alert variant="danger">This page needs the link from the e-mail we sent you.</Alert> : null}
        {!done && token !== '' ? <ResetPasswordForm token={token} onDone={finish} /> : null}
      </AuthCard>
    </Page>
  );
}
