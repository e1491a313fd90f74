import { Alert } from '@/components/alert';
import { FollowMailedLink } from '@/components/mailed-link';
import { useVerifyEmail } from '../api/verify-email';

/** Follows the mail's link at once: confirms the address (or moves the account to it) and says how it went. */
export function VerifyEmail({ token }: { token: string }) {
  const link = useVerifyEmail();
  return (
    <FollowMailedLink token={token} link={link}>
      {(answer) => <Alert variant="success">{answer.message}</Alert>}
    </FollowMailedLink>
  );
}
