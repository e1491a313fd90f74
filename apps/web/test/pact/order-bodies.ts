/**
 * What the orders' Pact specs share (status moves, refunds, shipping, the packing slip, the buyer's order): a
 * signed-in call on the provider state's order, its answer, and the UPS parcel of the states that ship one.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { anId, anInstant, bearer, EXAMPLE, idFromState, type InteractionSpec, orderJson, pathFromState } from './store-api-pact';

const { eachLike, integer, string } = MatchersV3;

/** The tracking number of the example parcel, and the link UPS gives for it. */
export const TRACKING = '1Z999AA10123456784';
export const TRACKING_URL = `https://www.ups.com/track?tracknum=${TRACKING}`;

/** A signed-in call on the state's order: `route`'s ids from the state, with a JSON body when given. */
export function orderRequest(method: string, route: string, body?: unknown): InteractionSpec['request'] {
  return [
    method,
    pathFromState(route),
    (request) => {
      request.headers(bearer());
      if (body) request.jsonBody(body);
    },
  ];
}

/** The state's order in `status` (a value or a matcher), with `more` fields over {@link orderJson}'s; 200 unless told. */
export function orderAnswer(status: unknown, more: Record<string, unknown> = {}, code = 200): InteractionSpec['response'] {
  return [code, (response) => response.jsonBody({ ...orderJson({ _id: idFromState('orderId'), status }), ...more })];
}

/**
 * The state's parcel as the API answers it: one Classic Tee by UPS, tracking by type. `variant` is its line's
 * variant matcher; `fields` replace or add fields (an id from elsewhere, exact tracking, `deliveredAt`).
 */
export function upsShipmentJson({ variant = integer(EXAMPLE.variantId), ...fields }: Record<string, unknown> = {}) {
  return {
    _id: idFromState('shipmentId'),
    carrier: 'ups',
    carrierName: 'UPS',
    trackingNumber: string(TRACKING),
    trackingUrl: string(TRACKING_URL),
    lines: eachLike({ product: anId(EXAMPLE.productId), variant, name: string('Classic Tee'), count: integer(1) }),
    shippedAt: anInstant(),
    ...fields,
  };
}
