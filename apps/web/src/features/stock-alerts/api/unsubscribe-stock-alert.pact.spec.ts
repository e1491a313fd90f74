import { ApiRoute, STOCK_ALERT_UNSUBSCRIBED } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import { anId, describeStoreApi, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { unsubscribeStockAlert } from './unsubscribe-stock-alert';

const { integer, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const TOKEN = 'cGFjdC1zdG9jay1hbGVydC11bnN1YnNjcmliZS10b2s';

describe('unsubscribing from a back-in-stock alert', () => {
  it('ends the alert with the token of the link in its mail, without a session', () =>
    interaction(
      {
        given: [['an address has a back-in-stock alert with the unsubscribe link {token}', { token: TOKEN }]],
        uponReceiving: 'the token of a back-in-stock unsubscribe link',
        request: ['POST', fixedPath(ApiRoute.stockAlertUnsubscribe), (request) => request.jsonBody({ token: TOKEN })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              message: string(STOCK_ALERT_UNSUBSCRIBED),
              productId: anId(EXAMPLE.productId),
              productName: string('Classic Tee'),
              variantId: integer(EXAMPLE.variantId),
              variantLabel: string('M'),
            }),
        ],
      },
      async () => {
        await expect(unsubscribeStockAlert({ token: TOKEN })).resolves.toMatchObject({
          message: STOCK_ALERT_UNSUBSCRIBED,
          variantLabel: 'M',
        });
      },
    ));
});
