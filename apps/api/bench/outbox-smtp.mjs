// What sending the outbox's mails over SMTP costs, in process, against a real SMTP server (the npm `smtp-server`
// package) on a local port speaking implicit TLS (smtps, a throwaway self-signed certificate) and answering each
// step of a mail (connect, sender, recipient, message) after BENCH_SMTP_RTT_MS (default 20), as a mail provider
// across a network would. Two ways, in the same run, each sending BENCH_MAILS (default 200) order confirmations:
//   - a connection per mail, one mail at a time: nodemailer's SMTP transport without a pool, as the outbox sent
//     before SMTP_MAX_CONNECTIONS (a TCP connection, a TLS handshake and a greeting for every mail);
//   - the API's MailSender (apps/api/dist): pooled connections, SMTP_MAX_CONNECTIONS (default 5) mails at once, each
//     connection taking the next mail when its last one is done, as the outbox worker's lanes do.
// Prints mails per second, this process's CPU per mail (user + system: composing, TLS and SMTP at both ends, the
// server being in this process too) and the connections the server saw.
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/outbox-smtp.mjs
// A benchmark, not a test: it fails only when a mail does not arrive.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { fromDist, positiveInteger, runBenchmark, step } from './support.mjs';

const MAILS = positiveInteger('BENCH_MAILS', 200);
const RTT_MS = Number(process.env.BENCH_SMTP_RTT_MS ?? 20);
const CONNECTIONS = positiveInteger('SMTP_MAX_CONNECTIONS', 5);

const { MailSender } = await fromDist('modules/notifications/mail-sender.js');
const { mailHtml } = await fromDist('modules/notifications/mail-html.js');

await runBenchmark(async () => {
  const server = await startServer();
  try {
    // The server's certificate is the throwaway one made above: trusted for this process only.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    const url = `smtps://127.0.0.1:${server.port}`;
    const mail = (n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      kind: 'order-received',
      recipient: `buyer${n}@example.com`,
      subject: `Your order #${1000 + n}`,
      text: orderText(n),
    });
    step(`${MAILS} mails a way over smtps, each step answered after ${RTT_MS} ms; ${CONNECTIONS} pooled connections`);

    const before = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    const oneByOne = await measure(server, async () => {
      for (let n = 0; n < MAILS; n += 1) {
        const m = mail(n);
        await before.sendMail({
          from: 'T-shirt Store <shop@tees.example>',
          to: m.recipient,
          subject: m.subject,
          text: m.text,
          html: mailHtml('T-shirt Store', m.text),
          messageId: `<outbox-${m.id}@tees.example>`,
        });
      }
    });
    before.close();

    const sender = new MailSender({
      mail: { smtpUrl: url, smtpMaxConnections: CONNECTIONS, from: 'T-shirt Store <shop@tees.example>', shopName: 'T-shirt Store' },
    });
    const pooled = await measure(server, async () => {
      let next = 0;
      const lane = async () => {
        while (next < MAILS) await sender.send(mail(next++));
      };
      await Promise.all(Array.from({ length: sender.concurrency }, lane));
    });
    sender.onApplicationShutdown();

    const line = (name, r) =>
      `  ${name.padEnd(44)} ${r.perSecond.toFixed(1).padStart(7)} mails/s  ${r.cpuPerMail.toFixed(0).padStart(6)} µs CPU/mail  ${r.connections} connections`;
    console.log(`\nOrder e-mails over smtps, ${MAILS} a way, ${RTT_MS} ms a step (${os.cpus().length} CPU, Node ${process.versions.node})`);
    console.log(line('a connection per mail, one at a time (before)', oneByOne));
    console.log(line(`pooled, ${CONNECTIONS} at a time (MailSender)`, pooled));
    console.log(
      `  pooled / before: ${(pooled.perSecond / oneByOne.perSecond).toFixed(1)}x the mails a second, ` +
        `${(pooled.cpuPerMail / oneByOne.cpuPerMail).toFixed(2)}x the CPU a mail`,
    );
  } finally {
    await server.close();
  }
});

/** Runs `send`, which sends MAILS mails; what it took, and checks that every one arrived. */
async function measure(server, send) {
  server.reset();
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await send();
  const used = process.cpuUsage(cpu);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (server.received() !== MAILS) throw new Error(`${server.received()} of ${MAILS} mails arrived`);
  return { perSecond: MAILS / seconds, cpuPerMail: (used.user + used.system) / MAILS, connections: server.connections() };
}

/** An order confirmation's text, about the size of the API's (items, total, address). */
function orderText(n) {
  return [
    `Thank you for your order #${1000 + n}.`,
    '',
    'Items:',
    '  2 x Classic Tee (Black / M)  $25.00',
    '  1 x Pocket Tee (White / L)  $14.00',
    '',
    'Total: $39.00',
    '',
    'Shipping to:',
    '  Ada Lovelace, 12 Example Street, Springfield 12345, US',
    '',
    'T-shirt Store',
  ].join('\n');
}

/** smtp-server on a free port with implicit TLS and a throwaway self-signed certificate; each step answered after RTT_MS. */
async function startServer() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-smtp-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
    ]),
    { stdio: 'ignore' },
  );
  let connections = 0;
  let received = 0;
  const later = (callback, value) => setTimeout(() => callback(value), RTT_MS);
  const smtp = new SMTPServer({
    secure: true,
    key: await readFile(keyFile),
    cert: await readFile(certFile),
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      later(callback);
    },
    onMailFrom: (_address, _session, callback) => later(callback),
    onRcptTo: (_address, _session, callback) => later(callback),
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        later(callback);
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: smtp.server.address().port,
    connections: () => connections,
    received: () => received,
    reset: () => {
      connections = 0;
      received = 0;
    },
    close: async () => {
      await new Promise((resolve) => smtp.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
