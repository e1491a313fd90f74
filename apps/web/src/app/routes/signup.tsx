import { Link } from 'react-router-dom';
import { Page } from '@/components/page';
import { SignupForm } from '@/features/auth/components/signup-form';
import { paths } from '@/lib/paths';
import { AuthCard } from '../layout/auth-card';

export function SignupPage() {
  return (
    <Page title="Create your account" description="Create an account to pay for your cart and follow your orders.">
      <AuthCard
        footer={
          <>
            Already have an account? <Link to={paths.signin}>Sign in</Link>
          </>
        }
      >
        <SignupForm
          signinLink={
            <Link to={paths.signin} className="alert-link">
              Login Here
            </Link>
          }
        />
      </AuthCard>
    </Page>
  );
}
