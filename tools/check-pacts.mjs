// `npm test` step "pact files committed": runs after the consumer tests have rewritten pact/. The pact files are
// committed so that a contract change is reviewed in the diff that causes it; if regenerating them changed
// anything, the commit is missing that change (or the consumer tests are not deterministic) and this fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

if (git('rev-parse', '--is-inside-work-tree').status !== 0) {
  console.log('pact files committed: not a git checkout, nothing to compare against');
  process.exit(0);
}

const status = git('status', '--porcelain', '--untracked-files=all', '--', 'pact/');
if (status.status !== 0) {
  console.error(status.stderr);
  process.exit(1);
}
const changed = status.stdout.trimEnd();
if (!changed) {
  console.log('pact files committed: the consumer tests reproduced pact/ exactly');
  process.exit(0);
}

console.error(`The consumer tests wrote pact files that differ from the committed ones:\n${changed}\n`);
console.error(git('--no-pager', 'diff', '--stat', '--', 'pact/').stdout);
console.error(
  'The contract between the web app and the API changed. Review it (git diff pact/) and commit the pact files\n' +
    'together with the change that caused them, so the provider is verified against what the web app now expects.',
);
process.exit(1);
