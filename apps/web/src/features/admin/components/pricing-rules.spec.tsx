import { ApiRoute, type PricingAdmin, StaffRole } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { PricingRules } from './pricing-rules';

const ZONE = '11111111-1111-4111-8111-111111111111';
const screenWith = (overrides: Partial<PricingAdmin> = {}): PricingAdmin => ({
  settings: { pricesIncludeTax: false },
  zones: [
    {
      _id: ZONE,
      name: 'Americas',
      countries: ['US', 'CA'],
      methods: [{ _id: 'm1', zone: ZONE, name: 'Standard', price: 5, freeOver: 100 }],
    },
  ],
  taxRates: [{ _id: 't1', country: 'US', region: '', name: 'Sales tax', rate: 5 }],
  discountCodes: [
    {
      _id: 'c1',
      code: 'SAVE10',
      kind: 'percentage',
      value: 10,
      validFrom: null,
      validUntil: '2026-12-31T23:59:59.999Z',
      minSubtotal: 20,
      categories: [],
      products: [],
      maxUses: 5,
      maxUsesPerCustomer: 1,
      uses: 3,
      discountGiven: 12.5,
    },
  ],
  ...overrides,
});

describe('the Pricing screen', () => {
  beforeEach(() => saveSession(admin));

  it('shows zones with their methods, tax rates and codes with their usage', async () => {
    installFakeApi().on('GET', ApiRoute.pricingAdmin, { body: screenWith() }).on('GET', ApiRoute.categories, { body: [] });
    renderWithProviders(<PricingRules />);
    const zones = await screen.findByRole('region', { name: 'Shipping zones and methods' });
    expect(within(zones).getByText('United States, Canada')).toBeInTheDocument();
    expect(within(zones).getByText(/Standard: \$5\.00, free over \$100\.00/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tax rates' })).getByText('5%')).toBeInTheDocument();
    const codes = screen.getByRole('region', { name: 'Discount codes' });
    expect(within(codes).getByTestId('code-uses-SAVE10')).toHaveTextContent('3 of 5');
    expect(within(codes).getByText('$12.50')).toBeInTheDocument();
    expect(within(codes).getByText(/subtotal ≥ \$20\.00; 1 per customer/)).toBeInTheDocument();
  });

  it("creates a code and shows the server's refusal under the field it names", async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.pricingAdmin, { body: screenWith() })
      .on('GET', ApiRoute.categories, { body: [] })
      .on('POST', ApiRoute.discountCodeCreate, {
        status: 409,
        body: { error: 'The code SAVE10 already exists', code: 'CONFLICT', details: [{ field: 'code', message: 'already exists' }] },
      });
    renderWithProviders(<PricingRules />);
    const form = await screen.findByRole('form', { name: 'New discount code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'save10');
    await userEvent.type(within(form).getByLabelText('Percent off'), '15');
    await userEvent.type(within(form).getByLabelText('Total uses'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('already exists')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.discountCodeCreate)[0].json).toEqual({
      code: 'save10',
      kind: 'percentage',
      value: 15,
      validFrom: null,
      validUntil: null,
      minSubtotal: null,
      categories: [],
      maxUses: 100,
      maxUsesPerCustomer: null,
    });
  });

  it('shows read-only staff the rules without any form', async () => {
    saveSession({ ...admin, user: { ...admin.user, staffRole: StaffRole.ReadOnly } });
    installFakeApi().on('GET', ApiRoute.pricingAdmin, { body: screenWith() }).on('GET', ApiRoute.categories, { body: [] });
    renderWithProviders(<PricingRules />);
    await screen.findByRole('region', { name: 'Discount codes' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New discount code' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('creates a method (keeping its zone for the next) and a tax rate, each form marking its own required number', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.pricingAdmin, { body: screenWith() })
      .on('POST', ApiRoute.shippingMethodCreate, { status: 201, body: screenWith() })
      .on('POST', ApiRoute.taxRateCreate, () => {
        const message = 'A tax rate for United States is already set';
        return { status: 409, body: { error: message, code: 'CONFLICT' } };
      });
    renderWithProviders(<PricingRules />);
    const method = await screen.findByRole('form', { name: 'New shipping method' });
    await userEvent.selectOptions(within(method).getByLabelText('Zone'), 'Americas');
    await userEvent.type(within(method).getByLabelText('Method name'), 'Express');
    await userEvent.click(within(method).getByRole('button', { name: 'Create method' }));
    expect(await within(method).findByText('price is required')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.shippingMethodCreate)).toHaveLength(0);
    await userEvent.type(within(method).getByLabelText('Price ($)'), '15');
    await userEvent.click(within(method).getByRole('button', { name: 'Create method' }));
    await waitFor(() => expect(api.calls('POST', ApiRoute.shippingMethodCreate)).toHaveLength(1));
    expect(api.calls('POST', ApiRoute.shippingMethodCreate)[0].json).toEqual({ zone: ZONE, name: 'Express', price: 15, freeOver: null });
    await waitFor(() => expect(within(method).getByLabelText('Method name')).toHaveValue(''));
    expect(within(method).getByLabelText('Zone')).toHaveValue(ZONE);

    const rate = screen.getByRole('form', { name: 'New tax rate' });
    await userEvent.selectOptions(within(rate).getByLabelText('Country'), 'United States');
    await userEvent.type(within(rate).getByLabelText('Tax name'), 'Sales tax');
    await userEvent.type(within(rate).getByLabelText('Rate (%)'), '6');
    await userEvent.click(within(rate).getByRole('button', { name: 'Create tax rate' }));
    // A refusal that names no field is the form's own message; the values stay for the admin to change.
    expect(await within(rate).findByRole('alert')).toHaveTextContent('A tax rate for United States is already set');
    expect(within(rate).getByLabelText('Tax name')).toHaveValue('Sales tax');
  });

  it('creates a method priced by weight brackets and lists its brackets', async () => {
    const withPost = screenWith({
      zones: [
        {
          ...screenWith().zones[0],
          methods: [
            {
              _id: 'm2',
              zone: ZONE,
              name: 'Post',
              price: 4,
              freeOver: null,
              weightBrackets: [
                { upTo: 500, price: 4 },
                { upTo: 2000, price: 7.5 },
              ],
            },
          ],
        },
      ],
    });
    let created = false;
    const api = installFakeApi()
      .on('GET', ApiRoute.pricingAdmin, () => ({ body: created ? withPost : screenWith() }))
      .on('POST', ApiRoute.shippingMethodCreate, () => {
        created = true;
        return { status: 201, body: withPost };
      });
    renderWithProviders(<PricingRules />);
    const method = await screen.findByRole('form', { name: 'New shipping method' });
    await userEvent.selectOptions(within(method).getByLabelText('Zone'), 'Americas');
    await userEvent.type(within(method).getByLabelText('Method name'), 'Post');
    await userEvent.selectOptions(within(method).getByLabelText('Priced'), "By the cart's weight");
    expect(within(method).queryByLabelText('Price ($)')).not.toBeInTheDocument();
    await userEvent.type(within(method).getByLabelText('Weight brackets (grams=price)'), '500=4, heavy');
    await userEvent.click(within(method).getByRole('button', { name: 'Create method' }));
    expect(await within(method).findByText(/Write each bracket as grams=price/)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.shippingMethodCreate)).toHaveLength(0);
    await userEvent.clear(within(method).getByLabelText('Weight brackets (grams=price)'));
    await userEvent.type(within(method).getByLabelText('Weight brackets (grams=price)'), '500=4, 2000=7.50');
    await userEvent.click(within(method).getByRole('button', { name: 'Create method' }));
    await waitFor(() => expect(api.calls('POST', ApiRoute.shippingMethodCreate)).toHaveLength(1));
    expect(api.calls('POST', ApiRoute.shippingMethodCreate)[0].json).toEqual({
      zone: ZONE,
      name: 'Post',
      freeOver: null,
      weightBrackets: [
        { upTo: 500, price: 4 },
        { upTo: 2000, price: 7.5 },
      ],
    });
    const zones = screen.getByRole('region', { name: 'Shipping zones and methods' });
    expect(await within(zones).findByText(/Post: \$4\.00 up to 500 g, \$7\.50 up to 2000 g/)).toBeInTheDocument();
  });
});
