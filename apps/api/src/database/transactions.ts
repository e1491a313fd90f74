/**
 * The one way to hold a transaction: the transaction travels in an AsyncLocalStorage context (nestjs-cls and its
 * transactional plugin, with {@link DirectTypeOrmAdapter} over TypeORM's data source), so no service or repository
 * passes an EntityManager around.
 *
 * Services open transactions with {@link Transactions}; repositories run their statements through
 * {@link Database}, which picks the transaction in context, if any. Nothing else in the API opens a connection
 * or a transaction by hand (the architecture test holds every file but this one to that).
 *
 * No context is mounted on requests: one is opened where a transaction starts (`withTransaction` runs its work
 * in a child context) and by the background passes ({@link UseCls} on the sweeper, the outbox worker and the
 * start-up tasks). A request that opens no transaction, such as every public GET, costs nothing here.
 */
import { type DynamicModule, Global, type INestApplicationContext, Inject, Injectable, Module, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ClsPluginTransactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm, type TypeOrmTransactionOptions } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule, ClsService } from 'nestjs-cls';
import type pg from 'pg';
import type { DataSource, EntityManager, QueryResult } from 'typeorm';
import { pgPool } from './pg.js';

export { UseCls } from 'nestjs-cls';

type TypeOrmTransactionHost = TransactionHost<TransactionalAdapterTypeOrm>;

/** The state TypeORM's query runner keeps of a transaction (`transactionDepth` is protected in its types). */
type RunnerState = { isTransactionActive: boolean; transactionDepth: number };

/**
 * The transactional plugin's adapter: TypeORM's (an EntityManager on a query runner of its own per transaction, the
 * same `tx` as before), with BEGIN, COMMIT and ROLLBACK sent straight on the runner's pg connection. TypeORM's own
 * `transaction()` sends them through its query runner (the query logger, four subscriber broadcasts and a
 * structured result each): a transaction of one statement costs the API 10-16% less CPU this way
 * (`bench/checkout-pieces.mjs`, docs/performance.md, "Checkout statements"). The runner is told a transaction is active, so an entity save inside joins it and a
 * nested `transaction()` takes a savepoint, as under TypeORM's. Options (an isolation level) and nested
 * transactions keep TypeORM's own way.
 */
export class DirectTypeOrmAdapter extends TransactionalAdapterTypeOrm {
  constructor() {
    super({ dataSourceToken: getDataSourceToken() });
    const typeOrm = this.optionsFactory;
    this.optionsFactory = (dataSource: DataSource) => {
      const options = typeOrm(dataSource);
      return {
        ...options,
        wrapWithTransaction: (...[txOptions, fn, setTx]: Parameters<typeof options.wrapWithTransaction>) =>
          txOptions?.isolationLevel === undefined
            ? inTransaction(dataSource, fn, setTx, (txOptions as TransactionSettings | undefined)?.begin ?? 'BEGIN')
            : options.wrapWithTransaction(txOptions, fn, setTx),
      };
    };
  }
}

/**
 * What a transaction opened by {@link Transactions} may carry beside TypeORM's options: its own BEGIN, with the
 * statements that set it up in the same simple query (`BEGIN READ ONLY; SET LOCAL statement_timeout = 1000`), one
 * round trip for them all.
 */
interface TransactionSettings {
  isolationLevel?: TypeOrmTransactionOptions['isolationLevel'];
  begin?: string;
}

/** Each open transaction's pg connection by its EntityManager (the `tx` in context), for {@link Database.preparedRows}. */
const transactionClients = new WeakMap<EntityManager, pg.PoolClient>();

/** What each open transaction runs once it has committed, by its EntityManager ({@link Database.afterCommit}). */
const commitCallbacks = new WeakMap<EntityManager, (() => void)[]>();

