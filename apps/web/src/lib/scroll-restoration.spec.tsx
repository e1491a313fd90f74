import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router-dom';
import { KEEP_SCROLL, useScrollRestoration } from './scroll-restoration';

let navigate: NavigateFunction;
function Layout() {
  useScrollRestoration();
  const navigateHere = useNavigate();
  useEffect(() => {
    navigate = navigateHere;
  });
  return null;
}

/** Scrolls jsdom's window to `y`, as the browser would, scroll event included. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrollRestoration', () => {
  it('starts a new page at the top, leaves the first page and a KEEP_SCROLL navigation where they are, and Back returns to where a page was left', async () => {
    // Chromium's scrollTo returns a promise (which an effect must not return as its cleanup).
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrollWindow(y);
      return Promise.resolve();
    }) as unknown as typeof window.scrollTo);
    scrollWindow(300);
    render(
      <MemoryRouter initialEntries={['/']}>
        <Layout />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    scrollWindow(1200);
    await act(() => navigate('/?q=tee', { state: KEEP_SCROLL }));
    expect(scrollTo).not.toHaveBeenCalled();
    scrollWindow(1500);

    await act(() => navigate('/product/1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollWindow(450);
    await act(() => navigate('/cart', { replace: true }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    await act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
    await act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
