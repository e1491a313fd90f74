import type { StockAlertAnswer } from '@store/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { hrefs } from '@/lib/paths';
import { useConfirmStockAlert } from '../api/confirm-stock-alert';
import { useUnsubscribeStockAlert } from '../api/unsubscribe-stock-alert';

const NEEDS_LINK = 'This page needs the link from the e-mail we sent you.';

/** What the alert is about, and the way to its product. */
function Answer({ answer }: { answer: StockAlertAnswer }) {
  return (
    <>
      <Alert variant="success">{answer.message}</Alert>
      <p>
        <Link to={hrefs.product(answer.productId)}>
          {answer.productName}
          {answer.variantLabel ? ` (${answer.variantLabel})` : ''}
        </Link>
      </p>
    </>
  );
}

/** The confirmation link, followed at once (a link works once, so only once per page). */
export function ConfirmStockAlert({ token }: { token: string }) {
  const { mutate, data, error, isIdle, isPending } = useConfirmStockAlert();
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      mutate({ token });
    }
  }, [token, mutate]);
  if (token === '') return <Alert variant="danger">{NEEDS_LINK}</Alert>;
  if (isIdle || isPending) return <Spinner label="Confirming..." />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return data ? <Answer answer={data} /> : null;
}

/**
 * The unsubscribe link: a button, not a request on opening, since mail scanners open the links of the mails they
 * check and must not unsubscribe anybody.
 */
export function UnsubscribeStockAlert({ token }: { token: string }) {
  const { mutate, data, error, isPending } = useUnsubscribeStockAlert();
  if (token === '') return <Alert variant="danger">{NEEDS_LINK}</Alert>;
  if (data) return <Answer answer={data} />;
  return (
    <>
      {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
      <p>Stop the back-in-stock e-mail for this item?</p>
      <button type="button" className="btn btn-primary" disabled={isPending} onClick={() => mutate({ token })}>
        Unsubscribe
      </button>
    </>
  );
}
