/**
 * The root of every query that shows products: the catalogue grid, the admin list, one product and the cart's re-read.
 * A product write (save, delete, a payment that sold stock) invalidates it, so everything that shows products follows.
 */
export const productsQueryKey = ['products'] as const;