async function inTransaction<T>(
  dataSource: DataSource,
  fn: () => Promise<T>,
  setTx: (tx: EntityManager) => void,
  begin: string,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const state = runner as unknown as RunnerState;
  let broken: unknown;
  try {
    const client = (await runner.connect()) as pg.PoolClient;
    await client.query(begin);
    state.isTransactionActive = true;
    state.transactionDepth = 1;
    transactionClients.set(runner.manager, client);
    const committed: (() => void)[] = [];
    commitCallbacks.set(runner.manager, committed);
    setTx(runner.manager);
    let result: T;
    try {
      result = await fn();
    } catch (error) {
      // As TypeORM's: the work's error is the one thrown; a connection that cannot roll back goes (below).
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    }
    // A COMMIT that fails (a deferred constraint) has ended the transaction: the error is the caller's.
    await client.query('COMMIT');
    for (const callback of committed) callback();
    return result;
  } finally {
    transactionClients.delete(runner.manager);
    commitCallbacks.delete(runner.manager);
    state.isTransactionActive = false;
    state.transactionDepth = 0;
    // A connection whose ROLLBACK failed is not given back to the pool: TypeORM's release with an error destroys it.
    if (broken === undefined) await runner.release();
    else await (runner as unknown as { releasePostgresConnection(error: unknown): Promise<void> }).releasePostgresConnection(broken);
  }
}

/** Thrown inside a transaction to roll it back and still give the caller `value` (see {@link Transactions.runOrRollBack}). */
class RollBack<T> extends Error {
  constructor(readonly value: T) {
    super('Rolled back on purpose');
  }
}

/** How services open transactions. */
@Injectable()
export class Transactions {
  constructor(private readonly host: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Runs `work` in a transaction: the one already in context (joined: `work` commits or rolls back with it), or a
   * new one, committed when `work` resolves and rolled back when it throws.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.host.withTransaction(work);
  }

  /**
   * Runs `read` in a new READ ONLY transaction whose statements Postgres cancels after `statementTimeoutMs` (SET
   * LOCAL, so the limit ends with the transaction and the pooled connection goes back with the general one). For
   * reads that must give up sooner than the rest (a search), and that share one connection rather than one each. A
   * statement cut short fails with 57014, which the API answers 503 with Retry-After. Never inside another
   * transaction, whose own statements would inherit the limit.
   *
   * `noSeqScan`: the planner is told to avoid reading whole tables in this transaction (SET LOCAL enable_seqscan),
   * for work whose index is the point: a search's count of common words read the whole catalogue, rechecking
   * every row, where the trigram index narrows it to the rows holding every word first (2-5 times cheaper
   * measured on 20,000 products), but the planner's estimate of a GIN index's cost is pessimistic.
   *
   * BEGIN and the settings go in one round trip, and `result` is what `read` resolved to as soon as it has it,
   * before the COMMIT is answered: a read-only transaction's end changes nothing of what it read, and each round
   * trip on a busy machine costs a search about 2 ms (docs/performance.md, "Search in the mix"). `ended` settles once
   * the transaction has ended and its connection is back in the pool: whatever bounds connections holds until then.
   * `result` rejects with `read`'s error (or BEGIN's); a COMMIT that fails after it rejects `ended` alone.
   */
  readWithStatementTimeout<T>(
    statementTimeoutMs: number,
    read: () => Promise<T>,
    { noSeqScan = false } = {},
  ): { result: Promise<T>; ended: Promise<void> } {
    if (this.host.isTransactionActive())
      throw new Error('readWithStatementTimeout opens its own transaction; it cannot run inside another');
    const ms = Math.max(1, Math.trunc(statementTimeoutMs));
    const settings: TransactionSettings = {
      begin: `BEGIN READ ONLY; SET LOCAL statement_timeout = ${ms}${noSeqScan ? '; SET LOCAL enable_seqscan = off' : ''}`,
    };
    let answer!: (value: T) => void;
    let fail!: (error: unknown) => void;
    const result = new Promise<T>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
    // The host hands its options to the adapter as they are; TypeORM's type asks for an isolation level, which this
    // transaction leaves to the default (read committed) as every other does.
    const ended = this.host.withTransaction(settings as TypeOrmTransactionOptions, async () => answer(await read()));
    // Before an answer: the read's failure is the result's. After one, rejecting `result` again changes nothing.
    ended.catch(fail);
    return { result, ended };
  }

