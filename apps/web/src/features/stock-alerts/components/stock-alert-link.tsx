import type { StockAlertAnswer } from '@store/contract';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { FollowMailedLink, NEEDS_MAILED_LINK } from '@/components/mailed-link';
import { errorMessage } from '@/lib/api-client';
import { hrefs } from '@/lib/paths';
import { useConfirmStockAlert } from '../api/confirm-stock-alert';
import { useUnsubscribeStockAlert } from '../api/unsubscribe-stock-alert';

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
  const link = useConfirmStockAlert();
  return (
    <FollowMailedLink token={token} link={link}>
      {(answer) => <Answer answer={answer} />}
    </FollowMailedLink>
  );
}

/**
 * The unsubscribe link: a button, not a request on opening, since mail scanners open the links of the mails they
 * check and must not unsubscribe anybody.
 */
export function UnsubscribeStockAlert({ token }: { token: string }) {
  const { mutate, data, error, isPending } = useUnsubscribeStockAlert();
  if (token === '') return <Alert variant="danger">{NEEDS_MAILED_LINK}</Alert>;
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
