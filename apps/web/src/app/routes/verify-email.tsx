import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/page';
import { VerifyEmail } from '@/features/account/components/verify-email';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { AuthCard } from '../layout/auth-card';

/** Opened from the mail's link (`?token=`), signed in or not. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const session = useSession();
  return (
    <Page title="Confirm your e-mail address">
      <AuthCard footer={<Link to={session ? paths.userDashboard : paths.signin}>{session ? 'Go to your account' : 'Sign in'}</Link>}>
        <VerifyEmail token={params.get('token') ?? ''} />
      </AuthCard>
    </Page>
  );
}
