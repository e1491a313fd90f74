import type { Dropin } from 'braintree-web-drop-in';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';

/**
 * Braintree's Drop-in card widget. Its code (and the scripts it pulls from Braintree) loads only when the
 * server says the gateway is Braintree, so the test gateway and every other page never fetch it.
 */
export function DropInPayment({
  clientToken,
  busy,
  beforeBuy = () => Promise.resolve(true),
  onNonce,
}: {
  clientToken: string;
  busy: boolean;
  /** The rest of the checkout (the address) is checked first: no card is asked for while it is not valid. */
  beforeBuy?: () => Promise<boolean>;
  onNonce: (nonce: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<Dropin | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let created: Dropin | undefined;
    import('braintree-web-drop-in')
      .then(({ default: dropin }) => dropin.create({ authorization: clientToken, container: container.current! }))
      .then((dropin) => {
        created = dropin;
        if (cancelled) void dropin.teardown();
        else setInstance(dropin);
      })
      .catch((cause: unknown) => {
        console.error(cause);
        if (!cancelled) setError('The card form could not be loaded. Please reload the page and try again.');
      });
    return () => {
      cancelled = true;
      if (created) void created.teardown().catch(() => undefined);
    };
  }, [clientToken]);

  const buy = async () => {
    if (!instance || !(await beforeBuy())) return;
    try {
      const { nonce } = await instance.requestPaymentMethod();
      onNonce(nonce);
    } catch (cause) {
      // Drop-in shows its own message next to the card field (e.g. an incomplete number).
      console.error(cause);
    }
  };

  return (
    <div>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {!instance && !error ? <Spinner label="Loading the card form..." /> : null}
      <div ref={container} />
      <button type="button" className="btn btn-success w-100 btn-lg" onClick={buy} disabled={!instance || busy}>
        {busy ? 'Processing...' : 'Buy'}
      </button>
    </div>
  );
}
