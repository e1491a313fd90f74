import { act, renderHook } from '@testing-library/react';
import { useAfterLoad } from './use-after-load';

// One test only: the hook remembers, module-wide, that a page of this visit has loaded (then it is ready at once).
describe('useAfterLoad', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('gives up waiting for the page load after the cap (a stalled photo holds `load` back)', () => {
    jest.useFakeTimers();
    jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { result } = renderHook(() => useAfterLoad(2000, 5000));
    act(() => jest.advanceTimersByTime(4999));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