  /**
   * Runs `work` in a new transaction that commits unless `rollBack(result)` says otherwise; either way the result is
   * returned (a refused cart is an answer, not a failure, yet must leave nothing reserved). Never inside another
   * transaction: the outer one could not roll back what this one was told to undo.
   */
  async runOrRollBack<T>(work: () => Promise<T>, rollBack: (result: T) => boolean): Promise<T> {
    if (this.host.isTransactionActive()) throw new Error('runOrRollBack opens its own transaction; it cannot run inside another');
    try {
      return await this.host.withTransaction(async () => {
        const result = await work();
        if (rollBack(result)) throw new RollBack(result);
        return result;
      });
    } catch (error) {
      if (error instanceof RollBack) return error.value as T;
      throw error;
    }
  }
}

/**
 * Another module's part of a repository's statement, so that one round trip does what several modules' steps did
 * (each module's SQL stays in its own repository): common table expressions (`name AS (...)`, comma-separated) that
 * read the CTEs the hosting statement documents, with parameters numbered from `first`. `name` (short: the host's
 * prepared statement is named after its steps, and Postgres keeps 63 characters of a name) stands for one SQL text.
 */
export interface StatementStep {
  name: string;
  sql: (first: number) => string;
  values: unknown[];
}

/**
 * A read one module lends another module's statement, as columns of that statement's one result row: `sql(first)` is
 * a select list of scalar subqueries (its parameters numbered from `first`) and `read` turns the row's columns back
 * into the module's value. One round trip for two modules' work, each module's SQL in its own repository; `name`
 * joins the host's prepared statement's name, as a {@link StatementStep}'s does.
 */
export interface StatementColumns<T> {
  name: string;
  sql: (first: number) => string;
  values: unknown[];
  read: (row: Record<string, unknown>) => T;
}

/** How repositories reach Postgres: through the transaction in context when there is one. */
@Injectable()
export class Database {
  constructor(@Inject(TransactionHost) private readonly host: Pick<TypeOrmTransactionHost, 'tx' | 'isTransactionActive'>) {}

  /** A Database outside the Nest app (a command-line tool): every statement on its own, no transaction to join. */
  static standalone(dataSource: DataSource): Database {
    return new Database({ tx: dataSource.manager, isTransactionActive: () => false });
  }

  /**
   * Runs `work` in one transaction of its own outside the Nest app (a command-line tool): every statement of the
   * Database it is given joins that transaction, committed when `work` resolves and rolled back when it throws.
   */
  static inTransaction<T>(dataSource: DataSource, work: (db: Database) => Promise<T>): Promise<T> {
    return dataSource.transaction((manager) => work(new Database({ tx: manager, isTransactionActive: () => true })));
  }

  /** The transaction's EntityManager in context, or, outside one, the data source's (each statement on its own). */
  get manager(): EntityManager {
    return this.host.tx;
  }

  /**
   * TypeORM's pg pool, for statements that must never join the caller's transaction (a record kept as if by
   * another system) and hot reads; see {@link pgPool}.
   */
  get pool(): pg.Pool {
    return pgPool(this.host.tx.connection);
  }

