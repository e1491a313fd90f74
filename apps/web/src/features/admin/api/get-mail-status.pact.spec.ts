import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { getMailStatus } from './get-mail-status';

const { boolean, eachLike, integer, string } = MatchersV3;

const interaction = describeStoreApi();

describe('shop e-mail administration', () => {
  it('reads where mails go, the backlog and the mails that failed', () =>
    interaction(
      {
        given: ['an admin exists', 'an e-mail to a customer has failed to send'],
        uponReceiving: 'a request from an admin for the e-mail status',
        request: ['GET', pathFromState(ApiRoute.mailStatus), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              transport: string('e-mails go out over smtp via mail.example.com:465'),
              counts: { waiting: integer(0), failing: integer(1), rejected: integer(0), sentLastDay: integer(0) },
              problems: eachLike({
                _id: anId(EXAMPLE.orderId),
                kind: string('order-confirmation'),
                recipient: string('buyer@example.com'),
                subject: string('Your order #1001 is confirmed'),
                attempts: integer(2),
                lastError: string('451 Try again later'),
                createdAt: anInstant(),
                nextAttemptAt: anInstant(),
                rejected: boolean(false),
              }),
            }),
        ],
      },
      async () => {
        const status = await getMailStatus();
        expect(status.counts.failing).toBe(1);
        expect(status.problems[0]).toMatchObject({ recipient: 'buyer@example.com', lastError: '451 Try again later', rejected: false });
      },
    ));
});
