import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { aJwt, anId, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { confirmTwoFactor } from './confirm-two-factor';
import { disableTwoFactor } from './disable-two-factor';
import { enrolTwoFactor } from './enrol-two-factor';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { getTwoFactorStatus } from './two-factor-status';

const { eachLike, fromProviderState, integer, regex, string } = MatchersV3;

const interaction = describeStoreApi();

const RECOVERY_CODE = '^[a-z2-7]{5}-[a-z2-7]{5}$';

/** The new session that turning two-factor on or off answers (every earlier one of the member has ended). */
const newSession = () => ({
  token: aJwt(),
  user: { _id: anId(EXAMPLE.userId), name: string('Sam Staff'), email: 'sam.staff@example.com', role: Role.Admin, staffRole: 'staff' },
});

describe('two-factor sign-in of the signed-in member', () => {
  it('tells whether it is on', () =>
    interaction(
      {
        given: ['a staff member is signed in'],
        uponReceiving: 'a request for the two-factor state of a member without it',
        request: ['GET', pathFromState(ApiRoute.twoFactor), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ enabled: false, required: false, recoveryCodesLeft: integer(0) })],
      },
      async () => {
        await expect(getTwoFactorStatus()).resolves.toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
      },
    ));

  it('starts an enrolment: a secret and its QR code', () =>
    interaction(
      {
        given: ['a staff member is signed in'],
        uponReceiving: 'a request to set up two-factor sign-in',
        request: ['POST', pathFromState(ApiRoute.twoFactorEnrol), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              secret: regex('^[A-Z2-7]{16,}$', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
              otpauthUrl: regex(
                '^otpauth://totp/.+\\?secret=[A-Z2-7]+(&.*)?$',
                'otpauth://totp/Shop:sam?secret=JBSWY3DPEHPK3PXP&issuer=Shop',
              ),
              qrCode: regex('^data:image/png;base64,[A-Za-z0-9+/=]+$', 'data:image/png;base64,iVBORw0KGgo='),
            }),
        ],
      },
      async () => {
        const enrolment = await enrolTwoFactor();
        expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
      },
    ));

  it('turns it on with a first code and answers ten recovery codes', () =>
    interaction(
      {
        given: ['a staff member is setting up two-factor sign-in'],
        uponReceiving: 'a confirmation with a right code from the app',
        request: [
          'POST',
          pathFromState(ApiRoute.twoFactorConfirm),
          (request) => request.headers(bearer()).jsonBody({ code: fromProviderState('${totpCode}', '123456') }),
        ],
        response: [
          200,
          (response) => response.jsonBody({ recoveryCodes: eachLike(regex(RECOVERY_CODE, 'abcde-fghij'), 10), session: newSession() }),
        ],
      },
      async () => {
        const { recoveryCodes, session } = await confirmTwoFactor({ code: '123456' });
        expect(recoveryCodes).toHaveLength(10);
        expect(session.user.email).toBe('sam.staff@example.com');
      },
    ));

  it('refuses a wrong code at confirmation, naming the field', () =>
    interaction(
      {
        given: ['a staff member is setting up two-factor sign-in'],
        uponReceiving: 'a confirmation with a code not of six digits',
        request: ['POST', pathFromState(ApiRoute.twoFactorConfirm), (request) => request.headers(bearer()).jsonBody({ code: '12345' })],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'Enter the 6-digit code from your authenticator app'),
              details: [{ field: 'code', message: string('Enter the 6-digit code from your authenticator app') }],
            }),
        ],
      },
      async () => {
        await expect(confirmTwoFactor({ code: '12345' })).rejects.toMatchObject({ status: 400 });
      },
    ));

  it('turns it off with the password and a recovery code', () =>
    interaction(
      {
        given: ['a staff member with two-factor sign-in on is signed in'],
        uponReceiving: 'a request to turn two-factor sign-in off with the password and a recovery code',
        request: [
          'POST',
          pathFromState(ApiRoute.twoFactorDisable),
          (request) =>
            request
              .headers(bearer())
              .jsonBody({ password: 'correct horse battery', code: fromProviderState('${recoveryCode}', 'abcde-fghij') }),
        ],
        response: [200, (response) => response.jsonBody({ message: string('Two-factor sign-in is off'), session: newSession() })],
      },
      async () => {
        await expect(disableTwoFactor({ password: 'correct horse battery', code: 'abcde-fghij' })).resolves.toEqual({
          message: 'Two-factor sign-in is off',
          session: { token: EXAMPLE.token, user: expect.objectContaining({ email: 'sam.staff@example.com', staffRole: 'staff' }) },
        });
      },
    ));

  it('makes ten new recovery codes for a code from the app', () =>
    interaction(
      {
        given: ['a staff member with two-factor sign-in on is signed in'],
        uponReceiving: 'a request for new recovery codes with a right code from the app',
        request: [
          'POST',
          pathFromState(ApiRoute.twoFactorRecoveryCodes),
          (request) => request.headers(bearer()).jsonBody({ code: fromProviderState('${totpCode}', '123456') }),
        ],
        response: [200, (response) => response.jsonBody({ recoveryCodes: eachLike(regex(RECOVERY_CODE, 'abcde-fghij'), 10) })],
      },
      async () => {
        const { recoveryCodes } = await regenerateRecoveryCodes({ code: '123456' });
        expect(recoveryCodes).toHaveLength(10);
      },
    ));

  it('refuses new recovery codes for a recovery code, naming the field', () =>
    interaction(
      {
        given: ['a staff member with two-factor sign-in on is signed in'],
        uponReceiving: 'a request for new recovery codes with a recovery code instead of the app’s',
        request: [
          'POST',
          pathFromState(ApiRoute.twoFactorRecoveryCodes),
          (request) => request.headers(bearer()).jsonBody({ code: 'abcde-fghij' }),
        ],
        response: [
          400,
          (response) =>
            response.jsonBody({
              ...errorBody(ErrorCode.ValidationFailed, 'Enter the 6-digit code from your authenticator app'),
              details: [{ field: 'code', message: string('Enter the 6-digit code from your authenticator app') }],
            }),
        ],
      },
      async () => {
        await expect(regenerateRecoveryCodes({ code: 'abcde-fghij' })).rejects.toMatchObject({ status: 400 });
      },
    ));
});
