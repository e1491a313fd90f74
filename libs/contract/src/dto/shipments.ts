/**
 * Shipments: the parcels an order leaves in, each with some of the order's lines, a carrier and a tracking number
 * (docs/api.md, "Shipments"). The order's `status` keeps its five names; a partly shipped order stays Processing
 * and says so in `fulfilment`.
 */

/**
 * The carriers an admin picks from, and the page that tracks a parcel (`{tracking}` is the tracking number, URL
 * encoded). `other` has no page: the mail and the order show the number alone.
 */
export const CARRIERS = [
  { code: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={tracking}' },
  { code: 'usps', name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}' },
  { code: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  { code: 'dhl', name: 'DHL', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={tracking}' },
  { code: 'royal-mail', name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}' },
  { code: 'other', name: 'Other', trackingUrl: null },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]['code'];
/** The codes alone (written out, not mapped, so a bundle that does not use them drops them). */
export const CARRIER_CODES: readonly CarrierCode[] = ['ups', 'usps', 'fedex', 'dhl', 'royal-mail', 'other'];

/** Tracking numbers: 3 to 40 letters, digits, spaces or hyphens (what carriers print on a label). */
export const TRACKING_NUMBER_MIN = 3;
export const TRACKING_NUMBER_MAX = 40;
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/;

/** The carrier's name as people read it (`UPS`), or the code itself for one this version does not know. */
export function carrierName(code: string): string {
  return CARRIERS.find((carrier) => carrier.code === code)?.name ?? code;
}

/** The carrier's tracking page for a parcel, or undefined for a carrier without one (`other`). */
export function trackingUrl(code: string, trackingNumber: string): string | undefined {
  const template = CARRIERS.find((carrier) => carrier.code === code)?.trackingUrl;
  return template ? template.replace('{tracking}', encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) : undefined;
}

/**
 * Where an order stands with its parcels, once one has left: some of it (`Partly shipped`, the order still
 * Processing), all of it (`Shipped`), or all of it received (`Delivered`).
 */
export const FULFILMENTS = ['Partly shipped', 'Shipped', 'Delivered'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** One line of a shipment: the order's line (by its variant) and how many of its units are in the parcel. */
export interface ShipmentLine {
  product: string;
  variant: number;
  name: string;
  /** The variant's values as people read them (`Blue / M`), when it has any. */
  options?: string;
  sku?: string;
  count: number;
}

export interface Shipment {
  _id: string;
  carrier: CarrierCode;
  /** The carrier as people read it (`Royal Mail`). */
  carrierName: string;
  trackingNumber: string;
  /** The carrier's tracking page; absent for a carrier without one. */
  trackingUrl?: string;
  lines: ShipmentLine[];
  shippedAt: string;
  /** Present once an admin marked the parcel delivered. */
  deliveredAt?: string;
}

/** One line of a ship request: the order line's variant and how many of its units leave now. */
export interface ShipLineRequest {
  variant: number;
  count: number;
}

/** The body of `POST /order/{orderId}/shipments/{userId}`. */
export interface ShipmentRequest {
  carrier: CarrierCode;
  trackingNumber: string;
  lines: ShipLineRequest[];
}

/** Most lines one ship request may name (an order has at most one line per cart entry). */
export const SHIPMENT_MAX_LINES = 200;
