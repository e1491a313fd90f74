import { ApiRoute, PASSWORD_RESET_DONE, PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_REQUESTED } from '@store/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession, saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { customer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const TOKEN = 'k'.repeat(43);

describe('password reset pages', () => {
  it('reaches the form from sign-in, and shows the same answer the server gives for any address', async () => {
    const api = installFakeApi().on('POST', ApiRoute.passwordForgot, { status: 202, body: { message: PASSWORD_RESET_REQUESTED } });
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), '  Sam@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.passwordForgot).map((call) => call.json)).toEqual([{ email: 'sam@example.com' }]);
  });

  it('sets the new password with the token of the link, signs this browser out and offers to sign in', async () => {
    saveSession(customer);
    const api = installFakeApi().on('POST', ApiRoute.passwordReset, { body: { message: PASSWORD_RESET_DONE } });
    renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await userEvent.type(screen.getByLabelText('New password again'), 'a different one');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.passwordReset).map((call) => call.json)).toEqual([
      { token: TOKEN, password: 'a brand new passphrase' },
    ]);
    expect(readSession()).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a used or expired link, with a way to ask for a new one", async () => {
    installFakeApi().on('POST', ApiRoute.passwordReset, {
      status: 400,
      body: {
        error: PASSWORD_RESET_LINK_INVALID,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'token', message: PASSWORD_RESET_LINK_INVALID }],
      },
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await userEvent.type(screen.getByLabelText('New password again'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(PASSWORD_RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says the page needs the link when opened without a token', async () => {
    installFakeApi();
    renderApp('/reset-password');
    expect(await screen.findByText('This page needs the link from the e-mail we sent you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change my password' })).not.toBeInTheDocument();
  });

  it('changes the password from the dashboard and keeps this browser signed in with the new session', async () => {
    saveSession(customer);
    const renewed = { ...customer, token: 'renewed-token' };
    const api = installFakeApi()
      .on('GET', ApiRoute.ordersOfUser, { body: [] })
      .on('POST', ApiRoute.passwordChange, (request) =>
        (request.json as { currentPassword: string }).currentPassword === 'wrong one'
          ? {
              status: 400,
              body: {
                error: 'Current password is not right',
                code: 'VALIDATION_FAILED',
                details: [{ field: 'currentPassword', message: 'Current password is not right' }],
              },
            }
          : { body: renewed },
      );
    renderApp('/user/dashboard');
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong one');
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is not right')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Your other devices have been signed out.')).toBeInTheDocument();
    expect(readSession()?.token).toBe('renewed-token');
    expect(api.calls('POST', ApiRoute.passwordChange).at(-1)?.json).toEqual({
      currentPassword: 'correct horse battery',
      password: 'a brand new passphrase',
    });
  });
});
