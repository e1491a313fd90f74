import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { mailHtml } from './mail-html.js';
import { mailMessage } from './mail-message.js';
import type { OutboxMail } from './outbox.repository.js';

/** An outbox mail, or a test mail (kind `test`), as it is sent. */
type Deliverable = Pick<OutboxMail, 'id' | 'recipient' | 'subject' | 'text'> & { kind: string };

/** A mail server's answer that will not change on a retry (5xx: no such mailbox, refused sender...). */
export class PermanentMailError extends Error {}

/**
 * Short limits on every SMTP step: a hung server must fail the attempt (and be retried later) well within the
 * worker's claim lease, rather than hold the row for nodemailer's default 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends one outbox mail, composed by {@link mailMessage}: over SMTP when SMTP_URL is set (nodemailer, handed the
 * composed message), otherwise as an .eml file in `mail.outboxDir` (`npm start` with no mail server: the mails can
 * be opened in any mail program).
 *
 * Over SMTP the connections are pooled (nodemailer's pooled SMTP): up to SMTP_MAX_CONNECTIONS stay open and carry
 * one mail after another, instead of a connection, a TLS handshake and a login for every mail, which at a mail
 * provider's round-trip times held the outbox to a few mails a second (docs/payments.md, "Order e-mails").
 */
@Injectable()
export class MailSender implements OnApplicationShutdown {
  /** nodemailer's SMTP transport; none without SMTP_URL (the message is written as it is composed). */
  private readonly transport?: Transporter;
  private readonly fromDomain: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtpUrl } = config.mail;
    if (smtpUrl)
      this.transport = nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: config.mail.smtpMaxConnections,
        ...SMTP_TIMEOUTS,
      });
    this.fromDomain = /@([^>\s]+)>?$/.exec(config.mail.from)?.[1] ?? 'localhost';
  }

  /** How many mails can go out at once: one per pooled connection (a file at a time without a mail server). */
  get concurrency(): number {
    return this.config.mail.smtpUrl ? this.config.mail.smtpMaxConnections : 1;
  }

  /** Where mails go, for the start-up banner (the SMTP URL's password is never shown). */
  describe(): string {
    const { smtpUrl, outboxDir } = this.config.mail;
    if (!smtpUrl) return `no SMTP_URL: e-mails are written to ${outboxDir} as .eml files`;
    const url = new URL(smtpUrl);
    return `e-mails go out over ${url.protocol.replace(':', '')} via ${url.host}`;
  }

  /** Sends one mail, or throws: {@link PermanentMailError} when the server refused it for good. */
  async send(mail: OutboxMail): Promise<void> {
    // Stable across retries: a mail sent twice (a worker died between sending and recording it) is one message to
    // the recipient's mail program.
    await this.deliver(mail, `<outbox-${mail.id}@${this.fromDomain}>`);
  }

  /**
   * Sends a test mail at once, past the outbox, and gives the mail server's answer (`250 ...`), or where the file
   * went without one; throws what the server or the connection said.
   */
  async sendTest(to: string): Promise<string> {
    const id = randomUUID();
    const text = [
      'This is a test e-mail from your shop.',
      '',
      'If you can read it, order confirmations and the other mails the shop sends reach this address.',
      '',
      this.config.mail.shopName,
    ].join('\n');
    return this.deliver(
      { id, kind: 'test', recipient: to, subject: `Test e-mail from ${this.config.mail.shopName}`, text },
      `<test-${id}@${this.fromDomain}>`,
    );
  }

  private async deliver(mail: Deliverable, messageId: string): Promise<string> {
    const { shopName, from } = this.config.mail;
    // An .eml file has Unix line ends, as it always had; SMTP takes CRLF.
    const { raw, envelope } = mailMessage(
      { from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mailHtml(shopName, mail.text), messageId },
      { newline: this.transport ? '\r\n' : '\n' },
    );
    if (!this.transport) return `Written to ${await this.writeFile(mail, raw)}`;
    try {
      const info = (await this.transport.sendMail({ envelope: envelope(), raw })) as { response?: string };
      return info.response ?? 'Accepted';
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new PermanentMailError((error as Error).message);
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private async writeFile(mail: Deliverable, raw: Buffer): Promise<string> {
    const dir = this.config.mail.outboxDir;
    // Time first, so a directory listing is in sending order; the id makes the name unique.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${mail.kind}-${mail.id}.eml`);
    try {
      await writeFile(file, raw);
    } catch (error) {
      // The folder is made when it is missing (the first mail, or someone emptied it), not before every mail.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await writeFile(file, raw);
    }
    return file;
  }
}
