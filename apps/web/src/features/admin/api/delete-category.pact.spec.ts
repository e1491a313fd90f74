import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { deleteCategory } from './delete-category';

const { string } = MatchersV3;

const interaction = describeStoreApi();

const graphicTees = { name: 'Graphic Tees' };

describe('category administration', () => {
  it('deletes a category', () =>
    interaction(
      {
        given: ['an admin exists', ['a category named {name} exists', graphicTees]],
        uponReceiving: 'a request from an admin to delete a category',
        request: ['DELETE', pathFromState(ApiRoute.categoryDelete), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => response.jsonBody({ message: string('Category "Graphic Tees" deleted'), _id: idFromState('categoryId') }),
        ],
      },
      async () => {
        await expect(deleteCategory(EXAMPLE.categoryId)).resolves.toEqual({
          message: 'Category "Graphic Tees" deleted',
          _id: EXAMPLE.categoryId,
        });
      },
    ));

  it('is refused while products use the category', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a photo exists'],
        uponReceiving: 'a request from an admin to delete a category that products still use',
        request: ['DELETE', pathFromState(ApiRoute.categoryDelete), (request) => request.headers(bearer())],
        response: [
          409,
          (response) =>
            response.jsonBody(errorBody(ErrorCode.Conflict, 'Category "Graphic Tees" still has products; move or delete them first')),
        ],
      },
      async () => {
        await expect(deleteCategory(EXAMPLE.categoryId)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
      },
    ));
});
