import './styles/bootstrap.scss';
import '@/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchRoutesOnIntent } from '@/app/prefetch-routes';

prefetchRoutesOnIntent();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
