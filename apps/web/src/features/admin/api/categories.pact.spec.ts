import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { anId, bearer, describeStoreApi, errorBody, EXAMPLE, fixedPath, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories';

const { eachLike, string } = MatchersV3;

const interaction = describeStoreApi();

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

describe('category administration', () => {
  it('creates a category as an admin', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to create a category',
        request: ['POST', pathFromState(ApiRoute.categoryCreate), (request) => request.headers(bearer()).jsonBody({ name: 'Vintage' })],
        response: [201, (response) => response.jsonBody({ _id: anId(EXAMPLE.categoryId), name: 'Vintage' })],
      },
      async () => {
        await expect(createCategory({ name: 'Vintage' })).resolves.toEqual({ _id: EXAMPLE.categoryId, name: 'Vintage' });
      },
    ));

  it('is refused to a customer', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request from a customer to create a category',
        request: ['POST', pathFromState(ApiRoute.categoryCreate), (request) => request.headers(bearer()).jsonBody({ name: 'Vintage' })],
        response: [403, (response) => response.jsonBody(errorBody(ErrorCode.Forbidden, 'You are not allowed to do this'))],
      },
      async () => {
        await expect(createCategory({ name: 'Vintage' })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      },
    ));

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
