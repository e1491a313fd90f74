import {
  DISCOUNT_KINDS,
  type DiscountCodeInput,
  type DiscountKind,
  type ErrorBody,
  formatDollars,
  type PricingAdmin,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
} from '@store/contract';
import { useState } from 'react';
import { type FieldValues, type Path, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Field, TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { useCategories } from '@/api/categories/list-categories';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useCreateShippingMethod } from '../api/create-shipping-method';
import { useCreateShippingZone } from '../api/create-shipping-zone';
import { useCreateTaxRate } from '../api/create-tax-rate';
import { useDeleteDiscountCode } from '../api/delete-discount-code';
import { useDeleteShippingMethod } from '../api/delete-shipping-method';
import { useDeleteShippingZone } from '../api/delete-shipping-zone';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { usePricing } from '../api/get-pricing';
import { useSavePricingSettings } from '../api/save-pricing-settings';
import { Panel } from './panel';

const KIND_LABELS: Record<DiscountKind, string> = { percentage: 'Percentage', fixed: 'Fixed amount', 'free-shipping': 'Free shipping' };
const countryName = (code: string) => SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code;
/** A number field's text as the wire wants it: '' is "not set". */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * Puts the server's refusal where it belongs: a field it names shows the message under that field, anything else
 * is the form's own message. Answers the message that is not a field's, if any.
 */
function showServerError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[]): string | null {
  const details = error instanceof ApiError ? (error.body as Partial<ErrorBody> | undefined)?.details : undefined;
  let placed = false;
  for (const detail of details ?? []) {
    const field = fields.find((name) => name === detail.field);
    if (field) {
      form.setError(field, { type: 'server', message: detail.message });
      placed = true;
    }
  }
  return placed ? null : errorMessage(error);
}

/**
 * The admin's Pricing screen (docs/pricing.md): whether prices include tax, shipping zones and their methods, tax
 * rates, and discount codes with how often they were used. Read-only staff see it without the forms.
 */
export function PricingRules() {
  const { data, error, isLoading } = usePricing();
  const { canEdit } = useStaffPermissions();
  if (isLoading) return <Spinner label="Loading pricing..." />;
  if (error || !data) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return (
    <div className="d-grid gap-4">
      <TaxSetting pricing={data} canEdit={canEdit} />
      <ShippingZones pricing={data} canEdit={canEdit} />
      <TaxRates pricing={data} canEdit={canEdit} />
      <DiscountCodes pricing={data} canEdit={canEdit} />
    </div>
  );
}

function TaxSetting({ pricing, canEdit }: { pricing: PricingAdmin; canEdit: boolean }) {
  const { mutateAsync: save } = useSavePricingSettings();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<{ pricesIncludeTax: boolean }>({ values: { pricesIncludeTax: pricing.settings.pricesIncludeTax } });
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await save({ pricesIncludeTax: values.pricesIncludeTax });
      setMessage('Saved');
    } catch (error) {
      setMessage(errorMessage(error));
    }
  });
  return (
    <Panel id="pricing-tax-setting" title="Prices and tax">
      <form className="card-body" onSubmit={submit} aria-label="Prices and tax">
        <div className="form-check mb-2">
          <input
            className="form-check-input"
            type="checkbox"
            id="prices-include-tax"
            disabled={!canEdit}
            {...form.register('pricesIncludeTax')}
          />
          <label className="form-check-label" htmlFor="prices-include-tax">
            Prices include tax (an EU shop: the checkout shows &quot;incl. VAT&quot;; otherwise tax is added at checkout)
          </label>
        </div>
        {canEdit ? (
          <button type="submit" className="btn btn-success btn-sm" disabled={form.formState.isSubmitting}>
            Save
          </button>
        ) : null}
        {message ? <span className="ms-2 small">{message}</span> : null}
      </form>
    </Panel>
  );
}

interface ZoneValues {
  name: string;
  countries: ShippingCountry[];
}
interface MethodValues {
  zone: string;
  name: string;
  price: string;
  freeOver: string;
}

