import { ApiRoute, ErrorCode } from '@store/contract';
import { anId, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { createCategory } from './create-category';

const interaction = describeStoreApi();

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
});
