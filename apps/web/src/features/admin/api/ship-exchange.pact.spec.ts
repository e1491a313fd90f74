import { ApiRoute } from '@store/contract';
import { anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { shipExchange } from './ship-exchange';

const interaction = describeStoreApi();

describe('shipping an exchange (admin)', () => {
  it('records the new size as shipped', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'received' }],
        ],
        uponReceiving: 'a request from an admin to record a received exchange’s new size as shipped',
        request: [
          'POST',
          pathFromState(ApiRoute.returnShip),
          (request) => request.headers(bearer()).jsonBody({ carrier: 'UPS', tracking: '1Z999AA10123456784' }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody(
              returnJson('exchange', 'shipped', {
                restocked: true,
                shipment: { carrier: 'UPS', tracking: '1Z999AA10123456784', at: anInstant() },
              }),
            ),
        ],
      },
      async () => {
        const shipped = await shipExchange(EXAMPLE.returnId, { carrier: 'UPS', tracking: '1Z999AA10123456784' });
        expect(shipped).toMatchObject({ status: 'shipped', shipment: { carrier: 'UPS', tracking: '1Z999AA10123456784' } });
      },
    ));
});
