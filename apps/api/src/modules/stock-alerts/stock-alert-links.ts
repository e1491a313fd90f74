import type { AlertVariant } from './stock-alerts.repository.js';

/** The web's pages for the mailed links (apps/web/src/lib/paths.ts mounts the same paths). */
export const STOCK_ALERT_PAGES = { confirm: '/stock-alerts/confirm', unsubscribe: '/stock-alerts/unsubscribe' } as const;

/**
 * The product page's link, its variant chosen as the page keeps a choice (`?colour=Blue&size=M`: each option's name
 * in lower case, see the web's product route), and the unsubscribe link of one mail; from PUBLIC_URL only.
 */
export function links(
  publicUrl: string,
  variant: Pick<AlertVariant, 'productId' | 'options'>,
  unsubscribeToken: string,
): { productLink: string; unsubscribeLink: string } {
  const choice = new URLSearchParams(variant.options.map(({ name, value }): [string, string] => [name.toLowerCase(), value])).toString();
  return {
    productLink: `${publicUrl}/product/${variant.productId}${choice ? `?${choice}` : ''}`,
    unsubscribeLink: `${publicUrl}${STOCK_ALERT_PAGES.unsubscribe}?token=${unsubscribeToken}`,
  };
}
