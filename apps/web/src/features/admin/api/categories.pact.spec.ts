import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import {
  anId,
  bearer,
  EXAMPLE,
  errorBody,
  fixedPath,
  idFromState,
  pathFromState,
  resetApiClient,
  signedInAs,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories';

const { eachLike, string } = MatchersV3;

const pact = storeApiPact();
afterEach(resetApiClient);

beforeEach(() => signedInAs());

const graphicTees = { name: 'Graphic Tees' };

describe('categories', () => {
  it('lists the categories', () =>
    pact
      .addInteraction()
      .given('a category named {name} exists', graphicTees)
      .uponReceiving('a request for the categories')
      .withRequest('GET', fixedPath(ApiRoute.categories))
      .willRespondWith(200, (response) => response.jsonBody(eachLike({ _id: anId(EXAMPLE.categoryId), name: string(graphicTees.name) })))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(listCategories()).resolves.toEqual([{ _id: EXAMPLE.categoryId, name: graphicTees.name }]);
      }));

  it('reads one category', () =>
    pact
      .addInteraction()
      .given('a category named {name} exists', graphicTees)
      .uponReceiving('a request for one category')
      .withRequest('GET', pathFromState(ApiRoute.category))
      .willRespondWith(200, (response) => response.jsonBody({ _id: idFromState('categoryId'), name: graphicTees.name }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(getCategory(EXAMPLE.categoryId)).resolves.toEqual({ _id: EXAMPLE.categoryId, name: graphicTees.name });
      }));
});

describe('category administration', () => {
  it('creates a category as an admin', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .uponReceiving('a request from an admin to create a category')
      .withRequest('POST', pathFromState(ApiRoute.categoryCreate), (request) => request.headers(bearer()).jsonBody({ name: 'Vintage' }))
      .willRespondWith(201, (response) => response.jsonBody({ _id: anId(EXAMPLE.categoryId), name: 'Vintage' }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(createCategory({ name: 'Vintage' })).resolves.toEqual({ _id: EXAMPLE.categoryId, name: 'Vintage' });
      }));

  it('is refused to a customer', () =>
    pact
      .addInteraction()
      .given('a customer exists')
      .uponReceiving('a request from a customer to create a category')
      .withRequest('POST', pathFromState(ApiRoute.categoryCreate), (request) => request.headers(bearer()).jsonBody({ name: 'Vintage' }))
      .willRespondWith(403, (response) => response.jsonBody(errorBody(ErrorCode.Forbidden, 'You are not allowed to do this')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(createCategory({ name: 'Vintage' })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }));

  it('renames a category', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a category named {name} exists', graphicTees)
      .uponReceiving('a request from an admin to rename a category')
      .withRequest('PUT', pathFromState(ApiRoute.categoryUpdate), (request) => request.headers(bearer()).jsonBody({ name: 'Band Tees' }))
      .willRespondWith(200, (response) => response.jsonBody({ _id: idFromState('categoryId'), name: 'Band Tees' }))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(updateCategory(EXAMPLE.categoryId, { name: 'Band Tees' })).resolves.toEqual({
          _id: EXAMPLE.categoryId,
          name: 'Band Tees',
        });
      }));

  it('deletes a category', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a category named {name} exists', graphicTees)
      .uponReceiving('a request from an admin to delete a category')
      .withRequest('DELETE', pathFromState(ApiRoute.categoryDelete), (request) => request.headers(bearer()))
      .willRespondWith(200, (response) =>
        response.jsonBody({ message: string('Category "Graphic Tees" deleted'), _id: idFromState('categoryId') }),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(deleteCategory(EXAMPLE.categoryId)).resolves.toEqual({
          message: 'Category "Graphic Tees" deleted',
          _id: EXAMPLE.categoryId,
        });
      }));

  it('is refused while products use the category', () =>
    pact
      .addInteraction()
      .given('an admin exists')
      .given('a product with a photo exists')
      .uponReceiving('a request from an admin to delete a category that products still use')
      .withRequest('DELETE', pathFromState(ApiRoute.categoryDelete), (request) => request.headers(bearer()))
      .willRespondWith(409, (response) =>
        response.jsonBody(errorBody(ErrorCode.Conflict, 'Category "Graphic Tees" still has products; move or delete them first')),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(deleteCategory(EXAMPLE.categoryId)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
      }));
});
