import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The newest mail of `kind` to `email`, as the store wrote it: it has no SMTP_URL here, so the worker writes each
 * mail as an .eml file (quoted-printable, decoded here) to the outbox folder. Waits up to 15 s for the worker.
 */
export async function mailTo(email: string, kind: string): Promise<string> {
  const outbox = process.env.E2E_OUTBOX_DIR!;
  const find = (): string | undefined =>
    (existsSync(outbox) ? readdirSync(outbox) : [])
      .filter((name) => name.includes(`-${kind}-`))
      .map((name) =>
        readFileSync(path.join(outbox, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
      .find((text) => text.includes(`To: ${email}`));
  for (let waited = 0; waited < 15_000; waited += 250) {
    const mail = find();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${kind} mail to ${email} in ${outbox}`);
}
