import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { addressJson, anId, bearer, describeStoreApi, EXAMPLE, EXAMPLE_ADDRESS, errorBody, pathFromState } from '@test/pact/store-api-pact';
import { saveAddress } from './save-address';

const { boolean, string } = MatchersV3;

const interaction = describeStoreApi();

describe('saving an address', () => {
  it('adds an address to the book (the first becomes the default)', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a new address for the address book',
        request: [
          'POST',
          pathFromState(ApiRoute.addresses),
          (request) => request.headers(bearer()).jsonBody({ shippingAddress: EXAMPLE_ADDRESS }),
        ],
        response: [
          201,
          (response) => response.jsonBody({ _id: anId(EXAMPLE.addressId), shippingAddress: addressJson(), isDefault: boolean(true) }),
        ],
      },
      async () => {
        await expect(saveAddress({ shippingAddress: EXAMPLE_ADDRESS })).resolves.toMatchObject({ shippingAddress: EXAMPLE_ADDRESS });
      },
    ));

  it('replaces an address and makes it the default', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has an address in their address book'],
        uponReceiving: 'a changed address made the default',
        request: [
          'PUT',
          pathFromState(ApiRoute.address),
          (request) =>
            request.headers(bearer()).jsonBody({ shippingAddress: { ...EXAMPLE_ADDRESS, line1: '9 Work Road' }, isDefault: true }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.addressId),
              shippingAddress: { ...addressJson(), line1: '9 Work Road' },
              isDefault: true,
            }),
        ],
      },
      async () => {
        const saved = await saveAddress({
          addressId: EXAMPLE.addressId,
          shippingAddress: { ...EXAMPLE_ADDRESS, line1: '9 Work Road' },
          isDefault: true,
        });
        expect(saved).toMatchObject({ isDefault: true, shippingAddress: { line1: '9 Work Road' } });
      },
    ));

  it('refuses a country the shop does not ship to, naming the field', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a new address in a country the shop does not ship to',
        request: [
          'POST',
          pathFromState(ApiRoute.addresses),
          (request) => request.headers(bearer()).jsonBody({ shippingAddress: { ...EXAMPLE_ADDRESS, country: 'XX' } }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'shippingAddress.country must be one of US, CA'),
              details: [{ field: 'shippingAddress.country', message: string('shippingAddress.country must be one of US, CA') }],
            }),
        ],
      },
      async () => {
        await expect(saveAddress({ shippingAddress: { ...EXAMPLE_ADDRESS, country: 'XX' as never } })).rejects.toMatchObject({
          status: 400,
        });
      },
    ));
});
