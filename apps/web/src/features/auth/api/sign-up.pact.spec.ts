import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { anId, describeStoreApi, errorBody, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { fieldErrors } from '@/lib/api-client';
import { signup } from './sign-up';

const { eachLike, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const COMMON_PASSWORD = 'Password is one of the most common passwords; choose one that is harder to guess';

const shopper = { name: 'Sam Shopper', email: 'sam@example.com', password: 'correct horse battery' };

describe('sign-up', () => {
  it('creates a customer account', () =>
    interaction(
      {
        given: [['nobody has registered with email {email}', { email: shopper.email }]],
        uponReceiving: 'a sign-up',
        request: ['POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper)],
        response: [
          201,
          (response) =>
            response.jsonBody({ _id: anId(EXAMPLE.userId), name: string(shopper.name), email: shopper.email, role: Role.Customer }),
        ],
      },
      async () => {
        await expect(signup(shopper)).resolves.toEqual({ _id: EXAMPLE.userId, name: shopper.name, email: shopper.email, role: 0 });
      },
    ));

  it('is refused for one of the most common passwords, naming the field', () =>
    interaction(
      {
        given: [['nobody has registered with email {email}', { email: shopper.email }]],
        uponReceiving: 'a sign-up with a common password',
        request: ['POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody({ ...shopper, password: 'password1' })],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, COMMON_PASSWORD),
              details: eachLike({ field: 'password', message: string(COMMON_PASSWORD) }),
            }),
        ],
      },
      async () => {
        const refusal = signup({ ...shopper, password: 'password1' });
        await expect(refusal).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: COMMON_PASSWORD });
        await refusal.catch((error: unknown) => expect(fieldErrors(error)).toEqual([{ field: 'password', message: COMMON_PASSWORD }]));
      },
    ));

  it('is refused for an email that is already registered', () =>
    interaction(
      {
        given: [['a customer with email {email} and password {password} exists', { email: shopper.email, password: shopper.password }]],
        uponReceiving: 'a sign-up with an email that is already registered',
        request: ['POST', fixedPath(ApiRoute.signup), (request) => request.jsonBody(shopper)],
        response: [409, (response) => response.jsonBody(errorBody(ErrorCode.Conflict, 'Email is already registered'))],
      },
      async () => {
        await expect(signup(shopper)).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: 'Email is already registered' });
      },
    ));
});
