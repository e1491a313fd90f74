import { ApiRoute } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '@/testing/fake-api';
import { admin, customer, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', ApiRoute.products, { body: [], headers: { 'X-Total-Count': '0' } })
    .on('GET', ApiRoute.ordersOfUser, { body: [] })
    .on('GET', ApiRoute.categories, { body: [] })
    .on('GET', ApiRoute.ordersAll, { body: [] });
});

const ordersLoaded = () => screen.findByText(/no orders yet/i);

async function signInThroughForm(session: typeof customer) {
  api.on('POST', ApiRoute.signin, { body: session });
  await userEvent.type(screen.getByLabelText('Email'), session.user.email);
  await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('private route /user/dashboard', () => {
  it('sends a signed-out visitor to /signin and back after sign-in', async () => {
    const { location } = renderApp('/user/dashboard');
    expect(location().pathname).toBe('/signin');
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();

    await signInThroughForm(customer);
    await waitFor(() => expect(location().pathname).toBe('/user/dashboard'));
    expect(await screen.findByRole('heading', { name: 'User Dashboard' })).toBeInTheDocument();
    await ordersLoaded();
  });

  it('lets any signed-in user in', async () => {
    signInAs(customer);
    const { location } = renderApp('/user/dashboard');
    expect(location().pathname).toBe('/user/dashboard');
    await ordersLoaded();
  });
});

describe('admin routes', () => {
  it('send a signed-out visitor to /signin with the original location, and back there after an admin signs in', async () => {
    const { location } = renderApp('/admin/categories?page=2');
    expect(location().pathname).toBe('/signin');
    expect(location().state).toMatchObject({ from: { pathname: '/admin/categories', search: '?page=2' }, requiresAdmin: true });

    await signInThroughForm(admin);
    await waitFor(() => expect(location().pathname).toBe('/admin/categories'));
    expect(location().search).toBe('?page=2');
    await screen.findByText('No categories yet.');
  });

  it('send a customer (role 0) to /signin', () => {
    signInAs(customer);
    const { location } = renderApp('/admin/dashboard');
    expect(location().pathname).toBe('/signin');
    expect(screen.getByText(/You are signed in as Casey Customer/)).toBeInTheDocument();
  });

  it('do not send a customer who signs in back to an admin page', async () => {
    const { location } = renderApp('/admin/orders');
    await signInThroughForm(customer);
    await waitFor(() => expect(location().pathname).toBe('/user/dashboard'));
  });

  it('let an admin in', async () => {
    signInAs(admin);
    const { location } = renderApp('/admin/orders');
    expect(location().pathname).toBe('/admin/orders');
    expect(screen.getByRole('heading', { name: 'Manage Your Orders' })).toBeInTheDocument();
    await ordersLoaded();
  });
});

describe('two-factor sign-in', () => {
  it('takes an account with it on through the code step, then where it was going', async () => {
    const { location } = renderApp('/admin/orders');
    api.on('POST', ApiRoute.signin, { body: { twoFactorRequired: true, challenge: 'a.challenge.token' } });
    await userEvent.type(screen.getByLabelText('Email'), admin.user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const step = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    expect(localStorage.getItem('jwt')).toBeNull();

    api.on('POST', ApiRoute.signinTwoFactor, {
      status: 400,
      body: { error: 'That code is not right, or it was used already; try the next one', code: 'VALIDATION_FAILED' },
    });
    await userEvent.type(within(step).getByLabelText('Code'), '123 456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right, or it was used already; try the next one')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.signinTwoFactor)[0].json).toEqual({ challenge: 'a.challenge.token', code: '123 456' });

    api.on('POST', ApiRoute.signinTwoFactor, { body: admin });
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/orders'));
    expect(JSON.parse(localStorage.getItem('jwt')!)).toEqual(admin);
  });

  it('refuses a code of neither shape before asking the server', async () => {
    renderApp('/signin');
    api.on('POST', ApiRoute.signin, { body: { twoFactorRequired: true, challenge: 'a.challenge.token' } });
    await userEvent.type(screen.getByLabelText('Email'), admin.user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const step = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    await userEvent.type(within(step).getByLabelText('Code'), '12');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes'),
    ).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.signinTwoFactor)).toHaveLength(0);
  });

  it('sends a member the shop requires to enrol to the set-up page from any admin page', async () => {
    signInAs({ ...admin, twoFactorEnrolmentRequired: true });
    api.on('GET', ApiRoute.twoFactor, { body: { enabled: false, required: true, recoveryCodesLeft: 0 } });
    const { location } = renderApp('/admin/orders');
    await waitFor(() => expect(location().pathname).toBe('/admin/two-factor'));
    expect(await screen.findByText(/The shop requires two-factor sign-in for its staff/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('redirect after sign-in without a guard', () => {
  it('takes an admin to /admin/dashboard', async () => {
    const { location } = renderApp('/signin');
    await signInThroughForm(admin);
    await waitFor(() => expect(location().pathname).toBe('/admin/dashboard'));
    expect(JSON.parse(localStorage.getItem('jwt')!)).toEqual(admin);
  });

  it('takes a customer to /user/dashboard', async () => {
    const { location } = renderApp('/signin');
    await signInThroughForm(customer);
    await waitFor(() => expect(location().pathname).toBe('/user/dashboard'));
    await ordersLoaded();
  });
});

describe('route spelling', () => {
  it.each(['/Signup', '/signup'])('%s shows the sign-up form', (path) => {
    renderApp(path);
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });

  it.each(['/Signin', '/signin'])('%s shows the sign-in form', (path) => {
    renderApp(path);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('an unknown path says so', () => {
    renderApp('/admin/products/update');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
