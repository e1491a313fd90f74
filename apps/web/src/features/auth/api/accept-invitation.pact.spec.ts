import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, Role } from '@store/contract';
import { anId, describeStoreApi, errorBody, EXAMPLE, fixedPath } from '@test/pact/store-api-pact';
import { acceptInvitation } from './accept-invitation';

const { fromProviderState, string } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

const invitee = { email: 'new.staff@example.com' };
const answer = { name: 'Nia Newstaff', password: 'correct horse battery' };

describe('joining the staff', () => {
  it('sets a name and password through an invitation link', () =>
    interaction(
      {
        given: [['an invitation to {email} as staff was sent', invitee]],
        uponReceiving: 'an invitee’s answer with the token of their link',
        request: [
          'POST',
          fixedPath(ApiRoute.staffAccept),
          (request) => request.jsonBody({ token: fromProviderState('${invitationToken}', EXAMPLE.invitationToken), ...answer }),
        ],
        response: [
          201,
          (response) =>
            response.jsonBody({
              _id: anId(EXAMPLE.userId),
              name: string(answer.name),
              email: invitee.email,
              role: Role.Admin,
              staffRole: 'staff',
            }),
        ],
      },
      async () => {
        await expect(acceptInvitation({ token: EXAMPLE.invitationToken, ...answer })).resolves.toEqual({
          _id: EXAMPLE.userId,
          name: answer.name,
          email: invitee.email,
          role: 1,
          staffRole: 'staff',
        });
      },
    ));

  it('is refused for a link that opens no invitation', () =>
    interaction(
      {
        uponReceiving: 'an answer with a token no invitation has',
        request: ['POST', fixedPath(ApiRoute.staffAccept), (request) => request.jsonBody({ token: 'A'.repeat(43), ...answer })],
        response: [
          404,
          (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'This invitation link is not valid; ask the owner for a new one')),
        ],
      },
      async () => {
        await expect(acceptInvitation({ token: 'A'.repeat(43), ...answer })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
      },
    ));
});
