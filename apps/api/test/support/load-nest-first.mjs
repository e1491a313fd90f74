// Nest 12 is ESM; nestjs-cls and its transactional plugin are CommonJS and require() it. Jest runs a CommonJS
// dependency while it is still linking the test file's ES module graph, where @nestjs/common is not evaluated yet,
// and refuses that require() as a cycle. Evaluated here first, Nest is simply there when they ask for it.
await import('@nestjs/common');
await import('@nestjs/core');
