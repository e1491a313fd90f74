import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Spinner } from './spinner';

/** What a page of a mailed link says when it is opened without the link's token. */
export const NEEDS_MAILED_LINK = 'This page needs the link from the e-mail we sent you.';

/** The mutation a mailed link's page follows (what its hook answers). */
interface LinkMutation<Answer> {
  mutate: (variables: { token: string }) => void;
  data: Answer | undefined;
  error: unknown;
  isIdle: boolean;
  isPending: boolean;
}

/**
 * Follows a link from one of the shop's e-mails at once, with its `token`: once only (a link works once, so a second
 * render must not post it again), then says how it went, the answer shown by `children`.
 */
export function FollowMailedLink<Answer>({
  token,
  link,
  children,
}: {
  token: string;
  link: LinkMutation<Answer>;
  children: (answer: Answer) => ReactNode;
}) {
  const { mutate, data, error, isIdle, isPending } = link;
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      mutate({ token });
    }
  }, [token, mutate]);
  if (token === '') return <Alert variant="danger">{NEEDS_MAILED_LINK}</Alert>;
  if (isIdle || isPending) return <Spinner label="Confirming..." />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return data ? children(data) : null;
}
