import { formatAmount } from '@store/contract';

/** A dollar amount as the shop shows it: `$19.99` (via cents, libs/contract's money, so float noise never shows). */
export const formatPrice = formatAmount;
