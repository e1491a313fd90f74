import { ApiRoute, apiPath, type PricingAdmin, type Session } from '@store/contract';
import type { Locator, Page } from 'playwright-core';
import { call } from './api';
import { pathOf, shown } from './browser';
import { shopWithAdmin } from './catalogue';

/** An admin route of `admin`'s, with the route's other parameters. */
export const adminPath = (admin: Session, route: string, params: Record<string, string> = {}): string =>
  apiPath(route, { ...params, userId: admin.user._id } as never);

/** The shop's pricing rules as the admin's Pricing screen reads them. */
export async function pricingRules(admin: Session): Promise<PricingAdmin> {
  return (await call<PricingAdmin>('GET', adminPath(admin, ApiRoute.pricingAdmin), { token: admin.token })).body;
}

/**
 * Leaves the shop as the other browser specs expect it (they share one store): no shipping zones, tax rates or
 * discount codes, prices excluding tax.
 */
export async function removePricingRules(admin: Session): Promise<void> {
  const rules = await pricingRules(admin);
  for (const zone of rules.zones)
    await call('DELETE', adminPath(admin, ApiRoute.shippingZoneDelete, { zoneId: zone._id }), { token: admin.token });
  for (const rate of rules.taxRates)
    await call('DELETE', adminPath(admin, ApiRoute.taxRateDelete, { rateId: rate._id }), { token: admin.token });
  for (const each of rules.discountCodes)
    await call('DELETE', adminPath(admin, ApiRoute.discountCodeDelete, { codeId: each._id }), { token: admin.token });
  await call('PUT', adminPath(admin, ApiRoute.pricingSettings), { token: admin.token, json: { pricesIncludeTax: false } });
}

/**
 * The set-up of a spec that prices the shop: {@link shopWithAdmin}'s browser, page and admin, and at its end every
 * pricing rule removed again ({@link removePricingRules}).
 */
export function shopToPrice(): ReturnType<typeof shopWithAdmin> {
  const state = shopWithAdmin();
  afterAll(async () => {
    if (state.admin) await removePricingRules(state.admin);
  });
  return state;
}

/**
 * Pays the checkout on screen with the test gateway's approved card, expecting `total` (as shown, `$12.34`), then
 * opens the order's confirmation, whose total must be the same; answers the order's id.
 */
export async function buyAndOpenConfirmation(page: Page, total: string): Promise<string> {
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Buy' }).click();
  await shown(page.getByText(`Thank you! Your payment of ${total} was successful.`));
  await page.getByRole('link', { name: 'view your order confirmation' }).click();
  await page.waitForURL('**/order/*/confirmation');
  const orderId = /\/order\/([0-9a-f-]{36})\/confirmation$/.exec(await pathOf(page))![1];
  expect(await page.getByTestId('order-total').innerText()).toBe(total);
  return orderId;
}

/** Creates a shipping zone of `countries` (their names) on the Pricing screen; answers the zones' region once it shows. */
export async function createZoneOnScreen(page: Page, name: string, countries: string[]): Promise<Locator> {
  const zoneForm = page.getByRole('form', { name: 'New shipping zone' });
  await zoneForm.getByLabel('Zone name').fill(name);
  await zoneForm.getByLabel('Countries').selectOption(countries.map((label) => ({ label })));
  await zoneForm.getByRole('button', { name: 'Create zone' }).click();
  const zones = page.getByRole('region', { name: 'Shipping zones and methods' });
  await shown(zones.getByRole('cell', { name, exact: true }));
  return zones;
}
