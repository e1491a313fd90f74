import { ApiRoute, ErrorCode, STOCK_ALERT_CONFIRMED, STOCK_ALERT_LINK_INVALID } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import { anId, describeStoreApi, errorBody, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { confirmStockAlert } from './confirm-stock-alert';

const { integer, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const TOKEN = 'cGFjdC1zdG9jay1hbGVydC1jb25maXJtLXRva2VuLTA';

/** What the confirm and unsubscribe links answer: the message and what the alert is about. */
const alertAnswer = (message: string) => ({
  message: string(message),
  productId: anId(EXAMPLE.productId),
  productName: string('Classic Tee'),
  variantId: integer(EXAMPLE.variantId),
  variantLabel: string('M'),
});

describe('confirming a back-in-stock alert', () => {
  it('confirms the alert with the token of the mailed link, without a session', () =>
    interaction(
      {
        given: [['an address asked for an alert on a sold-out size and was sent the link {token}', { token: TOKEN }]],
        uponReceiving: 'the token of a back-in-stock confirmation link',
        request: ['POST', fixedPath(ApiRoute.stockAlertConfirm), (request) => request.jsonBody({ token: TOKEN })],
        response: [200, (response) => response.jsonBody(alertAnswer(STOCK_ALERT_CONFIRMED))],
      },
      async () => {
        await expect(confirmStockAlert({ token: TOKEN })).resolves.toEqual({
          message: STOCK_ALERT_CONFIRMED,
          productId: EXAMPLE.productId,
          productName: 'Classic Tee',
          variantId: EXAMPLE.variantId,
          variantLabel: 'M',
        });
      },
    ));

  it('is refused with a token no link has (used, expired or never sent)', () =>
    interaction(
      {
        uponReceiving: 'the token of an unknown back-in-stock confirmation link',
        request: ['POST', fixedPath(ApiRoute.stockAlertConfirm), (request) => request.jsonBody({ token: TOKEN })],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, STOCK_ALERT_LINK_INVALID))],
      },
      async () => {
        await expect(confirmStockAlert({ token: TOKEN })).rejects.toMatchObject({ status: 400, message: STOCK_ALERT_LINK_INVALID });
      },
    ));
});
