import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';

export interface Resource<T> {
  /** The loaded value; undefined until the current `load` has answered. */
  data: T | undefined;
  /** The failure text of the current `load`, already logged to the console. */
  error: string | null;
  loading: boolean;
  /** Loads again (e.g. a list after a delete); the current data stays on screen meanwhile. */
  reload: () => void;
  /** Replaces the data locally, e.g. with what a save answered. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

interface State<T> {
  load: unknown;
  data: T | undefined;
  error: string | null;
  settled: boolean;
}

/**
 * Data a screen reads once when it mounts: calls `load` (memoise it with useCallback; a new function means
 * "load again for new inputs") and aborts the call if the screen goes away first. `null` loads nothing.
 */
export function useResource<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Resource<T> {
  const [state, setState] = useState<State<T>>({ load: undefined, data: undefined, error: null, settled: false });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!load) return;
    const abort = new AbortController();
    load(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ load, data, error: null, settled: true });
      },
      (cause: unknown) => {
        if (abort.signal.aborted) return;
        console.error(cause);
        setState((s) => ({ load, data: s.load === load ? s.data : undefined, error: errorMessage(cause), settled: true }));
      },
    );
    return () => abort.abort();
  }, [load, version]);

  const current = state.load === load;
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })), []);
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : null,
    loading: !!load && (!current || !state.settled),
    reload,
    setData,
  };
}
