import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, pathFromState } from '@test/pact/store-api-pact';
import { resetStaffTwoFactor } from './reset-staff-two-factor';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('resetting a member’s two-factor sign-in', () => {
  it('resets it for the owner', () =>
    interaction(
      {
        given: ['an admin exists', 'a staff member with two-factor sign-in on exists'],
        uponReceiving: 'an owner’s reset of a member’s two-factor sign-in',
        request: ['DELETE', pathFromState(ApiRoute.staffTwoFactorReset), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody({ message: string("Sam Staff's two-factor sign-in was reset") })],
      },
      async () => {
        await expect(resetStaffTwoFactor('5f0c1a2e-5555-4b7a-9c3e-000000000005')).resolves.toEqual({
          message: "Sam Staff's two-factor sign-in was reset",
        });
      },
    ));

  it('is refused for a member who has not set it up', () =>
    interaction(
      {
        given: ['an admin exists', 'a staff member exists'],
        uponReceiving: 'an owner’s reset of the two-factor sign-in of a member without it',
        request: ['DELETE', pathFromState(ApiRoute.staffTwoFactorReset), (request) => request.headers(bearer())],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Sam Staff has not set up two-factor sign-in'))],
      },
      async () => {
        await expect(resetStaffTwoFactor('5f0c1a2e-5555-4b7a-9c3e-000000000005')).rejects.toMatchObject({ status: 404 });
      },
    ));
});