function ShippingZones({ pricing, canEdit }: { pricing: PricingAdmin; canEdit: boolean }) {
  const { mutateAsync: createZone } = useCreateShippingZone();
  const { mutateAsync: createMethod } = useCreateShippingMethod();
  const { mutate: deleteZone } = useDeleteShippingZone();
  const { mutate: deleteMethod } = useDeleteShippingMethod();
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const zoneForm = useForm<ZoneValues>({ defaultValues: { name: '', countries: [] } });
  const methodForm = useForm<MethodValues>({ defaultValues: { zone: '', name: '', price: '', freeOver: '' } });

  const addZone = zoneForm.handleSubmit(async (values) => {
    setZoneError(null);
    try {
      await createZone({ name: values.name, countries: values.countries });
      zoneForm.reset();
    } catch (error) {
      setZoneError(showServerError(zoneForm, error, ['name', 'countries']));
    }
  });
  const addMethod = methodForm.handleSubmit(async (values) => {
    setMethodError(null);
    if (values.price.trim() === '') return methodForm.setError('price', { type: 'required', message: 'price is required' });
    try {
      await createMethod({ zone: values.zone, name: values.name, price: Number(values.price), freeOver: optionalNumber(values.freeOver) });
      methodForm.reset({ zone: values.zone, name: '', price: '', freeOver: '' });
    } catch (error) {
      setMethodError(showServerError(methodForm, error, ['zone', 'name', 'price', 'freeOver']));
    }
  });

  return (
    <Panel id="pricing-shipping" title="Shipping zones and methods">
      <div className="card-body">
        {pricing.zones.length === 0 ? (
          <p className="text-body-secondary">No shipping zones: the checkout charges no shipping and asks for no method.</p>
        ) : (
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Countries</th>
                <th scope="col">Methods</th>
                {canEdit ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {pricing.zones.map((zone) => (
                <tr key={zone._id}>
                  <td>{zone.name}</td>
                  <td>{zone.countries.map(countryName).join(', ')}</td>
                  <td>
                    {zone.methods.length === 0 ? <span className="text-body-secondary">none yet</span> : null}
                    <ul className="list-unstyled mb-0">
                      {zone.methods.map((method) => (
                        <li key={method._id}>
                          {method.name}: {formatDollars(method.price)}
                          {method.freeOver !== null ? `, free over ${formatDollars(method.freeOver)}` : ''}
                          {canEdit ? (
                            <button type="button" className="btn btn-link btn-sm py-0" onClick={() => deleteMethod(method._id)}>
                              Delete {method.name}
                            </button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </td>
                  {canEdit ? (
                    <td>
                      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleteZone(zone._id)}>
                        Delete zone {zone.name}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canEdit ? (
          <div className="row g-4">
            <form className="col-md-6" onSubmit={addZone} noValidate aria-label="New shipping zone">
              <h3 className="h6">New zone</h3>
              {zoneError ? <Alert variant="danger">{zoneError}</Alert> : null}
              <TextField
                id="zone-name"
                label="Zone name"
                type="text"
                required
                error={zoneForm.formState.errors.name}
                registration={zoneForm.register('name')}
              />
              <Field
                id="zone-countries"
                label="Countries"
                error={zoneForm.formState.errors.countries as never}
                hint="Hold Ctrl or Cmd to choose several"
              >
                <select id="zone-countries" className="form-select" multiple size={6} {...zoneForm.register('countries')}>
                  {SHIPPING_COUNTRIES.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              </Field>
              <button type="submit" className="btn btn-success btn-sm">
                Create zone
              </button>
            </form>
            <form className="col-md-6" onSubmit={addMethod} noValidate aria-label="New shipping method">
              <h3 className="h6">New method</h3>
              {methodError ? <Alert variant="danger">{methodError}</Alert> : null}
              <Field id="method-zone" label="Zone" error={methodForm.formState.errors.zone}>
                <select id="method-zone" className="form-select" {...methodForm.register('zone')}>
                  <option value="">Choose a zone</option>
                  {pricing.zones.map((zone) => (
                    <option key={zone._id} value={zone._id}>
                      {zone.name}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                id="method-name"
                label="Method name"
                type="text"
                error={methodForm.formState.errors.name}
                registration={methodForm.register('name')}
              />
              <TextField
                id="method-price"
                label="Price ($)"
                type="number"
                step="0.01"
                min="0"
                error={methodForm.formState.errors.price}
                registration={methodForm.register('price')}
              />
              <TextField
                id="method-free-over"
                label="Free over ($, optional)"
                type="number"
                step="0.01"
                min="0"
                error={methodForm.formState.errors.freeOver}
                registration={methodForm.register('freeOver')}
              />
              <button type="submit" className="btn btn-success btn-sm">
                Create method
              </button>
            </form>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

interface RateValues {
  country: ShippingCountry | '';
  region: string;
  name: string;
  rate: string;
}

function TaxRates({ pricing, canEdit }: { pricing: PricingAdmin; canEdit: boolean }) {
  const { mutateAsync: createRate } = useCreateTaxRate();
  const { mutate: deleteRate } = useDeleteTaxRate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RateValues>({ defaultValues: { country: '', region: '', name: '', rate: '' } });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.rate.trim() === '') return form.setError('rate', { type: 'required', message: 'rate is required' });
    try {
      await createRate({
        country: values.country as ShippingCountry,
        ...(values.region.trim() ? { region: values.region.trim() } : {}),
        name: values.name,
        rate: Number(values.rate),
      });
      form.reset();
    } catch (error) {
      setFormError(showServerError(form, error, ['country', 'region', 'name', 'rate']));
    }
  });
  return (
    <Panel id="pricing-tax" title="Tax rates">
      <div className="card-body">
        {pricing.taxRates.length === 0 ? (
          <p className="text-body-secondary">No tax rates: the checkout adds no tax.</p>
        ) : (
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Region</th>
                <th scope="col">Name</th>
                <th scope="col">Rate</th>
                {canEdit ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {pricing.taxRates.map((rate) => (
                <tr key={rate._id}>
                  <td>{countryName(rate.country)}</td>
                  <td>{rate.region || 'all'}</td>
                  <td>{rate.name}</td>
                  <td>{rate.rate}%</td>
                  {canEdit ? (
                    <td>
                      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleteRate(rate._id)}>
                        Delete {rate.name}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canEdit ? (
          <form onSubmit={submit} noValidate aria-label="New tax rate" className="row g-2">
            <h3 className="h6">New tax rate</h3>
            {formError ? <Alert variant="danger">{formError}</Alert> : null}
            <div className="col-md-3">
              <Field id="rate-country" label="Country" error={form.formState.errors.country}>
                <select id="rate-country" className="form-select" {...form.register('country')}>
                  <option value="">Choose a country</option>
                  {SHIPPING_COUNTRIES.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-md-2">
              <TextField
                id="rate-region"
                label="Region (optional)"
                type="text"
                error={form.formState.errors.region}
                registration={form.register('region')}
              />
            </div>
            <div className="col-md-4">
              <TextField
                id="rate-name"
                label="Tax name"
                type="text"
                error={form.formState.errors.name}
                registration={form.register('name')}
              />
            </div>
            <div className="col-md-3">
              <TextField
                id="rate-rate"
                label="Rate (%)"
                type="number"
                step="0.001"
                min="0"
                error={form.formState.errors.rate}
                registration={form.register('rate')}
              />
            </div>
            <div>
              <button type="submit" className="btn btn-success btn-sm">
                Create tax rate
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </Panel>
  );
}

interface CodeValues {
  code: string;
  kind: DiscountKind;
  value: string;
  validFrom: string;
  validUntil: string;
  minSubtotal: string;
  categories: string[];
  maxUses: string;
  maxUsesPerCustomer: string;
}

function DiscountCodes({ pricing, canEdit }: { pricing: PricingAdmin; canEdit: boolean }) {
  const { mutateAsync: createCode } = useCreateDiscountCode();
  const { mutate: deleteCode } = useDeleteDiscountCode();
  const categories = useCategories().data ?? [];
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    defaultValues: {
      code: '',
      kind: 'percentage',
      value: '',
      validFrom: '',
      validUntil: '',
      minSubtotal: '',
      categories: [],
      maxUses: '',
      maxUsesPerCustomer: '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.kind !== 'free-shipping' && values.value.trim() === '')
      return form.setError('value', { type: 'required', message: 'value is required' });
    const input: DiscountCodeInput = {
      code: values.code,
      kind: values.kind,
      value: values.kind === 'free-shipping' ? 0 : Number(values.value),
      // Dates are the start of the day (from) and the end of it (until), in UTC.
      validFrom: values.validFrom ? `${values.validFrom}T00:00:00.000Z` : null,
      validUntil: values.validUntil ? `${values.validUntil}T23:59:59.999Z` : null,
      minSubtotal: optionalNumber(values.minSubtotal),
      categories: values.categories,
      maxUses: optionalNumber(values.maxUses),
      maxUsesPerCustomer: optionalNumber(values.maxUsesPerCustomer),
    };
    try {
      await createCode(input);
      form.reset();
    } catch (error) {
      setFormError(
        showServerError(form, error, [
          'code',
          'kind',
          'value',
          'validFrom',
          'validUntil',
          'minSubtotal',
          'categories',
          'maxUses',
          'maxUsesPerCustomer',
        ]),
      );
    }
  });
  return (
    <Panel id="pricing-codes" title="Discount codes">
      <div className="card-body">
        {pricing.discountCodes.length === 0 ? (
          <p className="text-body-secondary">No discount codes.</p>
        ) : (
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Conditions</th>
                <th scope="col">Uses</th>
                <th scope="col">Given</th>
                {canEdit ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {pricing.discountCodes.map((code) => (
                <tr key={code._id}>
                  <td className="font-monospace">{code.code}</td>
                  <td>
                    {code.kind === 'percentage' ? `${code.value}%` : code.kind === 'fixed' ? formatDollars(code.value) : 'Free shipping'}
                  </td>
                  <td className="small">
                    {code.validFrom ? `from ${code.validFrom.slice(0, 10)} ` : ''}
                    {code.validUntil ? `until ${code.validUntil.slice(0, 10)}` : ''}
                    {!code.validFrom && !code.validUntil ? 'always' : ''}
                  </td>
                  <td className="small">
                    {[
                      code.minSubtotal !== null ? `subtotal ≥ ${formatDollars(code.minSubtotal)}` : '',
                      code.categories.length > 0
                        ? `categories: ${code.categories.map((id) => categories.find((c) => c._id === id)?.name ?? id.slice(0, 8)).join(', ')}`
                        : '',
                      code.products.length > 0 ? `${code.products.length} products` : '',
                      code.maxUsesPerCustomer !== null ? `${code.maxUsesPerCustomer} per customer` : '',
                    ]
                      .filter(Boolean)
                      .join('; ') || 'none'}
                  </td>
                  <td data-testid={`code-uses-${code.code}`}>
                    {code.uses}
                    {code.maxUses !== null ? ` of ${code.maxUses}` : ''}
                  </td>
                  <td>{formatDollars(code.discountGiven)}</td>
                  {canEdit ? (
                    <td>
                      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => deleteCode(code._id)}>
                        Delete {code.code}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canEdit ? (
          <form onSubmit={submit} noValidate aria-label="New discount code" className="row g-2">
            <h3 className="h6">New discount code</h3>
            {formError ? <Alert variant="danger">{formError}</Alert> : null}
            <div className="col-md-4">
              <TextField id="code-code" label="Code" type="text" error={form.formState.errors.code} registration={form.register('code')} />
            </div>
            <div className="col-md-4">
              <Field id="code-kind" label="Kind" error={form.formState.errors.kind}>
                <select id="code-kind" className="form-select" {...form.register('kind')}>
                  {DISCOUNT_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {KIND_LABELS[value]}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-md-4">
              {kind !== 'free-shipping' ? (
                <TextField
                  id="code-value"
                  label={kind === 'percentage' ? 'Percent off' : 'Amount off ($)'}
                  type="number"
                  step="0.01"
                  min="0"
                  error={form.formState.errors.value}
                  registration={form.register('value')}
                />
              ) : null}
            </div>
            <div className="col-md-3">
              <TextField
                id="code-from"
                label="Valid from"
                type="date"
                error={form.formState.errors.validFrom}
                registration={form.register('validFrom')}
              />
            </div>
            <div className="col-md-3">
              <TextField
                id="code-until"
                label="Valid until"
                type="date"
                error={form.formState.errors.validUntil}
                registration={form.register('validUntil')}
              />
            </div>
            <div className="col-md-3">
              <TextField
                id="code-min"
                label="Minimum subtotal ($)"
                type="number"
                step="0.01"
                min="0"
                error={form.formState.errors.minSubtotal}
                registration={form.register('minSubtotal')}
              />
            </div>
            <div className="col-md-3">
              <Field id="code-categories" label="Only these categories" error={form.formState.errors.categories as never}>
                <select id="code-categories" className="form-select" multiple size={3} {...form.register('categories')}>
                  {categories.map((category) => (
                    <option key={category._id} value={category._id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div className="col-md-3">
              <TextField
                id="code-max"
                label="Total uses"
                type="number"
                min="1"
                error={form.formState.errors.maxUses}
                registration={form.register('maxUses')}
              />
            </div>
            <div className="col-md-3">
              <TextField
                id="code-max-customer"
                label="Uses per customer"
                type="number"
                min="1"
                error={form.formState.errors.maxUsesPerCustomer}
                registration={form.register('maxUsesPerCustomer')}
              />
            </div>
            <div>
              <button type="submit" className="btn btn-success btn-sm">
                Create code
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </Panel>
  );
}
