import { randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import { encode as quotedPrintable, wrap as softWrapped } from 'nodemailer/lib/qp';

/** What one of the shop's mails says and to whom. */
export interface MailContent {
  /** The sender, as configured (MAIL_FROM): `Name <address>` or an address. */
  from: string;
  to: string;
  subject: string;
  /** The plain text; `html` says the same (mail-html.ts). */
  text: string;
  html: string;
  /** `<id@domain>`: the same on every attempt at the same mail. */
  messageId: string;
}

/** A mail ready to go: the message's bytes, and the addresses its SMTP envelope carries (worked out when asked). */
export interface MailMessage {
  raw: Buffer;
  envelope(): { from: string; to: string[] };
}

/** The parts' own headers: the same for every mail (both parts UTF-8, always quoted-printable). */
const TEXT_PART = 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable';
const HTML_PART = 'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable';

/**
 * The raw message of one of the shop's mails (RFC 5322, CRLF line ends, or `newline` for a file read on a Unix
 * machine): multipart/alternative, its text then the same text as HTML, each in UTF-8 quoted-printable (no line over
 * 76 characters whatever the text holds).
 *
 * The header block is nodemailer's own (MimeNode: the addresses normalised, anything beyond plain ASCII and any line
 * break in a value made an encoded word, long values folded, Date, MIME-Version and a unique boundary), and so is
 * the quoted-printable encoding; only the two parts, which every mail the shop sends has, are laid out here.
 * nodemailer's sendMail composes the same message through a tree of streams at several times the CPU, and every
 * paid order sends a mail (docs/performance.md, "Seven statements, and a mail at a fifth of its composing cost").
 */
export function mailMessage(mail: MailContent, { newline = '\r\n' }: { newline?: '\r\n' | '\n' } = {}): MailMessage {
  // The boundary's random part from randomUUID's pool of random bytes: MimeNode's own asks OpenSSL for 8 bytes for
  // every mail (in the API's profile under load, docs/performance.md).
  const root = new MimeNode('multipart/alternative', { baseBoundary: randomUUID() });
  root.setHeader({ From: mail.from, To: mail.to, Subject: mail.subject, 'Message-ID': mail.messageId });
  // Built first: building it sets the boundary the parts are written between.
  const headers = root.buildHeaders();
  const boundary = `--${root.boundary as string}`;
  const raw = [
    headers,
    '',
    boundary,
    TEXT_PART,
    '',
    encoded(mail.text),
    boundary,
    HTML_PART,
    '',
    encoded(mail.html),
    `${boundary}--`,
    '',
  ].join('\r\n');
  return {
    raw: Buffer.from(newline === '\r\n' ? raw : raw.replaceAll('\r\n', newline), 'utf8'),
    envelope: () => root.getEnvelope() as ReturnType<MailMessage['envelope']>,
  };
}

/** A part's body: its line breaks as CRLF (which quoted-printable keeps), then encoded and soft-wrapped at 76. */
function encoded(body: string): string {
  return softWrapped(quotedPrintable(body.replace(/\r?\n|\r/g, '\r\n')), 76);
}
