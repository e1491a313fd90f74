import { ApiRoute } from '@store/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredReply, installFakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-app';
import { SignupForm } from './signup-form';

const renderForm = () => renderWithProviders(<SignupForm signinLink={<a href="/signin">Login Here</a>} />);

async function fill(name: string, email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('sign-up form', () => {
  it('has labelled Name, Email (type email) and Password (type password) fields', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('sends name, email and password; then clears the fields and shows a success alert linking to sign-in', async () => {
    const api = installFakeApi().on('POST', ApiRoute.signup, {
      status: 201,
      body: { _id: 'u1', name: 'Sam Shopper', email: 'sam@example.com', role: 0 },
    });
    renderForm();
    await fill('  Sam Shopper ', 'sam@example.com', 'correct horse');

    const success = await screen.findByRole('status');
    expect(success).toHaveClass('alert-success');
    expect(success).toHaveTextContent('New account was created successfully. Please Login Here.');
    expect(screen.getByRole('link', { name: 'Login Here' })).toHaveAttribute('href', '/signin');
    expect(api.calls('POST', ApiRoute.signup)[0].json).toEqual({
      name: 'Sam Shopper',
      email: 'sam@example.com',
      password: 'correct horse',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("shows the server's error in a red alert and keeps what was typed", async () => {
    installFakeApi().on('POST', ApiRoute.signup, { status: 409, body: { error: 'Email is already registered', code: 'CONFLICT' } });
    renderForm();
    await fill('Sam Shopper', 'sam@example.com', 'correct horse');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Email is already registered');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it("refuses a name that changes the text direction in the browser (the contract's rule), and shows the server's refusal of a common password beside its field", async () => {
    const common = 'Password is one of the most common passwords; choose one that is harder to guess';
    const bidi = 'Name must not contain characters that change the text direction';
    const api = installFakeApi().on('POST', ApiRoute.signup, {
      status: 400,
      body: { error: common, code: 'VALIDATION_FAILED', details: [{ field: 'password', message: common }] },
    });
    renderForm();
    await fill('Sam \u202eShopper', 'sam@example.com', 'password');
    expect(await screen.findByText(bidi)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', ApiRoute.signup)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Shopper');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(common);
    expect(screen.getAllByText(common).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('names each problem beside its field before asking the server', async () => {
    const api = installFakeApi();
    renderForm();
    await fill('Al', 'not-an-email', 'short');
    expect(screen.getByText('Name must be 3 to 32 characters')).toBeInTheDocument();
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be 8 to 128 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('cannot be sent twice while the request runs', async () => {
    const reply = deferredReply();
    const api = installFakeApi().on('POST', ApiRoute.signup, reply.handler);
    renderForm();
    await fill('Sam Shopper', 'sam@example.com', 'correct horse');
    expect(screen.getByRole('button', { name: 'Creating your account...' })).toBeDisabled();
    reply.resolve({ status: 201, body: { _id: 'u1', name: 'Sam Shopper', email: 'sam@example.com', role: 0 } });
    await screen.findByText(/New account was created successfully/);
    expect(api.requests).toHaveLength(1);
  });
});
