import { type Account, ApiRoute, EMAIL_VERIFICATION_SENT, Role } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const ACCOUNT: Account = {
  _id: customer.user._id,
  name: customer.user.name,
  email: customer.user.email,
  emailVerified: false,
  role: Role.Customer,
  createdAt: '2026-11-21T08:00:00.000Z',
};

function accountApi(account: Account = ACCOUNT) {
  return installFakeApi()
    .on('GET', ApiRoute.account, { body: account })
    .on('GET', ApiRoute.ordersOfUser, { body: [], headers: { 'X-Total-Count': '0' } })
    .on('GET', ApiRoute.addresses, { body: { addresses: [] } });
}

describe('the account page', () => {
  it('says the address is not confirmed and sends the link again', async () => {
    const api = accountApi().on('POST', ApiRoute.emailVerification, { status: 202, body: { message: EMAIL_VERIFICATION_SENT } });
    signInAs(customer);
    renderApp('/user/dashboard');
    expect(await screen.findByText('Not confirmed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(EMAIL_VERIFICATION_SENT)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.emailVerification)[0].path).toBe(`/user/${customer.user._id}/email/verification`);
  });

  it('shows no "send again" once the address is confirmed, and keeps the session on the address the account has', async () => {
    accountApi({ ...ACCOUNT, email: 'moved@example.com', emailVerified: true });
    signInAs(customer);
    renderApp('/user/dashboard');
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await waitFor(() => expect(readSession()?.user.email).toBe('moved@example.com'));
  });

  it('renames the user, and the greeting follows', async () => {
    const api = accountApi().on('PUT', ApiRoute.account, (request) => ({
      body: { ...ACCOUNT, name: (request.json as { name: string }).name },
    }));
    signInAs(customer);
    renderApp('/user/dashboard');
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue(ACCOUNT.name));
    await userEvent.clear(name);
    await userEvent.type(name, '  Sam Renamed ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name is saved.')).toBeInTheDocument();
    expect(api.calls('PUT', ApiRoute.account)[0].json).toEqual({ name: 'Sam Renamed' });
    expect(readSession()?.user.name).toBe('Sam Renamed');
    expect(screen.getByText('Welcome, Sam Renamed.')).toBeInTheDocument();
  });

  it('deletes the account: a wrong password is said, the right one leaves for sign-in, signed out', async () => {
    accountApi().on('POST', ApiRoute.accountDelete, (request) =>
      (request.json as { password: string }).password === 'correct horse battery'
        ? { body: { message: 'Your account and its personal data are deleted, and you are signed out everywhere.' } }
        : {
            status: 400,
            body: {
              error: 'Password is not right',
              code: 'VALIDATION_FAILED',
              details: [{ field: 'password', message: 'Password is not right' }],
            },
          },
    );
    signInAs(customer);
    renderApp('/user/dashboard');
    const form = await screen.findByRole('form', { name: 'Delete your account' });
    await userEvent.type(within(form).getByLabelText('Your password'), 'not it');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Password is not right')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Your password'));
    await userEvent.type(within(form).getByLabelText('Your password'), 'correct horse battery');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/Your account and its personal data are deleted/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(readSession()).toBeNull());
  });
});
