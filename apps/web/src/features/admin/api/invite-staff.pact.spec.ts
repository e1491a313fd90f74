import { ApiRoute, ErrorCode } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { inviteStaff } from './invite-staff';

const interaction = describeStoreApi();

const invitation = { email: 'new.staff@example.com', staffRole: 'staff' } as const;

describe('people administration', () => {
  it('invites someone by e-mail', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an owner to invite someone to the staff',
        request: ['POST', pathFromState(ApiRoute.staffInvite), (request) => request.headers(bearer()).jsonBody(invitation)],
        response: [201, (response) => response.jsonBody({ _id: anId(EXAMPLE.orderId), ...invitation, expiresAt: anInstant() })],
      },
      async () => {
        await expect(inviteStaff(invitation)).resolves.toEqual({ _id: EXAMPLE.orderId, ...invitation, expiresAt: EXAMPLE.createdAt });
      },
    ));

  it('is refused to staff who are not owners', () =>
    interaction(
      {
        given: ['a staff member is signed in'],
        uponReceiving: 'a request from a staff member (not an owner) to invite someone',
        request: ['POST', pathFromState(ApiRoute.staffInvite), (request) => request.headers(bearer()).jsonBody(invitation)],
        response: [403, (response) => response.jsonBody(errorBody(ErrorCode.Forbidden, 'Your role (staff) does not allow this'))],
      },
      async () => {
        await expect(inviteStaff(invitation)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      },
    ));
});
