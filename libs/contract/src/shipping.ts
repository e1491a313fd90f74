/**
 * The countries the shop ships to, as ISO 3166-1 alpha-2 codes with the name a form shows. A fixed list: an
 * address elsewhere is refused (400), because the shop could not deliver it.
 */
export const SHIPPING_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'PT', name: 'Portugal' },
  { code: 'AT', name: 'Austria' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'SE', name: 'Sweden' },
  { code: 'DK', name: 'Denmark' },
  { code: 'NO', name: 'Norway' },
  { code: 'FI', name: 'Finland' },
  { code: 'PL', name: 'Poland' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number]['code'];
export const SHIPPING_COUNTRY_CODES = /* @__PURE__ */ SHIPPING_COUNTRIES.map((country) => country.code) as readonly ShippingCountry[];

/**
 * Where an order ships. Text fields are trimmed, need a visible character and refuse control characters, like every
 * text the store takes; `line2` and `phone` may be left out (or sent empty).
 */
export interface ShippingAddress {
  /** The person to ship to. */
  name: string;
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  country: ShippingCountry;
  phone?: string;
}

/** The address fields in the order a form shows them. */
export const SHIPPING_ADDRESS_FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'postalCode',
  'country',
  'phone',
] as const satisfies readonly (keyof ShippingAddress)[];

export const SHIPPING_NAME_MAX = 100;
export const SHIPPING_LINE_MAX = 100;
export const SHIPPING_CITY_MAX = 64;
/** Letters, digits, spaces and hyphens, 2-12 characters, starting with a letter or digit: every listed country's form fits. */
export const SHIPPING_POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
/** An optional `+`, then digits, spaces, hyphens, dots and brackets: 6-24 characters with at least 6 digits. */
export const SHIPPING_PHONE_PATTERN = /^\+?(?=(?:[^0-9]*[0-9]){6})[0-9 ().-]{6,24}$/;

/** The answer of `GET /user/{userId}/address/last`: the address of the buyer's latest paid order, or null. */
export interface LastAddressResponse {
  address: ShippingAddress | null;
}
