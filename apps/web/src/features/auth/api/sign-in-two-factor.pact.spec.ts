import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { aJwt, anId, describeStoreApi, errorBody, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { signinTwoFactor } from './sign-in-two-factor';

const { fromProviderState, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

/** The challenge and a right code come from the provider state: both depend on its secret and its clock. */
const challenge = () => fromProviderState('${challenge}', EXAMPLE.token);

describe('two-factor sign-in, second step', () => {
  it('answers the session for the challenge and a code from the app', () =>
    interaction(
      {
        given: ['one of the staff with two-factor sign-in on has entered the right password'],
        uponReceiving: 'the second step of a sign-in with a right code',
        request: [
          'POST',
          fixedPath(ApiRoute.signinTwoFactor),
          (request) => request.jsonBody({ challenge: challenge(), code: fromProviderState('${totpCode}', '123456') }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              token: aJwt(),
              user: {
                _id: anId(EXAMPLE.userId),
                name: string('Sam Staff'),
                email: 'sam.staff@example.com',
                role: Role.Admin,
                staffRole: 'staff',
              },
            }),
        ],
      },
      async () => {
        const session = await signinTwoFactor({ challenge: EXAMPLE.token, code: '123456' });
        expect(session.user).toMatchObject({ email: 'sam.staff@example.com', staffRole: 'staff' });
      },
    ));

  it('refuses a wrong code, naming the field', () =>
    interaction(
      {
        given: ['one of the staff with two-factor sign-in on has entered the right password'],
        uponReceiving: 'the second step of a sign-in with a recovery code that is not one of theirs',
        request: [
          'POST',
          fixedPath(ApiRoute.signinTwoFactor),
          (request) => request.jsonBody({ challenge: challenge(), code: 'aaaaa-aaaaa' }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'That code is not right, or it was used already; try the next one'),
              details: [{ field: 'code', message: string('That code is not right, or it was used already; try the next one') }],
            }),
        ],
      },
      async () => {
        await expect(signinTwoFactor({ challenge: EXAMPLE.token, code: 'aaaaa-aaaaa' })).rejects.toMatchObject({ status: 400 });
      },
    ));

  it('refuses a challenge this API did not issue', () =>
    interaction(
      {
        uponReceiving: 'the second step of a sign-in with a forged challenge',
        request: ['POST', fixedPath(ApiRoute.signinTwoFactor), (request) => request.jsonBody({ challenge: EXAMPLE.token, code: '123456' })],
        response: [
          401,
          (response) => response.jsonBody(errorBody(ErrorCode.Unauthenticated, 'Your sign-in has expired; enter your password again')),
        ],
      },
      async () => {
        await expect(signinTwoFactor({ challenge: EXAMPLE.token, code: '123456' })).rejects.toMatchObject({ status: 401 });
      },
    ));
});
