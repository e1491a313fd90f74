import { useProductFit } from '../api/get-product-fit';

/**
 * What the shop learned of the product's fit from its returns and exchanges (docs/returns.md, "The fit loop"):
 * nothing until five fit-related ones, then the server's note word for word.
 */
export function FitNote({ productId }: { productId: string }) {
  const fit = useProductFit(productId);
  if (!fit.data?.note) return null;
  return (
    <p className="alert alert-info py-2 mt-3 mb-0" data-testid="fit-note">
      <span className="fw-semibold">Fit: </span>
      {fit.data.note}
    </p>
  );
}
