import type pg from 'pg';

/** What a table holds, in a form two databases can be compared by: its row count and a checksum of its rows. */
export interface TableSummary {
  rows: number;
  /** Sum of a 64-bit hash of each row's text (order-independent, constant memory), as a decimal string. */
  checksum: string;
}

/** Where a sequence stands, so a restored shop continues the same numbering (order numbers). */
export interface SequenceSummary {
  lastValue: string;
  isCalled: boolean;
}

export interface DatabaseSummary {
  tables: Record<string, TableSummary>;
  sequences: Record<string, SequenceSummary>;
}

/**
 * A row's text depends on session settings (time zone, date style, float digits, bytea format): these pin them,
 * so the same rows give the same checksum on any server and any connection.
 */
export const STABLE_TEXT_SETTINGS = [
  `SET TimeZone = 'UTC'`,
  `SET DateStyle = 'ISO, YMD'`,
  `SET IntervalStyle = 'postgres'`,
  `SET extra_float_digits = 3`,
  `SET bytea_output = 'hex'`,
];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Relations of the application (not the catalogs', not an extension's), as `schema.name`. */
async function relations(client: pg.ClientBase, kinds: string[]): Promise<Array<{ schema: string; name: string }>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = ANY($1) AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY 1, 2`,
    [kinds],
  );
  return rows;
}

/** The application's tables, views and sequences (what makes a database "not empty" for a restore). */
export async function applicationRelations(client: pg.ClientBase): Promise<string[]> {
  return (await relations(client, ['r', 'p', 'v', 'm', 'S', 'f'])).map((r) => `${r.schema}.${r.name}`);
}

/**
 * Every table's row count and checksum, and every sequence's position, read on `client` (inside the caller's
 * transaction: a backup reads them in the snapshot it dumps). Reads every row once.
 */
export async function summarizeDatabase(client: pg.ClientBase): Promise<DatabaseSummary> {
  for (const statement of STABLE_TEXT_SETTINGS) await client.query(statement);
  const summary: DatabaseSummary = { tables: {}, sequences: {} };
  for (const table of await relations(client, ['r', 'p'])) {
    const name = `${quote(table.schema)}.${quote(table.name)}`;
    const { rows } = await client.query<{ rows: string; checksum: string }>(
      `SELECT count(*) AS rows, coalesce(sum(('x' || left(md5(summarized_row::text), 16))::bit(64)::bigint::numeric), 0)::text AS checksum
       FROM ONLY ${name} summarized_row`,
    );
    summary.tables[`${table.schema}.${table.name}`] = { rows: Number(rows[0].rows), checksum: rows[0].checksum };
  }
  for (const sequence of await relations(client, ['S'])) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${quote(sequence.schema)}.${quote(sequence.name)}`,
    );
    summary.sequences[`${sequence.schema}.${sequence.name}`] = { lastValue: rows[0].last_value, isCalled: rows[0].is_called };
  }
  return summary;
}

/** The tables and sequences whose contents differ between two summaries, one line each; empty when they match. */
export function summaryDifferences(expected: DatabaseSummary, actual: DatabaseSummary): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])) {
    const [want, got] = [expected.tables[name], actual.tables[name]];
    if (!want) lines.push(`table ${name}: not in the backup`);
    else if (!got) lines.push(`table ${name}: missing`);
    else if (want.rows !== got.rows) lines.push(`table ${name}: ${got.rows} rows, the backup has ${want.rows}`);
    else if (want.checksum !== got.checksum) lines.push(`table ${name}: same ${got.rows} rows, different contents`);
  }
  for (const name of new Set([...Object.keys(expected.sequences), ...Object.keys(actual.sequences)])) {
    const [want, got] = [expected.sequences[name], actual.sequences[name]];
    if (!want || !got) lines.push(`sequence ${name}: ${want ? 'missing' : 'not in the backup'}`);
    else if (want.lastValue !== got.lastValue || want.isCalled !== got.isCalled)
      lines.push(`sequence ${name}: at ${got.lastValue}, the backup has ${want.lastValue}`);
  }
  return lines;
}
