import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerifierOptions } from '@pact-foundation/pact';

export const PROVIDER = 'store-api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Where the consumer tests write their pacts (committed, so contract changes show up in review). */
export const PACT_DIR = path.join(repoRoot, 'pact', 'pacts');

/**
 * Which pacts to verify. By default the committed files in pact/pacts. With `PACT_VERIFY_FROM_BROKER=true`
 * (set by tools/pact-broker.mjs, which has published the consumer pacts first and passes this commit and
 * branch) the pacts come from the broker at `PACT_BROKER_BASE_URL`, and the result is published there.
 */
export function pactSource(): Pick<
  VerifierOptions,
  | 'pactUrls'
  | 'pactBrokerUrl'
  | 'pactBrokerToken'
  | 'pactBrokerUsername'
  | 'pactBrokerPassword'
  | 'consumerVersionSelectors'
  | 'enablePending'
  | 'publishVerificationResult'
  | 'providerVersion'
  | 'providerVersionBranch'
  | 'failIfNoPactsFound'
> {
  if (process.env.PACT_VERIFY_FROM_BROKER !== 'true') {
    const files = existsSync(PACT_DIR) ? readdirSync(PACT_DIR).filter((name) => name.endsWith(`-${PROVIDER}.json`)) : [];
    if (files.length === 0) throw new Error(`No pacts for ${PROVIDER} in ${PACT_DIR}: run the consumer tests first (npm test -- pact)`);
    return { pactUrls: files.sort().map((name) => path.join(PACT_DIR, name)), failIfNoPactsFound: true };
  }
  const brokerUrl = required('PACT_BROKER_BASE_URL');
  // Pact refuses a token next to a username or password, even an undefined one: set only what is given.
  const token = process.env.PACT_BROKER_TOKEN;
  const credentials = token
    ? { pactBrokerToken: token }
    : { pactBrokerUsername: process.env.PACT_BROKER_USERNAME, pactBrokerPassword: process.env.PACT_BROKER_PASSWORD };
  return {
    pactBrokerUrl: brokerUrl,
    ...(token || process.env.PACT_BROKER_USERNAME ? credentials : {}),
    // The consumer versions that matter: main, the same branch (a change made on both sides at once), and
    // whatever is deployed or released.
    consumerVersionSelectors: [{ mainBranch: true }, { matchingBranch: true }, { deployedOrReleased: true }],
    enablePending: true,
    publishVerificationResult: true,
    providerVersion: required('PACT_PROVIDER_VERSION'),
    providerVersionBranch: required('PACT_PROVIDER_BRANCH'),
    failIfNoPactsFound: true,
  };
}

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`PACT_VERIFY_FROM_BROKER=true needs ${name} (tools/pact-broker.mjs sets it)`);
  return value;
}
