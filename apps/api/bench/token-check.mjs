// What the check behind every authenticated request costs the API's CPU, measured in-process on the built API
// (apps/api/dist) against a scratch database, the two ways it has been done:
//   - two entity reads at once: the revoked-token lookup (existsBy) and the user (findOneBy), as before sessions
//     could be ended;
//   - one statement on the pool: the user, their session version and the token's revocation together
//     (UsersRepository.findForToken, what AuthService.userForToken runs now).
// and, before either, the token's signature check by jsonwebtoken (what passport-jwt runs) given the secret as a
// string (tried as a PEM public key first, on every call) and as a secret key object (JwtStrategy's).
// Prints API CPU (user + system) per check; Postgres' own CPU is not counted.
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/token-check.mjs
// A benchmark, not a test: a busy machine moves the figures; the ratios within one run are the steadier result.
import 'reflect-metadata';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { compareWays, fromDist, runBenchmark, step, withScratchDataSource } from './support.mjs';

const N = Number(process.env.BENCH_STATEMENTS ?? 3000);
const ROUNDS = 3;

const { Database } = await fromDist('database/transactions.js');
const { UserEntity } = await fromDist('modules/users/user.entity.js');
const { UsersRepository } = await fromDist('modules/users/users.repository.js');
const { RevokedTokenEntity } = await fromDist('modules/auth/revoked-token.entity.js');

await runBenchmark(async () => {
  const secret = randomBytes(32).toString('hex');
  const token = jwt.sign({ sub: '1', sv: 1, jti: randomUUID() }, secret, { algorithm: 'HS256', expiresIn: 3600 });
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const signatures = {
    'secret as a string': async () => jwt.verify(token, secret, { algorithms: ['HS256'] }),
    'secret key object': async () => jwt.verify(token, key, { algorithms: ['HS256'] }),
  };
  step(`Signature check: ${N} verifications per way, ${ROUNDS} rounds`);
  await compareWays(signatures, 'secret key object', N, ROUNDS);

  await withScratchDataSource(async (dataSource) => {
    const [{ id }] = await dataSource.query(
      `INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x') RETURNING id`,
    );
    const jti = randomUUID();
    const users = new UsersRepository(Database.standalone(dataSource));
    const ways = {
      'two entity reads': () =>
        Promise.all([dataSource.manager.existsBy(RevokedTokenEntity, { jti }), dataSource.manager.findOneBy(UserEntity, { id })]),
      'one statement (findForToken)': () => users.findForToken(id, jti),
    };
    step(`${N} checks per way, ${ROUNDS} rounds; API CPU per check (measured on this machine, as it is)`);
    await compareWays(ways, 'one statement (findForToken)', N, ROUNDS);
  });
});
