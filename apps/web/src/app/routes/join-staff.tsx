import { Link, useLocation } from 'react-router-dom';
import { Page } from '@/components/page';
import { AcceptInvitationForm } from '@/features/auth/components/accept-invitation-form';
import { paths } from '@/lib/paths';
import { AuthCard } from '../layout/auth-card';

/** Where a staff invitation's link leads: the token is the URL's fragment, which browsers never send to a server. */
export function JoinStaffPage() {
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <Page title="Join the staff" description="Choose your name and password to start running the shop.">
      <AuthCard
        footer={
          <>
            Already joined? <Link to={paths.signin}>Sign in</Link>
          </>
        }
      >
        <AcceptInvitationForm
          token={token}
          signinLink={
            <Link to={paths.signin} className="alert-link">
              sign in
            </Link>
          }
        />
      </AuthCard>
    </Page>
  );
}
