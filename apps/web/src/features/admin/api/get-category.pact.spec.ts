import { ApiRoute } from '@store/contract';
import { describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { getCategory } from './get-category';

const interaction = describeStoreApi();

const graphicTees = { name: 'Graphic Tees' };

describe('categories', () => {
  it('reads one category', () =>
    interaction(
      {
        given: [['a category named {name} exists', graphicTees]],
        uponReceiving: 'a request for one category',
        request: ['GET', pathFromState(ApiRoute.category)],
        response: [200, (response) => response.jsonBody({ _id: idFromState('categoryId'), name: graphicTees.name })],
      },
      async () => {
        await expect(getCategory(EXAMPLE.categoryId)).resolves.toEqual({ _id: EXAMPLE.categoryId, name: graphicTees.name });
      },
    ));
});
