/**
 * The root of every query that shows orders: the buyer's history and confirmation, the admin's list and overview,
 * and the buyer's last shipping address (a new order may change it). A payment invalidates it.
 */
export const ordersQueryKey = ['orders'] as const;

/** Under it, what buyers see of their own orders (history and confirmation): an admin's change to an order refreshes it. */
export const buyersOrdersQueryKey = [...ordersQueryKey, 'mine'] as const;
