import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { removeAddress } from './remove-address';

const interaction = describeStoreApi();

describe('removing an address', () => {
  it('removes an address of the book', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has an address in their address book'],
        uponReceiving: 'a request to remove an address of the book',
        request: ['DELETE', pathFromState(ApiRoute.address), (request) => request.headers(bearer())],
        response: [204],
      },
      async () => {
        await expect(removeAddress(EXAMPLE.addressId)).resolves.toBeUndefined();
      },
    ));
});
