import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { updateCategory } from './update-category';

const interaction = describeStoreApi();

const graphicTees = { name: 'Graphic Tees' };

describe('category administration', () => {
  it('renames a category', () =>
    interaction(
      {
        given: ['an admin exists', ['a category named {name} exists', graphicTees]],
        uponReceiving: 'a request from an admin to rename a category',
        request: ['PUT', pathFromState(ApiRoute.categoryUpdate), (request) => request.headers(bearer()).jsonBody({ name: 'Band Tees' })],
        response: [200, (response) => response.jsonBody({ _id: idFromState('categoryId'), name: 'Band Tees' })],
      },
      async () => {
        await expect(updateCategory(EXAMPLE.categoryId, { name: 'Band Tees' })).resolves.toEqual({
          _id: EXAMPLE.categoryId,
          name: 'Band Tees',
        });
      },
    ));
});
