// Pact merges new interactions into an existing pact file; starting from none keeps the file exactly what the
// specs describe today (a renamed or removed interaction does not linger).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function removeOldPact() {
  const pactFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../pact/pacts/store-web-store-api.json');
  rmSync(pactFile, { force: true });
}
