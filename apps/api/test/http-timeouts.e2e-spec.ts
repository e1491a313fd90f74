import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { applyServerTimeouts } from '../src/app.setup.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The HTTP timeouts hold at their configured values. Node checks for overdue requests only every 30 s unless
 * told otherwise, so a 1 s headers timeout used to close a half-sent request after up to 31 s: these tests would
 * then hit Jest's 15 s limit. No time is measured; the limit is several times the timeout being tested. Each test
 * listens on a server of its own (the app's request handlers on a new node:http server), since Node's checker
 * starts when a server starts listening.
 */
describe('HTTP timeouts (e2e)', () => {
  let t: TestApp;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ http: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 5000 } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    server = http.createServer();
    for (const listener of t.http.listeners('request')) server.on('request', listener as http.RequestListener);
    // As main.ts does: the timeouts go on the server before it listens.
    applyServerTimeouts(server, t.config);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  /** Writes `start`, then `drip` every 200 ms, until the server answers or closes; returns what it answered. */
  function slowClient(start: string, drip?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
      const timer = drip ? setInterval(() => socket.writable && socket.write(drip), 200) : undefined;
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(answer);
      });
    });
  }

  it('answers 408 and closes a request whose headers do not arrive within HTTP_HEADERS_TIMEOUT_MS', async () => {
    const answer = await slowClient('GET /api/health/live HTTP/1.1\r\nHost: store\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);

  it('answers 408 and closes a request whose body trickles in past HTTP_REQUEST_TIMEOUT_MS', async () => {
    const head = 'POST /api/signin HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const answer = await slowClient(head, ' ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);

  it('still answers a request sent at once', async () => {
    const answer = await slowClient('GET /api/health/live HTTP/1.1\r\nHost: store\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