  /**
   * The rows of a statement (a SELECT, or a write with RETURNING): in the transaction in context, or straight on the
   * pool outside one, which skips the QueryRunner TypeORM would build, connect and release for a single statement.
   */
  async rows<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    if (this.host.isTransactionActive()) return this.transactionRows<T>(sql, parameters);
    return (await this.pool.query(sql, parameters)).rows as T[];
  }

  /**
   * The rows of a named prepared statement (node-postgres's `{ name, text, values }`), in the transaction in context
   * or on the pool outside one: each connection parses and plans `sql` once, and every later run sends only `name`
   * and the values, with none of TypeORM's per-query work. For the checkout's hot path (docs/performance.md,
   * "Checkout statements"); `name` must stand for this one `sql` everywhere in the app.
   */
  async preparedRows<T>(name: string, sql: string, parameters: unknown[]): Promise<T[]> {
    const statement = { name, text: sql, values: parameters };
    if (!this.host.isTransactionActive()) return (await this.pool.query(statement)).rows as T[];
    const manager = this.host.tx;
    // The transaction's own connection (its query runner holds it from BEGIN to COMMIT): known from BEGIN, or asked
    // of the runner for a transaction TypeORM opened (with an isolation level).
    const client = transactionClients.get(manager) ?? ((await manager.queryRunner?.connect()) as pg.PoolClient | undefined);
    if (!client) throw new Error('The transaction in context has no connection');
    return (await client.query(statement)).rows as T[];
  }

  /**
   * Runs `callback` once what this transaction wrote is committed: after the COMMIT of the transaction in context
   * (never if it rolls back), or at once outside one, where each statement commits as it runs. For what must follow a
   * write only once other requests can read it (a cache's drop: dropped before the commit, a request could fill it
   * again from the rows as they were). `callback` must not throw.
   */
  afterCommit(callback: () => void): void {
    if (!this.host.isTransactionActive()) return callback();
    const callbacks = commitCallbacks.get(this.host.tx);
    // A transaction opened another way (with options, or by a command-line tool): no one here sees its commit.
    if (!callbacks) throw new Error('afterCommit needs a transaction opened by Transactions.run');
    callbacks.push(callback);
  }

  /**
   * The rows of a statement that means something only inside a transaction (a lock, a step of a checkout that must
   * commit or roll back with the rest): throws outside one rather than run it on its own.
   */
  async transactionRows<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    const runner = this.host.isTransactionActive() ? this.host.tx.queryRunner : undefined;
    if (!runner) throw new Error('This statement runs inside a transaction (Transactions.run)');
    // Structured, so a write's RETURNING rows come back shaped like a SELECT's (TypeORM's plain result differs).
    const result = (await runner.query(sql, parameters, true)) as QueryResult<T>;
    return result.records;
  }
}

/** Runs work of the app's start-up (outside any request) in a context of its own, as {@link UseCls} does for a method. */
export function runInContext<T>(app: INestApplicationContext, work: () => Promise<T>): Promise<T> {
  return app.get(ClsService).run(work);
}

/**
 * `module` (ClsModule.forRoot's) without the global guard and interceptor nestjs-cls registers even when neither is
 * mounted: a guard that answers `true` and an interceptor that calls `next.handle()`. They change nothing, but the
 * interceptor puts every request of every route through Nest's interceptor pipeline (rxjs `defer` and `mergeAll`,
 * two async resources) and the guard adds an await to each: about 2 µs of CPU a request (docs/performance.md, "The
 * idle guard and interceptor"). No context is mounted on requests (above), so neither has anything to do.
 */
export function withoutIdleEnhancers(module: DynamicModule): DynamicModule {
  const enhancer = (provider: Provider) =>
    typeof provider === 'object' && 'provide' in provider && (provider.provide === APP_GUARD || provider.provide === APP_INTERCEPTOR);
  return {
    ...module,
    imports: module.imports?.map((imported) =>
      typeof imported === 'object' && 'module' in imported && imported.providers
        ? { ...imported, providers: imported.providers.filter((provider) => !enhancer(provider)) }
        : imported,
    ),
  };
}

/**
 * Registers the context storage, the transactional plugin over TypeORM's data source, and {@link Transactions} and
 * {@link Database} for every module. Imported once, by the app module, after TypeORM.
 */
@Global()
@Module({
  imports: [
    withoutIdleEnhancers(
      ClsModule.forRoot({
        global: true,
        middleware: { mount: false },
        plugins: [new ClsPluginTransactional({ adapter: new DirectTypeOrmAdapter() })],
      }),
    ),
  ],
  providers: [Transactions, Database],
  exports: [Transactions, Database],
})
export class TransactionsModule {}
