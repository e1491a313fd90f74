import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A received mail: envelope and the message decoded from quoted-printable (nodemailer wraps long lines). */
export interface Received {
  to: string[];
  raw: string;
  text: string;
  messageId: string;
}

/**
 * A real SMTP server on a free port (the npm `smtp-server` package). `refuse` decides, per message, whether to
 * answer with an error instead of accepting it (e.g. 451, try again later); `delayMs` slows every message, so two
 * workers (or one worker's connections) really overlap.
 */
export async function startSmtp(
  options: { refuse?: (attempt: number) => { code: number; message: string } | undefined; delayMs?: number } = {},
) {
  const received: Received[] = [];
  let attempts = 0;
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session: SMTPServerSession, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        const refusal = options.refuse?.(attempts);
        setTimeout(() => {
          inFlight -= 1;
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            text: decodeQuotedPrintable(raw),
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    connections: () => connections,
    /** The most messages the server was taking at one time. */
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
