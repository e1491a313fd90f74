import { EventEmitter } from 'node:events';
import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainOnShutdown } from './graceful-shutdown.js';

const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };

function fetchText(port: number, path: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ port, path, agent }, (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Real sockets, keep-alive agent: what nginx's upstream pool does to the API. Servers keep idle connections
 * for an hour here, so without the drain `server.close()` would not finish within the test's timeout.
 */
describe('drainOnShutdown', () => {
  let server: Server;
  let port: number;
  let release: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const agent = new Agent({ keepAlive: true });

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        arrived();
        void held.then(() => res.end('slow done'));
      } else res.end('quick done');
    });
    server.keepAliveTimeout = 60 * 60 * 1000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => agent.destroy());

  it('lets in-flight requests finish, closes idle keep-alive connections, and lets the server close', async () => {
    const signals = new EventEmitter();
    drainOnShutdown(server, silent, { signals });
    expect(await fetchText(port, '/quick', agent)).toEqual({ status: 200, body: 'quick done' });
    const slow = fetchText(port, '/slow', agent);
    await slowArrived;

    signals.emit('SIGTERM', 'SIGTERM');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    release();

    expect(await slow).toEqual({ status: 200, body: 'slow done' });
    await closed;
    expect(server.listening).toBe(false);
  });
});

describe('drainOnShutdown with a request that never ends', () => {
  it('cuts it after the deadline so the process can still exit', async () => {
    let arrived: () => void;
    const stuckArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = createServer(() => arrived());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const warnings: string[] = [];
    const signals = new EventEmitter();
    drainOnShutdown(server, { ...silent, warn: (message: string) => warnings.push(message) }, { deadlineMs: 50, signals });
    const agent = new Agent({ keepAlive: true });
    const stuck = fetchText(port, '/stuck', agent).then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await stuckArrived;

    signals.emit('SIGINT', 'SIGINT');
    await new Promise<void>((resolve) => server.close(() => resolve()));

    expect(await stuck).toBe('ECONNRESET');
    expect(warnings).toEqual([expect.stringContaining('closing their connections')]);
    agent.destroy();
  });
});
