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
    // Pact prints each mismatch above; the failure names them again, with the state failures Pact only logs.
    await verification.catch((error: Error) => {
      throw new Error(explain(error, states));
    });
    expect([...states.errors]).toEqual([]);
    // Every interaction in one run (over 150, each with its states set up through the real services): on a loaded
    // machine that is more than the config's two minutes.
  }, 300_000);
});

/** Pact rejects with its whole JSON report as the message; the test says which interactions failed and why. */
function explain(error: Error, states: ProviderStates): string {
  const lines = [`Pact verification of ${PROVIDER} failed; each mismatch is printed in full above.`];
  const report = parseReport(error.message);
  if (report?.errors?.length) {
    for (const failure of report.errors) {
      lines.push(`- ${failure.interaction}`);
      for (const mismatch of failure.mismatch?.mismatches ?? []) {
        lines.push(`    ${[mismatch.path, mismatch.mismatch ?? mismatch.type].filter(Boolean).join(' ')}`);
      }
      if (failure.mismatch?.message) lines.push(`    ${failure.mismatch.message}`);
    }
  } else {
    lines.push(error.message);
  }
  const stateErrors = [...states.errors];
  if (stateErrors.length) lines.push('Provider state failures:', ...stateErrors.map((e) => `  - ${e}`));
  return lines.join('\n');
}

interface VerificationReport {
  errors?: { interaction: string; mismatch?: { message?: string; mismatches?: { path?: string; mismatch?: string; type?: string }[] } }[];
}

function parseReport(message: string): VerificationReport | undefined {
  try {
    return JSON.parse(message) as VerificationReport;
  } catch {
    return undefined;
  }
}
