import { formatDollars, type SalesPeriod } from '@store/contract';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSalesOverview } from '../api/get-sales-overview';
import { Panel } from './panel';

const PERIOD_LABELS: Record<SalesPeriod['period'], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/** The table's figures after the period; the revenue's parts (docs/pricing.md) only when the server gives them. */
const FIGURES: Array<{ label: string; cell: (row: SalesPeriod) => string | number; part?: boolean }> = [
  { label: 'Orders', cell: (row) => row.orders },
  { label: 'Cancelled', cell: (row) => row.cancelled },
  { label: 'Revenue', cell: (row) => formatDollars(row.revenue) },
  { label: 'Discount', cell: (row) => formatDollars(row.discount ?? 0), part: true },
  { label: 'Shipping', cell: (row) => formatDollars(row.shipping ?? 0), part: true },
  { label: 'Tax', cell: (row) => formatDollars(row.tax ?? 0), part: true },
];

/**
 * How the shop is doing: orders and revenue today / 7 / 30 days (UTC) with the revenue's discount, shipping and tax,
 * best sellers, products running low.
 */
export function SalesOverview() {
  const { data, error } = useSalesOverview();
  const split = data?.periods.some((row) => row.discount !== undefined) ?? false;
  const figures = FIGURES.filter((figure) => split || !figure.part);
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
                  {figures.map((figure) => (
                    <th key={figure.label} scope="col" className="text-end">
                      {figure.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.periods.map((row) => (
                  <tr key={row.period}>
                    <th scope="row">{PERIOD_LABELS[row.period]}</th>
                    {figures.map((figure) => (
                      <td key={figure.label} className="text-end">
                        {figure.cell(row)}
                      </td>
                    ))}
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
