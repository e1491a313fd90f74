import type { Product, ProductVariant } from '@store/contract';
import { StockAlertRequestDto } from '@store/contract/dto/stock-alert.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { dtoFieldRule } from '@/lib/dto-resolver';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useRequestMyStockAlert } from '../api/request-my-stock-alert';
import { useRequestStockAlert } from '../api/request-stock-alert';

interface FieldFailure {
  field: string;
  message: string;
}

interface NotifyValues {
  variant: string;
  email: string;
}

/** A variant as the shopper reads it: its values (`Red / M`), or "this t-shirt" for a product without options. */
const variantName = (variant: ProductVariant): string => variant.options.join(' / ') || 'this t-shirt';

/**
 * "Notify me": on a product with a sold-out variant, the shopper leaves an address (signed in: their account's,
 * nothing to type) and gets one e-mail when it is back. The sold-out values stay disabled in the pickers above (they
 * cannot go in the cart), so the form names the sold-out variants itself; `chosen` (the variant the page's options
 * name, when sold out) is picked first (the page keys the form by it). Not signed in, the server mails a link to confirm the address first.
 */
export function StockAlertForm({ product, chosen }: { product: Product; chosen?: ProductVariant }) {
  const session = useSession();
  const soldOut = (product.variants ?? []).filter((variant) => variant.active && variant.stock <= 0);
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const anonymous = useRequestStockAlert();
  const signedIn = useRequestMyStockAlert();
  const first = chosen && soldOut.some((variant) => variant._id === chosen._id) ? chosen : soldOut[0];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NotifyValues>({ defaultValues: { variant: first ? String(first._id) : '', email: '' } });
  // Server-rendered with the product page: live only once hydrated (use-hydrated.ts).
  const hydrated = useHydrated();
  if (soldOut.length === 0) return null;

  const onSubmit = handleSubmit(async ({ variant, email }) => {
    setServerError(null);
    const variantId = Number(variant);
    try {
      const answer = session
        ? await signedIn.mutateAsync({ variantId })
        : await anonymous.mutateAsync({ variantId, email: email.trim().toLowerCase() });
      setDone(answer.message);
    } catch (error) {
      // A field the server names is shown at that field; anything else above the form.
      const detail = error instanceof ApiError ? (error.body as { details?: FieldFailure[] } | undefined)?.details?.[0] : undefined;
      if (detail?.field === 'email') setError('email', { message: detail.message });
      else if (detail?.field === 'variantId') setError('variant', { message: detail.message });
      else setServerError(errorMessage(error));
    }
  });

  return (
    <section className="mt-4 border-top pt-3" aria-labelledby="stock-alert-heading">
      <h2 id="stock-alert-heading" className="h6">
        Sold out? Get an e-mail when it is back
      </h2>
      {done ? (
        <Alert variant="success">{done}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Notify me when it is back in stock">
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          {soldOut.length > 1 ? (
            <Field id="stock-alert-variant" label="Which one" error={errors.variant}>
              <select
                id="stock-alert-variant"
                className={controlClass('form-select', errors.variant)}
                {...invalidProps('stock-alert-variant', errors.variant)}
                {...register('variant', { required: 'Variant must be chosen' })}
              >
                {soldOut.map((variant) => (
                  <option key={variant._id} value={variant._id}>
                    {variantName(variant)}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <p className="mb-2">
              {soldOut[0].options.length > 0 ? `${variantName(soldOut[0])} is sold out.` : 'This t-shirt is sold out.'}
            </p>
          )}
          {session ? (
            <p className="small text-body-secondary">We will write to {session.user.email}.</p>
          ) : (
            <TextField
              id="stock-alert-email"
              label="Your e-mail"
              type="email"
              autoComplete="email"
              error={errors.email}
              registration={register('email', {
                validate: dtoFieldRule(StockAlertRequestDto, 'email', (value: string) => value.trim().toLowerCase()),
              })}
            />
          )}
          <button type="submit" className="btn btn-outline-dark" disabled={isSubmitting || !hydrated}>
            Notify me
          </button>
        </form>
      )}
    </section>
  );
}
