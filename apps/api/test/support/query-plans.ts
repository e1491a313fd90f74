import type { DataSource } from 'typeorm';

/** One node of an `EXPLAIN (FORMAT JSON)` plan, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  'Recheck Cond'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The plan Postgres makes for `sql` with these values: every node (depth first) and a one-line summary
 * (`Limit > Index Scan products_x_idx > ...`) for failure messages.
 */
export async function explainPlan(dataSource: DataSource, sql: string, values: unknown[]): Promise<{ summary: string; nodes: PlanNode[] }> {
  const [{ 'QUERY PLAN': explained }] = (await dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, values)) as {
    'QUERY PLAN': { Plan: PlanNode }[];
  }[];
  const all = nodes(explained[0].Plan);
  return { summary: all.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`).join(' > '), nodes: all };
}
