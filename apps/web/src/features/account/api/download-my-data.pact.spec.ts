import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, type MyData, Role } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { downloadMyData } from './download-my-data';

const { boolean, eachLike, string } = MatchersV3;

const interaction = describeStoreApi();

describe('my data', () => {
  it('downloads everything the shop holds about the signed-in customer as a JSON file', () =>
    interaction(
      {
        given: ['a customer exists', 'the customer has paid for an order shipped to an address'],
        uponReceiving: "a request for the signed-in customer's data",
        request: ['GET', pathFromState(ApiRoute.myData), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.headers({ 'Content-Disposition': 'attachment; filename="my-data.json"' }).jsonBody({
              exportedAt: anInstant(),
              profile: {
                _id: anId(EXAMPLE.userId),
                name: string('Shopper'),
                email: string('shopper@example.com'),
                emailVerified: boolean(false),
                role: Role.Customer,
                createdAt: anInstant(),
              },
              addresses: [],
              orders: eachLike({ _id: anId(EXAMPLE.orderId), status: string('Received'), createdAt: anInstant() }),
              auditEntries: [],
            }),
        ],
      },
      async () => {
        const file = await downloadMyData();
        const data = JSON.parse(await file.text()) as MyData;
        expect(data.profile._id).toBe(EXAMPLE.userId);
        expect(data.orders).toHaveLength(1);
      },
    ));
});
