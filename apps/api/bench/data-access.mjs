// What each way of reaching Postgres costs the API's CPU, measured in-process on the built API (apps/api/dist)
// against a scratch database: one statement by primary key, run one after another, as
//   - Database.rows() outside a transaction (straight on TypeORM's pg pool),
//   - TypeORM's dataSource.query() (a QueryRunner built, connected and released per statement),
//   - TypeORM's entity manager (findOneBy on the entity: the query builder, then the same QueryRunner),
// and what the context that carries a transaction costs (ClsService.run around a call, against the bare call).
// Prints API CPU (user + system) per statement; Postgres' own CPU is not counted (it is the same SQL each way).
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/data-access.mjs
// A benchmark, not a test: a busy machine moves the figures; the ratios within one run are the steadier result.
import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ClsService } from 'nestjs-cls';
import { compareWays, cpuPerCall, fromDist, runBenchmark, step, withScratchDataSource } from './support.mjs';

const N = Number(process.env.BENCH_STATEMENTS ?? 5000);
const ROUNDS = 3;

const { Database } = await fromDist('database/transactions.js');
const { UserEntity } = await fromDist('modules/users/user.entity.js');

await runBenchmark(async () => {
  await withScratchDataSource(async (dataSource) => {
    const [{ id }] = await dataSource.query(
      `INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@example.com', 'x') RETURNING id`,
    );
    const db = Database.standalone(dataSource);
    const sql = 'SELECT id, name, email, role FROM users WHERE id = $1';
    const ways = {
      'Database.rows (pool)': () => db.rows(sql, [id]),
      'dataSource.query (QueryRunner)': () => dataSource.query(sql, [id]),
      'manager.findOneBy (entity)': () => dataSource.manager.findOneBy(UserEntity, { id }),
    };
    const cls = new ClsService(new AsyncLocalStorage());
    const call = async () => undefined;
    step(`${N} statements per way, ${ROUNDS} rounds; API CPU per statement (measured on this machine, as it is)`);
    await compareWays(ways, 'Database.rows (pool)', N, ROUNDS, async () => {
      const bare = await cpuPerCall(call, N);
      const inContext = await cpuPerCall(() => cls.run(call), N);
      return `; a context around a call +${((inContext - bare) * 1000).toFixed(0)} ns`;
    });
  });
});
