import { ApiRoute } from '@store/contract';
import { PRICED_INPUTS, PRICED_TOTAL, pricedInputsJson, quoteJson, US_SHOP } from '@test/pact/checkout-bodies';
import { describeStoreApi, fixedPath } from '@test/pact/store-api-pact';
import { getGuestQuote } from './get-guest-quote';

const interaction = describeStoreApi({ signedIn: false });

describe('guest quote', () => {
  it("prices a guest cart like a buyer's, with no account, the e-mail counting the code's uses", () =>
    interaction(
      {
        given: US_SHOP,
        uponReceiving: 'a guest quote for a cart with a shipping method, a discount code and an e-mail',
        request: [
          'POST',
          fixedPath(ApiRoute.guestQuote),
          (request) => request.jsonBody({ ...pricedInputsJson(), destination: { country: 'US' }, email: 'guest@example.com' }),
        ],
        response: [200, (response) => response.jsonBody(quoteJson())],
      },
      async () => {
        const quote = await getGuestQuote({ ...PRICED_INPUTS, destination: { country: 'US' }, email: 'guest@example.com' });
        expect(quote).toMatchObject({ total: PRICED_TOTAL, discount: 2, shipping: 5, discountCode: 'SAVE10' });
      },
    ));
});
