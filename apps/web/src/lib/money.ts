/** A dollar amount as the shop shows it: `$19.99`. */
export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
