import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { resetApiClient } from '@/lib/api-client';

// jsdom does not scroll; the layout's useScrollRestoration calls this on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetApiClient();
  jest.restoreAllMocks();
});
