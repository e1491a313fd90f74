import {
  DISCOUNT_KINDS,
  type DiscountCodeInput,
  type DiscountKind,
  type ErrorBody,
  formatDollars,
  type PricingAdmin,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
  type WeightBracket,
} from '@store/contract';
import { type BaseSyntheticEvent, type ComponentProps, type ReactNode, useState } from 'react';
import { type FieldError, type FieldValues, type Path, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
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
 * The submit of one "New ..." form: `send` turns the values into the create call (or answers `false` after marking a
 * field itself, sending nothing); on success the form is reset to `next(values)`; the server's refusal goes under
 * the fields it names (`fields`), or is the form's own message (`error`).
 */
function useRuleSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  send: (values: T) => Promise<unknown> | false,
  next?: (values: T) => T,
): { submit: (event?: BaseSyntheticEvent) => Promise<void>; error: string | null } {
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const sent = send(values);
      if (sent === false) return;
      await sent;
      form.reset(next?.(values));
    } catch (cause) {
      setError(showServerError(form, cause, fields));
    }
  });
  return { submit, error };
}

/** One "New ..." form of the screen: its heading, the message that is no field's, its fields and its button. */
function RuleForm({
  title,
  button,
  error,
  onSubmit,
  className,
  children,
}: {
  title: string;
  button: string;
  error: string | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form className={className} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <h3 className="h6">{title}</h3>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {children}
      <div>
        <button type="submit" className="btn btn-success btn-sm">
          {button}
        </button>
      </div>
    </form>
  );
}

/** A text or number input of a rule form (`from`: an HTML input already has a `form` attribute), its error and registration taken from the form by name. */
function RuleField<T extends FieldValues>({
  from: form,
  name,
  ...input
}: { from: UseFormReturn<T>; name: Path<T> } & Omit<ComponentProps<typeof TextField>, 'error' | 'registration'>) {
  return <TextField {...input} error={form.formState.errors[name] as FieldError | undefined} registration={form.register(name)} />;
}

/** A field that is required where the wire takes a number: marks it, and answers false so nothing is sent. */
function requireNumber<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, text: string): boolean {
  if (text.trim() !== '') return true;
  form.setError(name, { type: 'required', message: `${name} is required` });
  return false;
}

/**
 * The table of one kind of rule: `empty` when there is none, else a row each with its cells and, for staff who may
 * edit, a delete button (`deleteLabel`, `onDelete`) in the last column.
 */
