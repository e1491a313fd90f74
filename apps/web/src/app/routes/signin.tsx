import type { Session } from '@store/contract';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Page } from '@/components/page';
import { SigninForm } from '@/features/auth/components/signin-form';
import { clearSession, saveSession, useSession } from '@/lib/session';
import { afterSigninTarget, type SigninRedirectState } from '../guards';
import { AuthCard } from '../layout/auth-card';
import { paths } from '@/lib/paths';

export function SigninPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const redirect = location.state as SigninRedirectState | null;
  // A page that ended the account (deleting it) says what happened; the session goes once this page is on screen.
  const { notice, endSession } = (location.state as { notice?: unknown; endSession?: unknown } | null) ?? {};
  useEffect(() => {
    if (endSession === true) clearSession();
  }, [endSession]);

  const onSignedIn = (signedIn: Session) => {
    saveSession(signedIn);
    navigate(afterSigninTarget(location.state, signedIn.user.role), { replace: true });
  };

  return (
    <Page title="Sign in" description="Welcome back. Sign in to pay for your cart and see your orders.">
      <AuthCard
        notice={
          typeof notice === 'string' ? (
            <Alert variant="success">{notice}</Alert>
          ) : redirect?.from ? (
            <Alert variant="info">
              {session && redirect.requiresAdmin
                ? `You are signed in as ${session.user.name}. Sign in with an admin account to open that page.`
                : 'Please sign in to continue.'}
            </Alert>
          ) : null
        }
        footer={
          <>
            <Link to={paths.forgotPassword}>Forgot your password?</Link> · New here? <Link to={paths.signup}>Create an account</Link>
          </>
        }
      >
        <SigninForm onSignedIn={onSignedIn} />
      </AuthCard>
    </Page>
  );
}
