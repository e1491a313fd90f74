import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, errorBody, pathFromState } from '@test/pact/store-api-pact';
import { sendTestMail } from './send-test-mail';

const { boolean, string } = MatchersV3;

const interaction = describeStoreApi();

describe('shop e-mail administration', () => {
  it("sends a test mail and gives the mail server's answer", () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to send a test e-mail to an address',
        request: ['POST', pathFromState(ApiRoute.mailTest), (request) => request.headers(bearer()).jsonBody({ to: 'ops@example.com' })],
        response: [
          200,
          (response) => response.jsonBody({ sent: boolean(true), to: 'ops@example.com', answer: string('250 2.0.0 Ok: queued') }),
        ],
      },
      async () => {
        expect(await sendTestMail('ops@example.com')).toEqual({ sent: true, to: 'ops@example.com', answer: '250 2.0.0 Ok: queued' });
      },
    ));

  it('refuses a test mail to something that is not an e-mail address', () =>
    interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a request from an admin to send a test e-mail to a bad address',
        request: ['POST', pathFromState(ApiRoute.mailTest), (request) => request.headers(bearer()).jsonBody({ to: 'not an address' })],
        response: [400, (response) => response.jsonBody(errorBody('VALIDATION_FAILED', 'To must be a valid email address'))],
      },
      async () => {
        await expect(sendTestMail('not an address')).rejects.toThrow('To must be a valid email address');
      },
    ));
});
