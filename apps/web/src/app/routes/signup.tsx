import { Link } from 'react-router-dom';
import { Page } from '@/components/page';
import { SignupForm } from '@/features/auth/components/signup-form';
import { paths } from '@/lib/paths';

export function SignupPage() {
  return (
    <Page title="Create your account" description="Create an account to pay for your cart and follow your orders.">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <SignupForm
                signinLink={
                  <Link to={paths.signin} className="alert-link">
                    Login Here
                  </Link>
                }
              />
              <p className="text-center small mt-3 mb-0">
                Already have an account? <Link to={paths.signin}>Sign in</Link>
              </p>
            </div>
          </div>
        </div>
      </div>
    </Page>
  );
}
