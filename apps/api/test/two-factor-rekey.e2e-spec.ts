import { jest } from '@jest/globals';
import { ApiRoute, type Session, type SigninResponse, type TwoFactorChallenge, type TwoFactorEnrolment } from '@store/contract';
import { generate } from 'otplib';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { SecretBox } from '../src/modules/auth/two-factor/secret-box.js';
import { PasswordHasher } from '../src/modules/auth/password-hasher.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { runCommand } from './support/command.js';
import { api, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Rotating TWO_FACTOR_KEY with `npm run two-factor:rekey` as the operator runs it: the real CLI
 * (apps/api/src/two-factor-rekey.ts, from source through swc) as a process of its own against the shop's database.
 * Members enrol under the old key; the CLI writes every secret under the new one in one transaction (or, with a wrong
 * previous key, writes nothing); an API started with only the new key then signs them in with their apps' codes.
 */
jest.setTimeout(180_000);

const OLD_KEY = 'the-old-two-factor-key-of-at-least-32-characters';
const NEW_KEY = 'the-new-two-factor-key-of-at-least-32-characters';
const PASSWORD = 'correct horse battery';

const runCli = (env: Record<string, string>) => runCommand('two-factor-rekey', env);

describe('npm run two-factor:rekey (e2e, the CLI as a process)', () => {
  let before: TestApp;
  const base = loadConfig({ NODE_ENV: 'test' });
  const members: { email: string; secret: string; step: number }[] = [];

  const stored = async (): Promise<Map<string, Buffer>> =>
    new Map(
      (
        (await before.dataSource.query(`SELECT user_id, secret_encrypted FROM user_two_factor ORDER BY user_id`)) as {
          user_id: string;
          secret_encrypted: Buffer;
        }[]
      ).map((row) => [row.user_id, row.secret_encrypted]),
    );

  beforeAll(async () => {
    before = await createTestApp({ twoFactor: { ...base.twoFactor, key: OLD_KEY, previousKey: undefined } });
    // Three members with two-factor on, one only half-way through enrolling (a pending secret is rotated too).
    for (let i = 0; i < 4; i += 1) {
      const email = `rekey-${i}@example.com`;
      const passwordHash = await before.app.get(PasswordHasher).hash(PASSWORD);
      await before.app.get(UsersService).create({ name: 'Sam Staff', email, passwordHash, staffRole: 'staff' });
      const session = (await request(before.http).post(`/api${ApiRoute.signin}`).send({ email, password: PASSWORD }).expect(200))
        .body as Session;
      const as = (route: string) =>
        request(before.http)
          .post(api(route, { userId: session.user._id }))
          .set('Authorization', `Bearer ${session.token}`);
      const { secret } = (await as(ApiRoute.twoFactorEnrol).expect(200)).body as TwoFactorEnrolment;
      if (i === 3) continue;
      const step = Math.floor(Date.now() / 30_000);
      await as(ApiRoute.twoFactorConfirm)
        .send({ code: await generate({ secret, epoch: step * 30 }) })
        .expect(200);
      members.push({ email, secret, step });
    }
  });
  afterAll(() => before?.close());

  it('refuses to start without the previous key, naming it', async () => {
    const run = await runCli({ DATABASE_URL: before.db.url, TWO_FACTOR_KEY: NEW_KEY });
    expect(run.code).toBe(1);
    expect(run.output).toContain('TWO_FACTOR_KEY_PREVIOUS: required');
  });

  it('with a wrong previous key, changes nothing and says which secrets it could not open', async () => {
    const was = await stored();
    const run = await runCli({
      DATABASE_URL: before.db.url,
      TWO_FACTOR_KEY: NEW_KEY,
      TWO_FACTOR_KEY_PREVIOUS: 'not-the-key-it-was-but-32-characters-long',
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain('4 two-factor secret(s) open with neither TWO_FACTOR_KEY nor TWO_FACTOR_KEY_PREVIOUS');
    expect(run.output).toContain('nothing was changed');
    expect(await stored()).toEqual(was);
  });

  it('writes every secret under the new key in one run; a second run has nothing left to do', async () => {
    const was = await stored();
    const run = await runCli({ DATABASE_URL: before.db.url, TWO_FACTOR_KEY: NEW_KEY, TWO_FACTOR_KEY_PREVIOUS: OLD_KEY });
    expect(run.output).toContain('Done: 4 two-factor secret(s) re-encrypted under the new key, 0 already under it.');
    expect(run.code).toBe(0);
    const now = await stored();
    const oldBox = new SecretBox(OLD_KEY);
    const newBox = new SecretBox(NEW_KEY);
    for (const [userId, bytes] of now) {
      expect(bytes.equals(was.get(userId)!)).toBe(false);
      expect(newBox.decrypt(bytes)).toBe(oldBox.decrypt(was.get(userId)!));
      expect(() => oldBox.decrypt(bytes)).toThrow();
    }

    const again = await runCli({ DATABASE_URL: before.db.url, TWO_FACTOR_KEY: NEW_KEY, TWO_FACTOR_KEY_PREVIOUS: OLD_KEY });
    expect(again.output).toContain('Done: 0 two-factor secret(s) re-encrypted under the new key, 4 already under it.');
    expect(await stored()).toEqual(now);
  });

  it('lets an API with only the new key sign the members in with their apps’ codes', async () => {
    const after = await createTestApp({ twoFactor: { ...base.twoFactor, key: NEW_KEY, previousKey: undefined } }, before.db);
    try {
      for (const member of members) {
        const first = (
          await request(after.http).post(`/api${ApiRoute.signin}`).send({ email: member.email, password: PASSWORD }).expect(200)
        ).body as SigninResponse;
        const { challenge } = first as TwoFactorChallenge;
        // A step after the confirmation's (used already), and not behind the clock: the CLI runs took a while.
        const step = Math.max(Math.floor(Date.now() / 30_000), member.step + 1);
        const code = await generate({ secret: member.secret, epoch: step * 30 });
        const session = (await request(after.http).post(`/api${ApiRoute.signinTwoFactor}`).send({ challenge, code }).expect(200))
          .body as Session;
        expect(session.user.email).toBe(member.email);
      }
    } finally {
      await after.close();
    }
  });
});
