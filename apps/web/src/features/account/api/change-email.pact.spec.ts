import { ApiRoute, EMAIL_CHANGE_REQUESTED, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, pathFromState } from '@test/pact/store-api-pact';
import { changeEmail } from './change-email';

const interaction = describeStoreApi();

describe('changing the e-mail address', () => {
  it('mails a link to the new address, with the current password', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a new e-mail address with the current password',
        request: [
          'POST',
          pathFromState(ApiRoute.emailChange),
          (request) => request.headers(bearer()).jsonBody({ email: 'new-address@example.com', currentPassword: 'correct horse battery' }),
        ],
        response: [202, (response) => response.jsonBody({ message: EMAIL_CHANGE_REQUESTED })],
      },
      async () => {
        await expect(changeEmail({ email: 'new-address@example.com', currentPassword: 'correct horse battery' })).resolves.toEqual({
          message: EMAIL_CHANGE_REQUESTED,
        });
      },
    ));

  it('is refused with a wrong current password', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a new e-mail address with a wrong current password',
        request: [
          'POST',
          pathFromState(ApiRoute.emailChange),
          (request) => request.headers(bearer()).jsonBody({ email: 'new-address@example.com', currentPassword: 'not the password' }),
        ],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, 'Current password is not right'))],
      },
      async () => {
        await expect(changeEmail({ email: 'new-address@example.com', currentPassword: 'not the password' })).rejects.toMatchObject({
          status: 400,
        });
      },
    ));
});
