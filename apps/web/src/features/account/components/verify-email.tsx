import { useEffect, useRef } from 'react';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/** Follows the mail's link at once: confirms the address (or moves the account to it) and says how it went. */
export function VerifyEmail({ token }: { token: string }) {
  const { mutate, data, error, isIdle, isPending } = useVerifyEmail();
  // Once: a link works once, so a second render must not post it again.
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      mutate({ token });
    }
  }, [token, mutate]);
  if (token === '') return <Alert variant="danger">This page needs the link from the e-mail we sent you.</Alert>;
  if (isIdle || isPending) return <Spinner label="Confirming..." />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return data ? <Alert variant="success">{data.message}</Alert> : null;
}
