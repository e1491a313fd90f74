// npm puts the node@24 devDependency first on PATH for npm scripts; a bare `nx` or `jest` would
// run on the machine's own Node, which is too old for Pact, testcontainers and TypeORM.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `This project needs Node >= 24 (found ${process.versions.node}). Run it through npm (npm start, npm test, npm run ...), ` +
      'which uses the Node 24 installed by `npm ci`, or install Node 24.',
  );
  process.exit(1);
}
