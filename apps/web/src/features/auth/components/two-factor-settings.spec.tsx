import { ApiRoute } from '@store/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${'efghijklmn'[i]}-pqrs${'tuvwxyz234'[i]}`);
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Shop:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('two-factor page', () => {
  it('sets it up: the QR code and key, a checked first code, the recovery codes once, then the state', async () => {
    signInAs({ ...admin, twoFactorEnrolmentRequired: true });
    const api = installFakeApi()
      .on('GET', ApiRoute.twoFactor, { body: { enabled: false, required: true, recoveryCodesLeft: 0 } })
      .on('POST', ApiRoute.twoFactorEnrol, { body: ENROLMENT })
      .on('POST', ApiRoute.twoFactorConfirm, { body: { recoveryCodes: CODES, session: { ...admin, token: 'token-after-enrolment' } } });
    renderApp('/admin/two-factor');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', ENROLMENT.qrCode);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(ENROLMENT.secret);

    const form = screen.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await userEvent.type(within(form).getByLabelText('Code from the app'), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.twoFactorConfirm)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Code from the app'), '6');
    api.on('GET', ApiRoute.twoFactor, { body: { enabled: true, required: true, recoveryCodesLeft: 10 } });
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.calls('POST', ApiRoute.twoFactorConfirm).map((call) => call.json)).toEqual([{ code: '123456' }]);
    // The new session (every other one has ended) no longer waits for enrolment, so the other admin pages open again.
    expect(readSession()?.twoFactorEnrolmentRequired).toBeUndefined();
    expect(readSession()?.token).toBe('token-after-enrolment');

    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor sign-in is on. 10 of your recovery codes are left.')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code, showing the server’s refusal first', async () => {
    signInAs(admin);
    const api = installFakeApi()
      .on('GET', ApiRoute.twoFactor, { body: { enabled: true, required: false, recoveryCodesLeft: 1 } })
      .on('POST', ApiRoute.twoFactorDisable, {
        status: 400,
        body: {
          error: 'Password is not right',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'password', message: 'Password is not right' }],
        },
      });
    renderApp('/admin/two-factor');
    expect(await screen.findByText('Two-factor sign-in is on. 1 of your recovery codes is left.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await userEvent.type(within(form).getByLabelText('Password'), 'not it');
    await userEvent.type(within(form).getByLabelText('Code from the app, or a recovery code'), 'abcde-fghij');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Password is not right')).toBeInTheDocument();

    api.on('POST', ApiRoute.twoFactorDisable, {
      body: { message: 'Two-factor sign-in is off', session: { ...admin, token: 'token-after-off' } },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(screen.getByText('Two-factor sign-in is off')).toBeInTheDocument());
    expect(api.calls('POST', ApiRoute.twoFactorDisable).at(-1)?.json).toEqual({ password: 'not it', code: 'abcde-fghij' });
    expect(readSession()?.token).toBe('token-after-off');
  });

  it('makes new recovery codes with a code from the app and shows them once', async () => {
    signInAs(admin);
    const api = installFakeApi()
      .on('GET', ApiRoute.twoFactor, { body: { enabled: true, required: false, recoveryCodesLeft: 2 } })
      .on('POST', ApiRoute.twoFactorRecoveryCodes, { body: { recoveryCodes: CODES } });
    renderApp('/admin/two-factor');
    const form = await screen.findByRole('form', { name: 'Make new recovery codes' });
    // A recovery code is not enough: the app's six digits are asked for, checked before anything is sent.
    await userEvent.type(within(form).getByLabelText('Code from the app'), 'abcde-fghij');
    await userEvent.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(form).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.twoFactorRecoveryCodes)).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Code from the app'));
    await userEvent.type(within(form).getByLabelText('Code from the app'), '654321');
    api.on('GET', ApiRoute.twoFactor, { body: { enabled: true, required: false, recoveryCodesLeft: 10 } });
    await userEvent.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(api.calls('POST', ApiRoute.twoFactorRecoveryCodes).map((call) => call.json)).toEqual([{ code: '654321' }]);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor sign-in is on. 10 of your recovery codes are left.')).toBeInTheDocument();
  });
});
