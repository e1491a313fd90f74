import { ApiRoute } from '@store/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredReply, installFakeApi } from '@/testing/fake-api';
import { customer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { SigninForm } from './signin-form';

async function fill(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('sign-in form', () => {
  it('has labelled Email (type email) and Password (type password) fields', () => {
    renderWithProviders(<SigninForm onSignedIn={jest.fn()} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows a loading notice while the request runs, then hands over the session', async () => {
    const reply = deferredReply();
    const api = installFakeApi().on('POST', ApiRoute.signin, reply.handler);
    const onSignedIn = jest.fn();
    renderWithProviders(<SigninForm onSignedIn={onSignedIn} />);
    await fill('casey@example.com', 'a-good-password');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    reply.resolve({ body: customer });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(customer));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.signin)[0].json).toEqual({ email: 'casey@example.com', password: 'a-good-password' });
  });

  it("shows the server's error text in a red alert", async () => {
    installFakeApi().on('POST', ApiRoute.signin, {
      status: 401,
      body: { error: 'Email and password do not match', code: 'UNAUTHENTICATED' },
    });
    const onSignedIn = jest.fn();
    renderWithProviders(<SigninForm onSignedIn={onSignedIn} />);
    await fill('casey@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Email and password do not match');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for both fields before calling the server', async () => {
    const api = installFakeApi();
    renderWithProviders(<SigninForm onSignedIn={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
