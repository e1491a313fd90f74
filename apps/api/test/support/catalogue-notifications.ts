import { CATALOGUE_CHANNEL, ChangeFeed } from '../../src/database/change-feed.js';
import type { TestApp } from './test-app.js';

/**
 * Waits until each app has heard every catalogue notification sent so far (the writes before this call): one of the
 * test's own is sent last, and a listening connection receives notifications in the order they were committed. A
 * late one would otherwise drop a cached page between a test's two requests on a busy machine.
 */
export async function catalogueNotificationsDelivered(...apps: TestApp[]): Promise<void> {
  const marker = `test-marker-${process.pid}-${Date.now()}-${Math.random()}`;
  const heard = apps.map(
    (t) =>
      new Promise<void>((resolve) =>
        t.app.get(ChangeFeed).subscribe({ changed: (payload) => payload === marker && resolve(), flush: () => undefined }),
      ),
  );
  await apps[0].dataSource.query(`SELECT pg_notify('${CATALOGUE_CHANNEL}', $1)`, [marker]);
  await Promise.all(heard);
}
