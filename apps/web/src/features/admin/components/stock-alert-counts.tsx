import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useProductStockAlerts } from '../api/get-product-stock-alerts';

/**
 * Beside the product form: how many shoppers wait for each variant to be back in stock (confirmed alerts not yet
 * mailed), so a restock can start with what is asked for. Each alert is mailed once when its variant has stock.
 */
export function StockAlertCounts({ productId }: { productId: string }) {
  const alerts = useProductStockAlerts(productId);
  if (alerts.error) return <Alert variant="danger">The back-in-stock alerts could not be loaded. {errorMessage(alerts.error)}</Alert>;
  if (!alerts.data) return <Spinner label="Loading back-in-stock alerts..." />;
  const { variants, waiting } = alerts.data;
  return (
    <section className="mt-4" aria-labelledby="stock-alerts-heading">
      <h2 id="stock-alerts-heading" className="h5">
        Back-in-stock alerts
      </h2>
      {waiting === 0 ? (
        <p className="text-body-secondary">Nobody is waiting for this product to be back in stock.</p>
      ) : (
        <table className="table table-sm w-auto">
          <caption className="visually-hidden">Shoppers waiting per variant</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-end">
                In stock
              </th>
              <th scope="col" className="text-end">
                Waiting
              </th>
            </tr>
          </thead>
          <tbody>
            {variants
              .filter((variant) => variant.waiting > 0)
              .map((variant) => (
                <tr key={variant.variantId}>
                  <th scope="row">{variant.label || 'The product'}</th>
                  <td>{variant.sku}</td>
                  <td className="text-end">{variant.stock}</td>
                  <td className="text-end">{variant.waiting}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
