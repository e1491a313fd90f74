import { act, renderHook } from '@testing-library/react';
import { admin, customer } from '@/testing/fixtures';
import { SESSION_STORAGE_KEY, authOf, clearSession, isAdmin, readSession, saveSession, useSession } from './session';

describe('session storage', () => {
  it('keeps {token, user} in localStorage under "jwt"', () => {
    saveSession(customer);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(customer);
    expect(readSession()).toEqual(customer);
    clearSession();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('treats a damaged value as signed out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'garbage');
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'x' }));
    expect(readSession()).toBeNull();
  });

  it('knows admins by role 1 and gives calls the user id and token', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(customer)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(authOf(customer)).toEqual({ userId: customer.user._id, token: customer.token });
  });

  it('re-renders on changes in this tab and on storage events from other tabs', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => saveSession(admin));
    expect(result.current?.user.name).toBe('Ada Admin');

    // Another tab signs out: the browser changes storage and fires a storage event here.
    act(() => {
      localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(result.current).toBeNull();
  });
});
