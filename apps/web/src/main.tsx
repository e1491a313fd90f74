import './styles/bootstrap.scss';
import '@/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchRoutesOnIntent } from '@/app/prefetch-routes';
import { prefetchCatalogue } from '@/features/catalogue/prefetch-catalogue';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';

prefetchRoutesOnIntent();

const queryClient = createQueryClient();
if (window.location.pathname === paths.home) void prefetchCatalogue(queryClient, window.location.search);

// A transition, so React renders the first screen in slices of a few milliseconds with the main thread free in
// between, instead of one long task (on a phone's CPU that task alone was most of the page's Total Blocking Time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
