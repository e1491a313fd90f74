import { MatchersV3 } from '@pact-foundation/pact';
import { API_PREFIX, ApiRoute, apiPath, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { changeStaffRole } from './change-staff-role';

const { boolean, fromProviderState, string } = MatchersV3;

const interaction = describeStoreApi();

describe('people administration', () => {
  it('changes the role of one of the staff', () =>
    interaction(
      {
        given: ['an admin exists', 'a staff member exists'],
        uponReceiving: 'a request from an owner to make a staff member read-only',
        request: ['PUT', pathFromState(ApiRoute.staffMember), (request) => request.headers(bearer()).jsonBody({ staffRole: 'read-only' })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              _id: idFromState('staffId'),
              name: string('Sam Staff'),
              email: string('sam.staff@example.com'),
              staffRole: 'read-only',
              twoFactorEnabled: boolean(false),
            }),
        ],
      },
      async () => {
        await expect(changeStaffRole(EXAMPLE.staffId, 'read-only')).resolves.toEqual({
          _id: EXAMPLE.staffId,
          name: 'Sam Staff',
          email: 'sam.staff@example.com',
          staffRole: 'read-only',
          twoFactorEnabled: false,
        });
      },
    ));

  it('never demotes the last owner', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from the only owner to demote themselves',
        request: [
          'PUT',
          fromProviderState(
            `${API_PREFIX}/staff/\${userId}/\${userId}`,
            API_PREFIX + apiPath(ApiRoute.staffMember, { staffId: EXAMPLE.userId, userId: EXAMPLE.userId }),
          ),
          (request) => request.headers(bearer()).jsonBody({ staffRole: 'staff' }),
        ],
        response: [
          409,
          (response) =>
            response.jsonBody(errorBody(ErrorCode.Conflict, 'The shop needs at least one owner: make someone else an owner first')),
        ],
      },
      async () => {
        await expect(changeStaffRole(EXAMPLE.userId, 'staff')).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
      },
    ));
});
