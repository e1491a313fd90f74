import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, describeStoreApi, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { listCategories } from './list-categories';

const { eachLike, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const graphicTees = { name: 'Graphic Tees' };

describe('categories', () => {
  it('lists the categories', () =>
    interaction(
      {
        given: [['a category named {name} exists', graphicTees]],
        uponReceiving: 'a request for the categories',
        request: ['GET', fixedPath(ApiRoute.categories)],
        response: [200, (response) => response.jsonBody(eachLike({ _id: anId(EXAMPLE.categoryId), name: string(graphicTees.name) }))],
      },
      async () => {
        await expect(listCategories()).resolves.toEqual([{ _id: EXAMPLE.categoryId, name: graphicTees.name }]);
      },
    ));
});
