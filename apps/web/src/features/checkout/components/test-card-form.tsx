import { TEST_CARDS } from '@store/contract';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/field';

/** The test gateway's nonce for a typed card number (spaces and dashes allowed), or undefined for any other number. */
export function nonceForTestCard(cardNumber: string): string | undefined {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits)?.nonce;
}

/** 4111111111111111 -> 4111 1111 1111 1111, as printed on a card. */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The payment widget of the offline test gateway: no real card is charged, so it says so loudly and
 * accepts only the listed test numbers. `beforeBuy` checks the rest of the checkout (the address) on the same
 * click, so every field's error shows at once; no nonce is given unless it passes.
 */
export function TestCardForm({
  busy,
  beforeBuy = () => Promise.resolve(true),
  onNonce,
}: {
  busy: boolean;
  beforeBuy?: () => Promise<boolean>;
  onNonce: (nonce: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ cardNumber: string }>({ defaultValues: { cardNumber: '' }, shouldFocusError: false });

  const onSubmit = handleSubmit(
    async ({ cardNumber }) => {
      const nonce = nonceForTestCard(cardNumber);
      if (nonce && (await beforeBuy())) onNonce(nonce);
    },
    async () => {
      // The first error on the page gets the focus: the address's (beforeBuy focuses it), else the card's.
      if (await beforeBuy()) setFocus('cardNumber');
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Test payment">
      <div className="border border-warning rounded-3 p-3 mb-3 bg-warning-subtle">
        <p className="fw-semibold mb-1">
          <span className="badge text-bg-warning me-2">TEST MODE</span>Test payment: no real card is charged
        </p>
        <details className="small mb-3">
          <summary>Test card numbers</summary>
          <ul className="list-unstyled mb-0 mt-2">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <code>{groupCardNumber(card.number)}</code> {card.brand}, {card.outcome}
              </li>
            ))}
          </ul>
        </details>
        <TextField
          id="test-card-number"
          label="Card number"
          error={errors.cardNumber}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4111 1111 1111 1111"
          registration={register('cardNumber', {
            required: 'Enter a card number',
            validate: (value) => !!nonceForTestCard(value) || 'Use one of the test card numbers above',
          })}
        />
      </div>
      <button type="submit" className="btn btn-success w-100 btn-lg" disabled={busy}>
        {busy ? 'Processing...' : 'Buy'}
      </button>
    </form>
  );
}
