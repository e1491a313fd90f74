import { ApiRoute, ErrorCode, STOCK_ALERT_CHECK_INBOX, STOCK_ALERT_IN_STOCK } from '@store/contract';
import { describeStoreApi, errorBody, EXAMPLE, fixedPath, idFromState } from '@test/pact/store-api-pact';
import { MatchersV3 } from '@pact-foundation/pact';
import { requestStockAlert } from './request-stock-alert';

const { eachLike, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const soldOutSize = ['a product is sold out in size {size}', { size: 'M' }] as const;

describe('asking for a back-in-stock alert (not signed in)', () => {
  it('answers that a confirmation link is on its way', () =>
    interaction(
      {
        given: [soldOutSize],
        uponReceiving: 'an address asking to hear when a sold-out size is back',
        request: [
          'POST',
          fixedPath(ApiRoute.stockAlerts),
          (request) => request.jsonBody({ variantId: idFromState('variantId'), email: 'sam@example.com' }),
        ],
        response: [202, (response) => response.jsonBody({ message: string(STOCK_ALERT_CHECK_INBOX) })],
      },
      async () => {
        await expect(requestStockAlert({ variantId: EXAMPLE.variantId, email: 'sam@example.com' })).resolves.toEqual({
          message: STOCK_ALERT_CHECK_INBOX,
        });
      },
    ));

  it('is refused, naming the field, for an address that is not one', () =>
    interaction(
      {
        given: [soldOutSize],
        uponReceiving: 'a back-in-stock request with a malformed address',
        request: [
          'POST',
          fixedPath(ApiRoute.stockAlerts),
          (request) => request.jsonBody({ variantId: idFromState('variantId'), email: 'not an address' }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'Email must be a valid email address'),
              details: eachLike({ field: 'email', message: string('Email must be a valid email address') }),
            }),
        ],
      },
      async () => {
        await expect(requestStockAlert({ variantId: EXAMPLE.variantId, email: 'not an address' })).rejects.toMatchObject({
          status: 400,
          body: { details: [{ field: 'email', message: 'Email must be a valid email address' }] },
        });
      },
    ));

  it('is refused for a variant that is in stock', () =>
    interaction(
      {
        given: [['a product priced {price} sold in size {size} with {stock} in stock exists', { price: 19.99, size: 'M', stock: 5 }]],
        uponReceiving: 'a back-in-stock request for a size in stock',
        request: [
          'POST',
          fixedPath(ApiRoute.stockAlerts),
          (request) => request.jsonBody({ variantId: idFromState('variantId'), email: 'sam@example.com' }),
        ],
        response: [409, (response) => response.jsonBody(errorBody(ErrorCode.Conflict, STOCK_ALERT_IN_STOCK))],
      },
      async () => {
        await expect(requestStockAlert({ variantId: EXAMPLE.variantId, email: 'sam@example.com' })).rejects.toMatchObject({
          status: 409,
          message: STOCK_ALERT_IN_STOCK,
        });
      },
    ));
});
