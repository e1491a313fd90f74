import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { addressJson, anId, bearer, describeStoreApi, EXAMPLE, EXAMPLE_ADDRESS, pathFromState } from '@test/pact/store-api-pact';
import { listAddresses } from './list-addresses';

const { boolean } = MatchersV3;

const interaction = describeStoreApi();

describe('address book', () => {
  it("answers the signed-in customer's addresses, the default first", () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has an address in their address book'],
        uponReceiving: "a request for the signed-in customer's address book",
        request: ['GET', pathFromState(ApiRoute.addresses), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({ addresses: [{ _id: anId(EXAMPLE.addressId), shippingAddress: addressJson(), isDefault: boolean(true) }] }),
        ],
      },
      async () => {
        const book = await listAddresses();
        expect(book.addresses).toEqual([{ _id: EXAMPLE.addressId, shippingAddress: EXAMPLE_ADDRESS, isDefault: true }]);
      },
    ));

  it('answers an empty book for a customer with none', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request for the address book of a customer who has none',
        request: ['GET', pathFromState(ApiRoute.addresses), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ addresses: [] })],
      },
      async () => {
        await expect(listAddresses()).resolves.toEqual({ addresses: [] });
      },
    ));
});
