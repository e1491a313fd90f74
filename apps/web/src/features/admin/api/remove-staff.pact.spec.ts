import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { removeStaff } from './remove-staff';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('people administration', () => {
  it('removes someone from the staff', () =>
    interaction(
      {
        given: ['an admin exists', 'a staff member exists'],
        uponReceiving: 'a request from an owner to remove a staff member',
        request: ['DELETE', pathFromState(ApiRoute.staffMember), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => response.jsonBody({ message: string('Sam Staff is no longer one of the staff'), _id: idFromState('staffId') }),
        ],
      },
      async () => {
        await expect(removeStaff(EXAMPLE.staffId)).resolves.toEqual({
          message: 'Sam Staff is no longer one of the staff',
          _id: EXAMPLE.staffId,
        });
      },
    ));
});
