// Stops the store the global setup started, drops its database and removes its folder (built-store.ts).
export default async function globalTeardown() {
  await globalThis.__STORE_E2E__?.stop();
}
