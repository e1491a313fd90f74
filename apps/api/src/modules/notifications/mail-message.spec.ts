import { type AddressObject, simpleParser } from 'mailparser';
import { mailHtml } from './mail-html.js';
import { type MailContent, mailMessage } from './mail-message.js';

/** A mail as a mail program reads it: parsed back by mailparser, a parser that shares no code with the composer. */
async function read(mail: MailContent) {
  const { raw, envelope } = mailMessage(mail);
  const parsed = await simpleParser(raw);
  const first = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field[0] : field)?.value[0];
  return { raw: raw.toString('utf8'), envelope: envelope(), parsed, from: first(parsed.from), to: first(parsed.to) };
}

const text = [
  'Hello Zoë,',
  '',
  'Thank you for your order 1042 of 2 items.',
  '',
  '  1 x Tee (M) 15.00 €',
  '  1 x Hoodie "Ünïcode 🎽" (XL) 30.00 €',
  '',
  'Total: 45.00 €',
  '',
  'See it at https://tees.example/order/0f8d2b1e-5c1a-4c1e-9a57-3b8d1f2e4a10?view=full&lang=de',
].join('\n');

function mail(overrides: Partial<MailContent> = {}): MailContent {
  const body = overrides.text ?? text;
  return {
    from: 'Tee & Co <shop@tees.example>',
    to: 'zoe@buyers.example',
    subject: 'Your order 1042',
    text: body,
    html: mailHtml('Tee & Co', body),
    messageId: '<outbox-7f1c@tees.example>',
    ...overrides,
  };
}

describe('mailMessage', () => {
  it('reads back as written: sender, recipient, subject, Message-ID, a date, and the text and HTML exactly', async () => {
    const sent = mail();
    const { parsed, from, to, envelope } = await read(sent);
    expect(from).toEqual({ name: 'Tee & Co', address: 'shop@tees.example' });
    expect(to).toEqual({ name: '', address: 'zoe@buyers.example' });
    expect(parsed.subject).toBe('Your order 1042');
    expect(parsed.messageId).toBe('<outbox-7f1c@tees.example>');
    expect(parsed.date).toBeInstanceOf(Date);
    expect(Math.abs(parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(parsed.text).toBe(sent.text);
    expect(parsed.html).toBe(sent.html);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(envelope).toEqual({ from: 'shop@tees.example', to: ['zoe@buyers.example'] });
  });

  it('carries names, subjects and text beyond ASCII, and lines of any length, within 78 characters a line', async () => {
    const long = `${'A line with no break at all, '.repeat(40)}end.`;
    const sent = mail({
      from: 'Tées & Cø “Berlin” <shop@tees.example>',
      subject: 'Ihre Bestellung „1042“ über 45,00 € 🎽 — vielen Dank, wir melden uns, sobald sie unterwegs ist',
      text: `${text}\n${long}\n.a line starting with a dot\nFrom the shop\ntrailing spaces   \n=3D is not an escape`,
    });
    const { raw, parsed, from } = await read(sent);
    expect(from?.name).toBe('Tées & Cø “Berlin”');
    expect(parsed.subject).toBe(sent.subject);
    expect(parsed.text).toBe(sent.text);
    expect(parsed.html).toBe(sent.html);
    const lines = raw.split('\r\n');
    expect(lines.every((line) => line.length <= 78)).toBe(true);
    expect(/[^\p{ASCII}]/u.test(raw.replace(/^To: .*$/m, ''))).toBe(false);
  });

  it('ends every line with CRLF, as SMTP expects, or with LF when asked (an .eml file), saying the same', async () => {
    const sent = mail({ text: 'one\ntwo\r\nthree\rfour' });
    const { raw } = await read(sent);
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const unix = mailMessage(sent, { newline: '\n' }).raw;
    expect(unix.toString()).not.toContain('\r');
    const parsed = await simpleParser(unix);
    expect(parsed.text).toBe('one\ntwo\nthree\nfour');
    expect(parsed.subject).toBe(sent.subject);
  });

  it('keeps a line break in a subject, a name or an address out of the headers: no header can be added through one', async () => {
    const injected = 'Bcc: thief@evil.example';
    const { parsed, raw } = await read(
      mail({
        subject: `Your order\r\n${injected}`,
        from: `Tee\r\n${injected} <shop@tees.example>`,
        to: `zoe@buyers.example\r\n${injected}`,
      }),
    );
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(parsed.subject).toBe(`Your order ${injected}`);
  });

  it('gives every message a boundary of its own', () => {
    const boundaryOf = (raw: Buffer) => /boundary="([^"]+)"/.exec(raw.toString())?.[1];
    const a = boundaryOf(mailMessage(mail()).raw);
    const b = boundaryOf(mailMessage(mail()).raw);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });
});
