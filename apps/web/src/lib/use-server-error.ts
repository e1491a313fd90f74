import { useState } from 'react';
import { errorMessage } from './api-client';

/** Runs a form's request and keeps the server's refusal (its `error` text) to show until the next attempt. */
export function useServerError() {
  const [serverError, setServerError] = useState<string | null>(null);
  const attempt = async (request: () => Promise<void>): Promise<void> => {
    setServerError(null);
    try {
      await request();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };
  return { serverError, attempt };
}
