import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { readSession, subscribeToSession } from '@/lib/session';

/** What every screen runs inside: the server-state cache. Tests pass their own fresh client. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Signing out (here or in another tab) drops what was read and is no longer on screen, so nothing of the
  // user's stays in memory; a screen still open keeps its data until the guards send the user away.
  useEffect(
    () =>
      subscribeToSession(() => {
        if (!readSession()) client.removeQueries({ type: 'inactive' });
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
