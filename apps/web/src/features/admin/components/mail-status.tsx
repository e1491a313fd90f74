import type { MailStatus as MailStatusData } from '@store/contract';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useMailStatus } from '../api/get-mail-status';
import { useSendTestMail } from '../api/send-test-mail';
import { Panel } from './panel';

const COUNT_LABELS: [keyof MailStatusData['counts'], string][] = [
  ['waiting', 'Waiting'],
  ['failing', 'Failing (retried)'],
  ['rejected', 'Refused'],
  ['sentLastDay', 'Sent in 24 h'],
];

const when = (iso: string): string => new Date(iso).toLocaleString();

/** The shop's e-mail: where it goes, the backlog, what failed and why, and a test mail with the server's answer. */
export function MailStatus() {
  const { data, error } = useMailStatus();
  // The test mail is a settings check, the owner's (the server refuses it to anyone else).
  const { isOwner } = useStaffPermissions();
  return (
    <Panel id="mail-status" title="E-mail" className="mt-4">
      <div className="card-body">
        {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
        {!data && !error ? <Spinner label="Loading the e-mail status..." /> : null}
        {data ? (
          <>
            <p className="small text-body-secondary">{data.transport}</p>
            <dl className="row row-cols-2 row-cols-md-4 g-2 mb-3" aria-label="E-mail backlog">
              {COUNT_LABELS.map(([key, label]) => (
                <div key={key} className="col">
                  <dt className="small fw-normal text-body-secondary">{label}</dt>
                  <dd className="mb-0 fs-5" data-count={key}>
                    {data.counts[key]}
                  </dd>
                </div>
              ))}
            </dl>
            {data.problems.length > 0 ? (
              <table className="table table-sm small" aria-label="E-mails that failed">
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last answer</th>
                    <th scope="col">Next attempt</th>
                  </tr>
                </thead>
                <tbody>
                  {data.problems.map((mail) => (
                    <tr key={mail._id}>
                      <td className="text-break">{mail.recipient}</td>
                      <td>{mail.subject}</td>
                      <td>{mail.attempts}</td>
                      <td className="text-break">{mail.lastError}</td>
                      <td>{mail.nextAttemptAt ? when(mail.nextAttemptAt) : 'Refused for good'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        ) : null}
        {isOwner ? <TestMailForm /> : null}
      </div>
    </Panel>
  );
}

function TestMailForm() {
  const { mutateAsync: send, data: result, error, isPending, reset: clearResult } = useSendTestMail();
  const { register, handleSubmit } = useForm<{ to: string }>({ defaultValues: { to: '' } });
  const onSubmit = handleSubmit(async ({ to }) => {
    clearResult();
    await send(to.trim() || undefined).catch(() => undefined);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Test e-mail" className="border-top pt-3">
      <TextField
        id="test-mail-to"
        label="Send a test e-mail to"
        hint="Leave empty to send it to your own address."
        type="email"
        autoComplete="email"
        registration={register('to')}
      />
      <button type="submit" className="btn btn-outline-dark" disabled={isPending}>
        Send a test e-mail
      </button>
      <div className="mt-3">
        {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
        {result ? (
          <Alert variant={result.sent ? 'success' : 'danger'}>
            {result.sent ? `Sent to ${result.to}.` : `Not sent to ${result.to}.`} The mail server answered: {result.answer}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
