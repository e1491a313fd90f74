import { ApiRoute, type MailStatus as MailStatusData } from '@store/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '@/lib/session';
import { installFakeApi } from '@/testing/fake-api';
import { admin } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { MailStatus } from './mail-status';

const status = (overrides: Partial<MailStatusData> = {}): MailStatusData => ({
  transport: 'e-mails go out over smtp via mail.example.com:465',
  counts: { waiting: 2, failing: 1, rejected: 1, sentLastDay: 40 },
  problems: [
    {
      _id: 'm1',
      kind: 'order-confirmation',
      recipient: 'sam@example.com',
      subject: 'Your order #1001 is confirmed',
      attempts: 3,
      lastError: '451 Try again later',
      createdAt: '2026-11-25T10:00:00.000Z',
      nextAttemptAt: '2026-11-25T10:08:00.000Z',
      rejected: false,
    },
    {
      _id: 'm2',
      kind: 'order-confirmation',
      recipient: 'nobody@example.com',
      subject: 'Your order #1000 is confirmed',
      attempts: 1,
      lastError: '550 No such mailbox',
      createdAt: '2026-11-25T09:00:00.000Z',
      nextAttemptAt: null,
      rejected: true,
    },
  ],
  ...overrides,
});

describe('the e-mail panel of the admin dashboard', () => {
  beforeEach(() => saveSession(admin));

  it('shows where mails go, the backlog and each failed mail with its last answer', async () => {
    installFakeApi().on('GET', ApiRoute.mailStatus, { body: status() });
    renderWithProviders(<MailStatus />);
    expect(await screen.findByText('e-mails go out over smtp via mail.example.com:465')).toBeInTheDocument();
    const backlog = screen.getByLabelText('E-mail backlog');
    expect(within(backlog).getByText('Failing (retried)').nextSibling).toHaveTextContent('1');
    expect(within(backlog).getByText('Sent in 24 h').nextSibling).toHaveTextContent('40');
    const rows = within(screen.getByRole('table', { name: 'E-mails that failed' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('sam@example.com');
    expect(rows[1]).toHaveTextContent('451 Try again later');
    expect(rows[2]).toHaveTextContent('550 No such mailbox');
    expect(rows[2]).toHaveTextContent('Refused for good');
  });

  it("sends a test mail to the address given (or the admin's own) and shows the server's answer", async () => {
    const api = installFakeApi()
      .on('GET', ApiRoute.mailStatus, { body: status({ problems: [] }) })
      .on('POST', ApiRoute.mailTest, (request) => ({
        body: { sent: true, to: (request.json as { to?: string }).to ?? admin.user.email, answer: '250 2.0.0 Ok: queued as 4F2A' },
      }));
    renderWithProviders(<MailStatus />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText(/^Sent to/)).toHaveTextContent(
      `Sent to ${admin.user.email}. The mail server answered: 250 2.0.0 Ok: queued as 4F2A`,
    );
    await userEvent.type(screen.getByLabelText('Send a test e-mail to'), 'ops@shop.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText(/Sent to ops@shop\.example\./)).toBeInTheDocument();
    expect(api.calls('POST', ApiRoute.mailTest).map((call) => call.json)).toEqual([{}, { to: 'ops@shop.example' }]);
  });

  it('shows a refusal as the answer, and a bad address as the server explains it', async () => {
    installFakeApi()
      .on('GET', ApiRoute.mailStatus, { body: status({ problems: [] }) })
      .on('POST', ApiRoute.mailTest, (request) =>
        (request.json as { to?: string }).to === 'bad'
          ? { status: 400, body: { error: 'To must be a valid email address', code: 'VALIDATION_FAILED' } }
          : { body: { sent: false, to: admin.user.email, answer: 'Message failed: 550 No such mailbox' } },
      );
    renderWithProviders(<MailStatus />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText(/Not sent to .*The mail server answered: Message failed: 550 No such mailbox/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Send a test e-mail to'), 'bad');
    await userEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('To must be a valid email address')).toBeInTheDocument();
  });
});
