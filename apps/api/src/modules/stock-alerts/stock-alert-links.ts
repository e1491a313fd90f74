import type { AlertVariant } from './stock-alerts.repository.js';

/** The web's pages for the mailed links (apps/web/src/lib/paths.ts mounts the same paths). */
export const STOCK_ALERT_PAGES = { confirm: '/stock-alerts/confirm', unsubscribe: '/stock-alerts/unsubscribe' } as const;

/** The product page's link (its variant chosen) and the unsubscribe link of one mail, from PUBLIC_URL only. */
export function links(
  publicUrl: string,
  variant: Pick<AlertVariant, 'productId' | 'variantId'>,
  unsubscribeToken: string,
): { productLink: string; unsubscribeLink: string } {
  return {
    productLink: `${publicUrl}/product/${variant.productId}?variant=${variant.variantId}`,
    unsubscribeLink: `${publicUrl}${STOCK_ALERT_PAGES.unsubscribe}?token=${unsubscribeToken}`,
  };
}
