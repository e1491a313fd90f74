import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { renameAccount } from './rename-account';

const { boolean, string } = MatchersV3;

const interaction = describeStoreApi();

describe('renaming the account', () => {
  it('renames the signed-in customer and answers the account', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a new name for the signed-in customer',
        request: ['PUT', pathFromState(ApiRoute.account), (request) => request.headers(bearer()).jsonBody({ name: 'Sam Renamed' })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.userId),
              name: 'Sam Renamed',
              email: string('shopper@example.com'),
              emailVerified: boolean(false),
              role: Role.Customer,
              createdAt: anInstant(),
            }),
        ],
      },
      async () => {
        await expect(renameAccount({ name: 'Sam Renamed' })).resolves.toMatchObject({ name: 'Sam Renamed' });
      },
    ));

  it('refuses a name that is too short, naming the field', () =>
    interaction(
      {
        given: ['a customer exists'],
        uponReceiving: 'a one-letter name for the signed-in customer',
        request: ['PUT', pathFromState(ApiRoute.account), (request) => request.headers(bearer()).jsonBody({ name: 'x' })],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'Name must be 3 to 32 characters'),
              details: [{ field: 'name', message: string('Name must be 3 to 32 characters') }],
            }),
        ],
      },
      async () => {
        await expect(renameAccount({ name: 'x' })).rejects.toMatchObject({ status: 400 });
      },
    ));
});
