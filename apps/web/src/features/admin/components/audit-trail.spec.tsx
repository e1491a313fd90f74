import { ApiRoute, type AuditEntry } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi, type Reply } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { AuditTrail } from './audit-trail';

const PRODUCT = '33333333-3333-4333-8333-333333333333';
const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  at: `2026-11-22T10:0${n}:00.000Z`,
  actor: { _id: admin.user._id, name: 'Ada Admin', email: 'ada@example.com' },
  action: 'product.update',
  entity: { type: 'product', _id: PRODUCT },
  changes: { price: { before: 24.99, after: 19.99 + n } },
  ...overrides,
});

describe('audit trail', () => {
  beforeEach(() => saveSession(admin));

  it('lists the entries with who, what and the changed fields, and loads the next page by cursor', async () => {
    const api = installFakeApi().on('GET', ApiRoute.audit, ({ query }): Reply =>
      query.get('after') === 'cursor-2'
        ? { body: [entry(1)], headers: { 'X-Total-Count': '3' } }
        : { body: [entry(3), entry(2)], headers: { 'X-Total-Count': '3', 'X-Next-Cursor': 'cursor-2' } },
    );
    renderWithProviders(<AuditTrail />);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('Ada Admin')).toHaveLength(2);
    expect(within(table).getByText(/24\.99 → 22\.99/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const [firstCall, secondCall] = api.calls('GET', ApiRoute.audit);
    expect(firstCall.path).toBe(`/audit/${admin.user._id}`);
    expect(firstCall.headers.authorization).toBe(`Bearer ${admin.token}`);
    expect(Object.fromEntries(secondCall.query)).toEqual({ limit: '25', after: 'cursor-2' });
  });

  it('narrows to one product when its id is clicked, and to one admin from the form', async () => {
    const api = installFakeApi().on('GET', ApiRoute.audit, { body: [entry(1)], headers: { 'X-Total-Count': '1' } });
    renderWithProviders(<AuditTrail />);
    await userEvent.click(await screen.findByRole('button', { name: PRODUCT.slice(0, 8) }));
    await waitFor(() => expect(api.calls('GET', ApiRoute.audit)).toHaveLength(2));
    expect(api.calls('GET', ApiRoute.audit)[1].query.get('entity')).toBe(PRODUCT);
    expect(await screen.findByText('1 entry matching the filter')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Admin id'), 'not-an-id');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Enter a full id')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Admin id'));
    await userEvent.type(screen.getByLabelText('Admin id'), admin.user._id);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.calls('GET', ApiRoute.audit)).toHaveLength(3));
    expect(Object.fromEntries(api.calls('GET', ApiRoute.audit)[2].query)).toEqual({ limit: '25', entity: PRODUCT, actor: admin.user._id });
  });

  it("shows a product's sizes item by item", async () => {
    const sizes = {
      before: null,
      after: [
        { size: 'S', stock: 3 },
        { size: 'M', stock: 2 },
      ],
    };
    installFakeApi().on('GET', ApiRoute.audit, { body: [entry(1, { changes: { sizes } })], headers: { 'X-Total-Count': '1' } });
    renderWithProviders(<AuditTrail />);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(within(table).getByText(/\(none\) → size S, stock 3; size M, stock 2/)).toBeInTheDocument();
  });

  it('shows a refusal', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi().on('GET', ApiRoute.audit, { status: 403, body: { error: 'You are not allowed to do this', code: 'FORBIDDEN' } });
    renderWithProviders(<AuditTrail />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});
