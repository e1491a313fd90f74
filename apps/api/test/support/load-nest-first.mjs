// Nest 12 is ESM; nestjs-cls and its transactional plugin are CommonJS and require() it. Jest runs a CommonJS
// dependency while it is still linking the test file's ES module graph, where @nestjs/common is not evaluated yet,
// and refuses that require() as a cycle. Evaluated here first, Nest is simply there when they ask for it.
await import('@nestjs/common');
await import('@nestjs/core');

// nestjs-cls keeps ONE plugin hooks host per process: the newest app's, set in its constructor, before its
// onModuleInit has gathered the hooks. A test file that starts a second app (a replica) while the first runs a
// `@UseCls` pass (the reservation sweeper, the stock alert pass) made that pass meet a host without hooks yet
// ("beforeSetupHooks is not iterable"). Production runs one app per process. Here the shared host is the newest
// one whose hooks are gathered; every app of the process registers the same plugin, so its hooks serve them all.
{
  // Through the test's own module registry (an import here is Jest's), so the class patched is the one the apps use.
  const hooksHost = await import('nestjs-cls/dist/src/lib/plugin/cls-plugin-hooks-host.js');
  const { ClsPluginsHooksHost } = hooksHost.default ?? hooksHost;
  const gathered = [];
  const onModuleInit = ClsPluginsHooksHost.prototype.onModuleInit;
  ClsPluginsHooksHost.prototype.onModuleInit = function gatherHooks() {
    onModuleInit.call(this);
    gathered.splice(0, gathered.length, this);
  };
  const getInstance = ClsPluginsHooksHost.getInstance;
  ClsPluginsHooksHost.getInstance = function gatheredInstance() {
    const newest = getInstance.call(this);
    return newest.beforeSetupHooks === undefined && gathered.length > 0 ? gathered[0] : newest;
  };
}
