// What a request costs the API before its own work, in process: the built app (apps/api/dist, production settings)
// on a scratch database, its node:http request handler called with real request and response objects (no sockets
// for HTTP, so no load generator and far less noise than the 50-connection benchmarks), 10 requests in flight.
// Three routes, each a step further into the chain:
//   - live: GET /api/health/live, public, no database: Express, the security headers, compression's wrapper, the
//     request log line and metrics, Nest's router, guards (public) and interceptors, the JSON answer;
//   - signed in: GET /api/user/{id}: the same, plus the bearer token (passport-jwt), the session's check (kept in
//     memory after the token's first request: SessionCache) and one read of the user;
//   - admin orders: GET /api/order/all/{id}?limit=1: the same, plus the staff role and the admin page's one statement.
// Beside them, the pieces alone, one call at a time: passport-jwt's strategy as the guard runs it, the token's
// signature, the session's check as the app makes it (from memory), its statement through the app's Database (what a
// token's first request and every request with SESSION_CACHE_SECONDS=0 send), and the same statement on a plain pg
// pool (its cost is mostly the kernel's loopback TCP, paid by the plain references of the other benchmarks too).
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/request-floor.mjs > /dev/null
// Prints to stderr (the app's log lines go to stdout). A benchmark, not a test: it fails only on an answer that is
// not 200.
import 'reflect-metadata';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { cpuPerCall, fromDist, inProcessApp, inProcessGet, runBenchmark, scratchDatabaseOnServer } from './support.mjs';

const REQUESTS = 3000;
const IN_FLIGHT = 10;
const ROUNDS = 4;
const say = (line) => process.stderr.write(`${line}\n`);

await runBenchmark(async () => {
  const { url } = await scratchDatabaseOnServer();
  const secret = randomBytes(32).toString('hex');
  // The owner's token is minted here, with no second step.
  const { app, handle } = await inProcessApp(url, secret, { ADMIN_2FA: 'optional' });
  const { AuthService } = await fromDist('modules/auth/auth.service.js');
  const { UsersRepository } = await fromDist('modules/users/users.repository.js');
  const { runInContext } = await fromDist('database/transactions.js');
  const pool = new pg.Pool({ connectionString: url, max: IN_FLIGHT });
  try {
    const [owner] = (
      await pool.query(`INSERT INTO users (name, email, password_hash, role, staff_role, email_verified_at)
                        VALUES ('Bench Owner', 'owner@bench.example', 'not-a-hash', 1, 'owner', now()) RETURNING id`)
    ).rows;
    const [buyer] = (
      await pool.query(`INSERT INTO users (name, email, password_hash) VALUES ('Buyer', 'buyer@bench.example', 'x') RETURNING id`)
    ).rows;
    const sign = (sub, role) => jwt.sign({ sub, role, jti: randomUUID() }, secret, { algorithm: 'HS256', expiresIn: 3600 });
    const buyerToken = sign(buyer.id, 0);
    const routes = {
      live: ['/api/health/live', {}],
      'signed in': [`/api/user/${buyer.id}`, { authorization: `Bearer ${buyerToken}` }],
      'admin orders': [`/api/order/all/${owner.id}?limit=1`, { authorization: `Bearer ${sign(owner.id, 1)}` }],
    };
    const key = createSecretKey(Buffer.from(secret));
    const payload = jwt.decode(buyerToken);
    const auth = app.get(AuthService);
    const appUsers = app.get(UsersRepository, { strict: false });
    // The app's own statement, sent on the plain pool (as plain-mixed-server.mjs reuses the repositories' SQL).
    const plainDb = { preparedRows: async (name, text, values) => (await pool.query({ name, text, values })).rows };
    const plainUsers = Object.assign(Object.create(UsersRepository.prototype), { db: plainDb });
    const passport = (await import('passport')).default;
    // The app's guard's work without Nest around it: passport-jwt's strategy as the app registered it (the signature,
    // then the session's check).
    const authenticate = () =>
      new Promise((resolve, reject) =>
        passport.authenticate('jwt', { session: false }, (error, user) =>
          error || !user ? reject(error ?? new Error('refused')) : resolve(user),
        )({ headers: { authorization: `Bearer ${buyerToken}` } }, {}, reject),
      );
    const pieces = {
      'passport-jwt (the signature and the check)': () => runInContext(app, authenticate),
      "the token's signature": () => jwt.verify(buyerToken, key, { algorithms: ['HS256'] }),
      "the session's check (as the app makes it: kept)": () => runInContext(app, () => auth.userForToken(payload)),
      "the session's statement (the app's Database)": () => runInContext(app, () => appUsers.findForToken(buyer.id, payload.jti)),
      'the same statement on a plain pg pool': () => plainUsers.findForToken(buyer.id, payload.jti),
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const line = [];
      for (const [name, [path, headers]] of Object.entries(routes))
        line.push(`${name} ${(await requests(handle, path, headers)).toFixed(0)} µs`);
      for (const [name, piece] of Object.entries(pieces)) line.push(`${name} ${(await cpuPerCall(piece, 1000)).toFixed(0)} µs`);
      say(`round ${round}${round === 0 ? ' (warm-up)' : ''}: ${line.join(' | ')}`);
    }
  } finally {
    await pool.end();
    await app.close();
  }
});

/** CPU microseconds per request of REQUESTS GETs of `path`, IN_FLIGHT at a time, through the app's request handler. */
async function requests(handle, path, headers) {
  const socket = new net.Socket();
  const one = () =>
    new Promise((resolve, reject) => {
      const { request, response } = inProcessGet(socket, path, headers);
      request.push(null);
      const end = response.end.bind(response);
      // node emits these once an answer has gone out on its socket; here there is none.
      response.end = (...args) => {
        const result = end(...args);
        response.emit('finish');
        response.emit('close');
        if (response.statusCode === 200) resolve();
        else reject(new Error(`${path}: ${response.statusCode}`));
        return result;
      };
      handle(request, response);
    });
  let sent = 0;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (sent++ < REQUESTS) await one();
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}
