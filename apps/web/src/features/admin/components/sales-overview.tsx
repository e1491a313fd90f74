import { formatDollars, type SalesPeriod } from '@store/contract';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSalesOverview } from '../api/get-sales-overview';
import { Panel } from './panel';

const PERIOD_LABELS: Record<SalesPeriod['period'], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/**
 * How the shop is doing: orders and revenue today / 7 / 30 days (UTC) with the revenue's discount, shipping and tax,
 * best sellers, products running low.
 */
export function SalesOverview() {
  const { data, error } = useSalesOverview();
  // The revenue's parts (docs/pricing.md), when the server gives them.
  const split = data?.periods.some((row) => row.discount !== undefined) ?? false;
  return (
    <Panel id="sales-overview" title="Sales Overview" className="mt-4">
      <div className="card-body">
        {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
        {!data && !error ? <Spinner label="Loading the overview..." /> : null}
        {data ? (
          <>
            <table className="table table-sm mb-4" aria-label="Orders and revenue">
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col" className="text-end">
                    Orders
                  </th>
                  <th scope="col" className="text-end">
                    Cancelled
                  </th>
                  <th scope="col" className="text-end">
                    Revenue
                  </th>
                  {split ? (
                    <>
                      <th scope="col" className="text-end">
                        Discount
                      </th>
                      <th scope="col" className="text-end">
                        Shipping
                      </th>
                      <th scope="col" className="text-end">
                        Tax
                      </th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {data.periods.map((row) => (
                  <tr key={row.period}>
                    <th scope="row">{PERIOD_LABELS[row.period]}</th>
                    <td className="text-end">{row.orders}</td>
                    <td className="text-end">{row.cancelled}</td>
                    <td className="text-end">{formatDollars(row.revenue)}</td>
                    {split ? (
                      <>
                        <td className="text-end">{formatDollars(row.discount ?? 0)}</td>
                        <td className="text-end">{formatDollars(row.shipping ?? 0)}</td>
                        <td className="text-end">{formatDollars(row.tax ?? 0)}</td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="row g-3">
              <div className="col-md-6">
                <h3 className="h6">Best sellers</h3>
                {data.bestSellers.length === 0 ? (
                  <p className="small text-body-secondary mb-0">Nothing sold yet.</p>
                ) : (
                  <ol className="small mb-0" aria-label="Best sellers">
                    {data.bestSellers.map((product) => (
                      <li key={product._id}>
                        {product.name}: {product.sold} sold
                      </li>
                    ))}
                  </ol>
                )}
                {data.bestVariants?.some((variant) => variant.options) ? (
                  <>
                    <h3 className="h6 mt-3">Best-selling variants</h3>
                    <ol className="small mb-0" aria-label="Best-selling variants">
                      {data.bestVariants.map((variant) => (
                        <li key={variant.variant}>
                          {variant.name}
                          {variant.options ? ` (${variant.options})` : ''}: {variant.sold} sold
                        </li>
                      ))}
                    </ol>
                  </>
                ) : null}
              </div>
              <div className="col-md-6">
                <h3 className="h6">Low on stock (at most {data.lowStockThreshold})</h3>
                {data.lowStock.length === 0 ? (
                  <p className="small text-body-secondary mb-0">Every product is well stocked.</p>
                ) : (
                  <ul className="small mb-0" aria-label="Low on stock">
                    {data.lowStock.map((product) => (
                      // Per variant: a product's name, and its values when it has options (`Tee (Blue / M)`).
                      <li key={`${product._id}-${product.variant ?? ''}`}>
                        {product.name}
                        {product.options ? ` (${product.options})` : ''}: {product.stock} left
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
