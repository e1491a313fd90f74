import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while a server-rendered page hydrates, true once React runs the page in the browser. A
 * control that needs JavaScript stays disabled until then, so a click that comes first cannot submit its form the
 * browser's own way (a GET of the page itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
