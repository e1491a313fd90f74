import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, type MyData, Role } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { downloadMyData } from './download-my-data';

const { boolean, eachLike, integer, string } = MatchersV3;

const interaction = describeStoreApi();

describe('my data', () => {
  it('downloads everything the shop holds about the signed-in customer as a JSON file', () =>
    interaction(
      {
        given: [
          'a customer exists',
          'the customer asked to exchange M for L on a shipped order',
          'the customer has a back-in-stock alert on a size of that product',
        ],
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
              // A customer's own audit entries are their return requests (one here).
              auditEntries: eachLike({ action: string('return.request'), at: anInstant() }),
              stockAlerts: eachLike({
                productId: anId(EXAMPLE.productId),
                productName: string('Classic Tee'),
                variantId: integer(EXAMPLE.variantId),
                variantLabel: string('S'),
                email: string('shopper@example.com'),
                createdAt: anInstant(),
                confirmedAt: anInstant(),
              }),
              returns: eachLike({ _id: anId(EXAMPLE.returnId), kind: 'exchange', status: 'requested', createdAt: anInstant() }),
            }),
        ],
      },
      async () => {
        const file = await downloadMyData();
        const data = JSON.parse(await file.text()) as MyData;
        expect(data.profile._id).toBe(EXAMPLE.userId);
        expect(data.orders).toHaveLength(1);
        expect(data.stockAlerts).toEqual([expect.objectContaining({ variantId: EXAMPLE.variantId, productName: 'Classic Tee' })]);
        expect(data.returns).toEqual([expect.objectContaining({ _id: EXAMPLE.returnId, kind: 'exchange' })]);
      },
    ));
});
