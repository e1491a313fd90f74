import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient, forgetDataOnSignOut } from '@/lib/query-client';

/** What every screen runs inside: the server-state cache. Tests pass their own fresh client. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => forgetDataOnSignOut(client), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
