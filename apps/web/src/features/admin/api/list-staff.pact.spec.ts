import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { listStaff } from './list-staff';

const { atLeastLike, boolean, eachLike, regex, string } = MatchersV3;

const interaction = describeStoreApi();

const aStaffRole = (example: string) => regex('^(owner|staff|read-only)$', example);

describe('people administration', () => {
  it('lists the shop’s people and the open invitations', () =>
    interaction(
      {
        given: ['an admin exists', 'a staff member exists'],
        uponReceiving: 'a request from an owner for the shop’s people',
        request: ['GET', pathFromState(ApiRoute.staff), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              people: eachLike({
                _id: anId(EXAMPLE.staffId),
                name: string('Sam Staff'),
                email: string('sam.staff@example.com'),
                staffRole: aStaffRole('staff'),
                twoFactorEnabled: boolean(false),
              }),
              invitations: atLeastLike(
                {
                  _id: anId(EXAMPLE.orderId),
                  email: string('new.staff@example.com'),
                  staffRole: aStaffRole('staff'),
                  expiresAt: anInstant(),
                },
                0,
              ),
            }),
        ],
      },
      async () => {
        const list = await listStaff();
        expect(list.people[0]).toEqual({
          _id: EXAMPLE.staffId,
          name: 'Sam Staff',
          email: 'sam.staff@example.com',
          staffRole: 'staff',
          twoFactorEnabled: false,
        });
        expect(Array.isArray(list.invitations)).toBe(true);
      },
    ));
});
