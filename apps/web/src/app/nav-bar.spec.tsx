import { ApiRoute } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, customer, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

function navLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

/** The home page has answered (so no update lands after the test). */
const homeLoaded = () => screen.findByText(/No t-shirts in the shop yet/);

beforeEach(() => {
  installFakeApi()
    .on('GET', ApiRoute.products, { body: [], headers: { 'X-Total-Count': '0' } })
    .on('GET', ApiRoute.paymentToken, { body: { clientToken: 'ct', gateway: 'test' } })
    .on('GET', ApiRoute.ordersOfUser, { body: [] })
    .on('GET', ApiRoute.signout, { body: { message: 'Signed out' } });
});

describe('nav bar', () => {
  it('shows Home, Cart, SignUp and SignIn when signed out', async () => {
    renderApp('/');
    await homeLoaded();
    expect(navLinks()).toEqual(['Home', 'Cart', 'SignUp', 'SignIn']);
  });

  it('shows U. Dashboard and Signout for a customer (role 0)', async () => {
    signInAs(customer);
    renderApp('/');
    await homeLoaded();
    expect(navLinks()).toEqual(['Home', 'Cart', 'U. Dashboard', 'Signout']);
  });

  it('shows A. Dashboard and Signout for an admin (role 1)', async () => {
    signInAs(admin);
    renderApp('/');
    await homeLoaded();
    expect(navLinks()).toEqual(['Home', 'Cart', 'A. Dashboard', 'Signout']);
  });

  it('marks the current page green and the others white', async () => {
    const { location } = renderApp('/cart');
    const cart = screen.getByRole('link', { name: 'Cart' });
    const home = screen.getByRole('link', { name: 'Home' });
    expect(cart).toHaveClass('nav-link-current');
    expect(cart).toHaveAttribute('aria-current', 'page');
    expect(home).toHaveClass('nav-link-other');
    expect(home).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('link', { name: 'SignIn' }));
    expect(location().pathname).toBe('/signin');
    await waitFor(() => expect(screen.getByRole('link', { name: 'SignIn' })).toHaveClass('nav-link-current'));
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveClass('nav-link-other');
  });

  it('Home is current only on the home page', async () => {
    renderApp('/');
    await homeLoaded();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('nav-link-current');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveClass('nav-link-other');
  });

  it('Signout removes the session, asks the server to revoke the token and goes home', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.signout, { body: { message: 'Signed out' } })
      .on('GET', ApiRoute.products, { body: [], headers: { 'X-Total-Count': '0' } })
      .on('GET', ApiRoute.ordersOfUser, { body: [] });
    signInAs(customer);
    const { location } = renderApp('/user/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));

    await waitFor(() => expect(api.calls('GET', ApiRoute.signout)).toHaveLength(1));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(location().pathname).toBe('/');
    expect(api.calls('GET', ApiRoute.signout)[0].headers.authorization).toBe(`Bearer ${customer.token}`);
    expect(navLinks()).toEqual(['Home', 'Cart', 'SignUp', 'SignIn']);
    await homeLoaded();
  });

  it('Signout works from the home page too', async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.signout, { body: { message: 'Signed out' } })
      .on('GET', ApiRoute.products, { body: [], headers: { 'X-Total-Count': '0' } });
    signInAs(admin);
    renderApp('/');
    await homeLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    await waitFor(() => expect(api.calls('GET', ApiRoute.signout)).toHaveLength(1));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navLinks()).toEqual(['Home', 'Cart', 'SignUp', 'SignIn']);
  });

  it('shows how many entries the cart holds next to Cart', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { _id: 'a', price: 1, count: 1 },
        { _id: 'a', price: 1, count: 1 },
      ]),
    );
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveTextContent('Cart2');
    await homeLoaded();
  });
});
