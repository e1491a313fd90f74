import type { AddressInfo } from 'node:net';
import { Verifier } from '@pact-foundation/pact';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { PROVIDER, pactSource } from './pact-source.js';
import { ProviderStates } from './provider-states.js';

/**
 * Replays every interaction the consumers recorded against the real API: the Nest app exactly as main.ts
 * configures it, on a random port, over a fresh Postgres database. A changed field name, status or route on
 * either side fails here with Pact's description of the mismatch.
 */
describe(`${PROVIDER} honours its consumers' pacts`, () => {
  let t: TestApp;
  let states: ProviderStates;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    states = new ProviderStates(t);
  });
  afterAll(() => t?.close());

  it('verifies every interaction', async () => {
    const verification = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      ...pactSource(),
      stateHandlers: states.handlers,
      beforeEach: states.beforeEach,
      requestFilter: states.requestFilter,
      logLevel: process.env.PACT_LOG_LEVEL === 'debug' ? 'debug' : 'warn',
    }).verifyProvider();
    // Pact prints each mismatch above; the state failures it only logs are added to the test's message.
    await expect(verification.catch((error: Error) => Promise.reject(new Error(explain(error, states))))).resolves.toBeDefined();
    expect([...states.errors]).toEqual([]);
  });
});

function explain(error: Error, states: ProviderStates): string {
  const stateErrors = [...states.errors];
  return [
    `Pact verification of ${PROVIDER} failed (${error.message}); the mismatches are listed in the output above.`,
    ...(stateErrors.length ? ['Provider state failures:', ...stateErrors.map((e) => `  - ${e}`)] : []),
  ].join('\n');
}
