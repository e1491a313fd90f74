import { ACCOUNT_DELETED, ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, pathFromState } from '@test/pact/store-api-pact';
import { deleteAccount } from './delete-account';

const interaction = describeStoreApi();

describe('deleting the account', () => {
  it('deletes the signed-in customer, the password confirming', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request to delete the account with the password',
        request: [
          'POST',
          pathFromState(ApiRoute.accountDelete),
          (request) => request.headers(bearer()).jsonBody({ password: 'correct horse battery' }),
        ],
        response: [200, (response) => response.jsonBody({ message: ACCOUNT_DELETED })],
      },
      async () => {
        await expect(deleteAccount({ password: 'correct horse battery' })).resolves.toEqual({ message: ACCOUNT_DELETED });
      },
    ));

  it('is refused with a wrong password', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a request to delete the account with a wrong password',
        request: [
          'POST',
          pathFromState(ApiRoute.accountDelete),
          (request) => request.headers(bearer()).jsonBody({ password: 'not the password' }),
        ],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, 'Password is not right'))],
      },
      async () => {
        await expect(deleteAccount({ password: 'not the password' })).rejects.toMatchObject({ status: 400 });
      },
    ));
});