function RuleTable<T extends { _id: string }>({
  rules,
  empty,
  columns,
  cells,
  canEdit,
  deleteLabel,
  onDelete,
}: {
  rules: readonly T[];
  empty: string;
  columns: readonly string[];
  cells: (rule: T) => ReactNode;
  canEdit: boolean;
  deleteLabel: (rule: T) => string;
  onDelete: (id: string) => void;
}) {
  if (rules.length === 0) return <p className="text-body-secondary">{empty}</p>;
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {canEdit ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule._id}>
            {cells(rule)}
            {canEdit ? (
              <td>
                <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onDelete(rule._id)}>
                  {deleteLabel(rule)}
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A select of a rule form over `options` (value and label), registered on the form by name, its error under it. */
function RuleSelect<T extends FieldValues>({
  from: form,
  name,
  id,
  label,
  hint,
  choose,
  options,
  multiple,
  size,
}: {
  from: UseFormReturn<T>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  /** The first option's text, with the value '' ("nothing chosen yet"). */
  choose?: string;
  options: readonly { value: string; label: string }[];
  multiple?: boolean;
  size?: number;
}) {
  return (
    <Field id={id} label={label} error={form.formState.errors[name] as FieldError | undefined} hint={hint}>
      <select id={id} className="form-select" multiple={multiple} size={size} {...form.register(name)}>
        {choose !== undefined ? <option value="">{choose}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const COUNTRY_OPTIONS = SHIPPING_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

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
  /** `flat`: one price; `weight`: the brackets' prices by the cart's weight. */
  pricedBy: 'flat' | 'weight';
  price: string;
  freeOver: string;
  /** Brackets as typed: `500=4, 2000=7.50` (up to 500 g: $4.00; up to 2000 g: $7.50). */
  brackets: string;
}

/** The brackets field's text as the wire's brackets; undefined when a part is not `grams=dollars`. */
function parseBrackets(text: string): WeightBracket[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const brackets = parts.map((part) => /^(\d+)\s*=\s*(\d+(?:\.\d{1,2})?)$/.exec(part));
  if (brackets.length === 0 || brackets.some((match) => match === null)) return undefined;
  return brackets.map((match) => ({ upTo: Number(match![1]), price: Number(match![2]) }));
}

function ShippingZones({ pricing, canEdit }: { pricing: PricingAdmin; canEdit: boolean }) {
  const { mutateAsync: createZone } = useCreateShippingZone();
  const { mutateAsync: createMethod } = useCreateShippingMethod();
  const { mutate: deleteZone } = useDeleteShippingZone();
  const { mutate: deleteMethod } = useDeleteShippingMethod();
  const zoneForm = useForm<ZoneValues>({ defaultValues: { name: '', countries: [] } });
  const methodForm = useForm<MethodValues>({
    defaultValues: { zone: '', name: '', pricedBy: 'flat', price: '', freeOver: '', brackets: '' },
  });
  const pricedBy = useWatch({ control: methodForm.control, name: 'pricedBy' });
  const addZone = useRuleSubmit(zoneForm, ['name', 'countries'], (values) =>
    createZone({ name: values.name, countries: values.countries }),
  );
  const addMethod = useRuleSubmit(
    methodForm,
    ['zone', 'name', 'price', 'freeOver', 'brackets'],
    (values) => {
      const common = { zone: values.zone, name: values.name, freeOver: optionalNumber(values.freeOver) };
      if (values.pricedBy === 'flat')
        return requireNumber(methodForm, 'price', values.price) && createMethod({ ...common, price: Number(values.price) });
      const weightBrackets = parseBrackets(values.brackets);
      if (!weightBrackets) {
        methodForm.setError('brackets', {
          type: 'format',
          message: 'Write each bracket as grams=price, separated by commas: 500=4, 2000=7.50',
        });
        return false;
      }
      return createMethod({ ...common, weightBrackets });
    },
    // The next method most likely goes to the same zone.
    (values) => ({ zone: values.zone, name: '', pricedBy: values.pricedBy, price: '', freeOver: '', brackets: '' }),
  );

  return (
    <Panel id="pricing-shipping" title="Shipping zones and methods">
      <div className="card-body">
        <RuleTable
          rules={pricing.zones}
          empty="No shipping zones: the checkout charges no shipping and asks for no method."
          columns={['Zone', 'Countries', 'Methods']}
          canEdit={canEdit}
          deleteLabel={(zone) => `Delete zone ${zone.name}`}
          onDelete={deleteZone}
          cells={(zone) => (
            <>
              <td>{zone.name}</td>
              <td>{zone.countries.map(countryName).join(', ')}</td>
              <td>
                {zone.methods.length === 0 ? <span className="text-body-secondary">none yet</span> : null}
                <ul className="list-unstyled mb-0">
                  {zone.methods.map((method) => (
                    <li key={method._id}>
                      {method.name}:{' '}
                      {method.weightBrackets
                        ? method.weightBrackets.map((b) => `${formatDollars(b.price)} up to ${b.upTo} g`).join(', ')
                        : formatDollars(method.price)}
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
            </>
          )}
        />
        {canEdit ? (
          <div className="row g-4">
            <RuleForm className="col-md-6" title="New shipping zone" button="Create zone" error={addZone.error} onSubmit={addZone.submit}>
              <RuleField from={zoneForm} name="name" id="zone-name" label="Zone name" type="text" required />
              <RuleSelect
                from={zoneForm}
                name="countries"
                id="zone-countries"
                label="Countries"
                hint="Hold Ctrl or Cmd to choose several"
                options={COUNTRY_OPTIONS}
                multiple
                size={6}
              />
            </RuleForm>
            <RuleForm
              className="col-md-6"
              title="New shipping method"
              button="Create method"
              error={addMethod.error}
              onSubmit={addMethod.submit}
            >
              <RuleSelect
                from={methodForm}
                name="zone"
                id="method-zone"
                label="Zone"
                choose="Choose a zone"
                options={pricing.zones.map((zone) => ({ value: zone._id, label: zone.name }))}
              />
              <RuleField from={methodForm} name="name" id="method-name" label="Method name" type="text" />
              <RuleSelect
                from={methodForm}
                name="pricedBy"
                id="method-priced-by"
                label="Priced"
                options={[
                  { value: 'flat', label: 'One price' },
                  { value: 'weight', label: "By the cart's weight" },
                ]}
              />
              {pricedBy === 'flat' ? (
                <RuleField from={methodForm} name="price" id="method-price" label="Price ($)" type="number" step="0.01" min="0" />
              ) : (
                <RuleField
                  from={methodForm}
                  name="brackets"
                  id="method-brackets"
                  label="Weight brackets (grams=price)"
                  type="text"
                  placeholder="500=4, 2000=7.50"
                  hint="Up to each weight in grams, that price; a heavier cart is not offered this method. An item weighs its variant's weight, else its product's; without either, nothing."
                />
              )}
              <RuleField
                from={methodForm}
                name="freeOver"
                id="method-free-over"
                label="Free over ($, optional)"
                type="number"
                step="0.01"
                min="0"
              />
            </RuleForm>
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
  const form = useForm<RateValues>({ defaultValues: { country: '', region: '', name: '', rate: '' } });
  const add = useRuleSubmit(
    form,
    ['country', 'region', 'name', 'rate'],
    (values) =>
      requireNumber(form, 'rate', values.rate) &&
      createRate({
        country: values.country as ShippingCountry,
        ...(values.region.trim() ? { region: values.region.trim() } : {}),
        name: values.name,
        rate: Number(values.rate),
      }),
  );
  return (
    <Panel id="pricing-tax" title="Tax rates">
      <div className="card-body">
        <RuleTable
          rules={pricing.taxRates}
          empty="No tax rates: the checkout adds no tax."
          columns={['Country', 'Region', 'Name', 'Rate']}
          canEdit={canEdit}
          deleteLabel={(rate) => `Delete ${rate.name}`}
          onDelete={deleteRate}
          cells={(rate) => (
            <>
              <td>{countryName(rate.country)}</td>
              <td>{rate.region || 'all'}</td>
              <td>{rate.name}</td>
              <td>{rate.rate}%</td>
            </>
          )}
        />
        {canEdit ? (
          <RuleForm className="row g-2" title="New tax rate" button="Create tax rate" error={add.error} onSubmit={add.submit}>
            <div className="col-md-3">
              <RuleSelect
                from={form}
                name="country"
                id="rate-country"
                label="Country"
                choose="Choose a country"
                options={COUNTRY_OPTIONS}
              />
            </div>
            <div className="col-md-2">
              <RuleField from={form} name="region" id="rate-region" label="Region (optional)" type="text" />
            </div>
            <div className="col-md-4">
              <RuleField from={form} name="name" id="rate-name" label="Tax name" type="text" />
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="rate" id="rate-rate" label="Rate (%)" type="number" step="0.001" min="0" />
            </div>
          </RuleForm>
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
  const toInput = (values: CodeValues): DiscountCodeInput => ({
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
  });
  const add = useRuleSubmit(
    form,
    ['code', 'kind', 'value', 'validFrom', 'validUntil', 'minSubtotal', 'categories', 'maxUses', 'maxUsesPerCustomer'],
    (values) => (values.kind === 'free-shipping' || requireNumber(form, 'value', values.value)) && createCode(toInput(values)),
  );
  return (
    <Panel id="pricing-codes" title="Discount codes">
      <div className="card-body">
        <RuleTable
          rules={pricing.discountCodes}
          empty="No discount codes."
          columns={['Code', 'Discount', 'Valid', 'Conditions', 'Uses', 'Given']}
          canEdit={canEdit}
          deleteLabel={(code) => `Delete ${code.code}`}
          onDelete={deleteCode}
          cells={(code) => (
            <>
              <td className="font-monospace">{code.code}</td>
              <td>{code.kind === 'percentage' ? `${code.value}%` : code.kind === 'fixed' ? formatDollars(code.value) : 'Free shipping'}</td>
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
            </>
          )}
        />
        {canEdit ? (
          <RuleForm className="row g-2" title="New discount code" button="Create code" error={add.error} onSubmit={add.submit}>
            <div className="col-md-4">
              <RuleField from={form} name="code" id="code-code" label="Code" type="text" />
            </div>
            <div className="col-md-4">
              <RuleSelect
                from={form}
                name="kind"
                id="code-kind"
                label="Kind"
                options={DISCOUNT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
              />
            </div>
            <div className="col-md-4">
              {kind !== 'free-shipping' ? (
                <RuleField
                  from={form}
                  name="value"
                  id="code-value"
                  label={kind === 'percentage' ? 'Percent off' : 'Amount off ($)'}
                  type="number"
                  step="0.01"
                  min="0"
                />
              ) : null}
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="validFrom" id="code-from" label="Valid from" type="date" />
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="validUntil" id="code-until" label="Valid until" type="date" />
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="minSubtotal" id="code-min" label="Minimum subtotal ($)" type="number" step="0.01" min="0" />
            </div>
            <div className="col-md-3">
              <RuleSelect
                from={form}
                name="categories"
                id="code-categories"
                label="Only these categories"
                options={categories.map((category) => ({ value: category._id, label: category.name }))}
                multiple
                size={3}
              />
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="maxUses" id="code-max" label="Total uses" type="number" min="1" />
            </div>
            <div className="col-md-3">
              <RuleField from={form} name="maxUsesPerCustomer" id="code-max-customer" label="Uses per customer" type="number" min="1" />
            </div>
          </RuleForm>
        ) : null}
      </div>
    </Panel>
  );
}
