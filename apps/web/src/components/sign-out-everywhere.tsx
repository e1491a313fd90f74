import { useSignoutEverywhere } from '@/api/auth/sign-out-everywhere';
import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';

/**
 * "Sign out everywhere", on both dashboards: for a lost phone or a shared computer. Ends every session of the user,
 * this one included, so the user signs in again here afterwards.
 */
export function SignoutEverywhere() {
  const { mutate, isPending, error } = useSignoutEverywhere();
  return (
    <section aria-labelledby="sessions-heading" className="mt-4">
      <h2 id="sessions-heading" className="h4">
        Sessions
      </h2>
      <p className="text-body-secondary small mb-2">
        Signed in on a device you no longer use? This signs you out on every device and browser, this one included.
      </p>
      {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
      <button type="button" className="btn btn-outline-dark btn-sm" disabled={isPending} onClick={() => mutate()}>
        {isPending ? 'Signing out everywhere...' : 'Sign out everywhere'}
      </button>
    </section>
  );
}
