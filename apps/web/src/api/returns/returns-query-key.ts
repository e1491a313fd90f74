/**
 * The root of every query that shows returns and exchanges: an order's (its buyer's page) and the admin's list and
 * reorder suggestions. Every step of a return invalidates it (they are few, and all of them change stock).
 */
export const returnsQueryKey = ['returns'] as const;
