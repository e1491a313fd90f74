/**
 * The one list of server-state keys (TanStack Query). Each resource has a root key, so a write invalidates
 * everything that shows it with one call: a product write refreshes the catalogue grid, the admin list, the
 * product itself and the cart's re-read (all under `products`).
 */
export const queryKeys = {
  products: {
    all: ['products'] as const,
    list: (params: Record<string, unknown>) => ['products', 'list', params] as const,
    detail: (productId: string) => ['products', 'detail', productId] as const,
    /** The cart's re-read of its products' current price and stock. */
    inCart: (productIds: readonly string[]) => ['products', 'cart', [...productIds]] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: () => ['categories', 'list'] as const,
    detail: (categoryId: string) => ['categories', 'detail', categoryId] as const,
  },
  orders: {
    all: ['orders'] as const,
    /** Every buyer's own history (an admin's status change shows there). */
    ofBuyers: ['orders', 'mine'] as const,
    mine: (userId: string) => ['orders', 'mine', userId] as const,
    everyone: (userId: string) => ['orders', 'all', userId] as const,
    overview: (userId: string) => ['orders', 'overview', userId] as const,
    /** The buyer's last shipping address: under `orders`, so a new order (which may change it) refreshes it. */
    lastAddress: (userId: string) => ['orders', 'last-address', userId] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filters: { entity?: string; actor?: string }) => ['audit', 'list', filters] as const,
  },
  payment: {
    clientToken: (userId: string) => ['payment', 'client-token', userId] as const,
  },
};
