import { CATALOGUE_CHANNEL, type ChangeChannel, ChangeFeed } from '../../src/database/change-feed.js';
import type { TestApp } from './test-app.js';

/**
 * Waits until each app has heard every catalogue notification sent so far (the writes before this call): one of the
 * test's own is sent last, and a listening connection receives notifications in the order they were committed. A
 * late one would otherwise drop a cached page between a test's two requests on a busy machine.
 */
export async function catalogueNotificationsDelivered(...apps: TestApp[]): Promise<void> {
  const marker = `test-marker-${process.pid}-${Date.now()}-${Math.random()}`;
  const heard = apps.map((t) => notificationHeard(t, marker));
  await apps[0].dataSource.query(`SELECT pg_notify('${CATALOGUE_CHANNEL}', $1)`, [marker]);
  await Promise.all(heard);
}

/**
 * Resolves once `t` hears `payload` on `channel` (the catalogue's unless given): subscribe before the write that
 * sends it, await after. A write another replica made, or one made in SQL by the test, reaches this process's caches
 * only then.
 */
export function notificationHeard(t: TestApp, payload: string, channel: ChangeChannel = CATALOGUE_CHANNEL): Promise<void> {
  return new Promise<void>((resolve) =>
    t.app.get(ChangeFeed).subscribe({ changed: (said) => said === payload && resolve(), flush: () => undefined }, channel),
  );
}
