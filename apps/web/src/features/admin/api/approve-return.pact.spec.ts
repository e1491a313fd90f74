import { ApiRoute, ErrorCode } from '@store/contract';
import { bearer, describeStoreApi, errorBody, EXAMPLE, pathFromState, returnJson } from '@test/pact/store-api-pact';
import { approveReturn } from './approve-return';

const interaction = describeStoreApi();

describe('approving a return (admin)', () => {
  it('approves a requested exchange', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'requested' }],
        ],
        uponReceiving: 'a request from an admin to approve a requested exchange',
        request: ['POST', pathFromState(ApiRoute.returnApprove), (request) => request.headers(bearer())],
        response: [200, (response) => response.jsonBody(returnJson('exchange', 'approved'))],
      },
      async () => {
        expect((await approveReturn(EXAMPLE.returnId)).status).toBe('approved');
      },
    ));

  it('is refused for a return already approved', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'approved' }],
        ],
        uponReceiving: 'a request from an admin to approve an exchange already approved',
        request: ['POST', pathFromState(ApiRoute.returnApprove), (request) => request.headers(bearer())],
        response: [
          409,
          (response) => response.jsonBody(errorBody(ErrorCode.Conflict, 'An exchange that is approved cannot be moved this way')),
        ],
      },
      async () => {
        await expect(approveReturn(EXAMPLE.returnId)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
      },
    ));
});
