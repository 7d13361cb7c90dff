import { type CallCase, refused, SQL_TOOLS, sqlCase, sqlThroughTool } from './corpus-case';

/** Catalog tables outside the main session (red-team-world.ts); rt_private holds PRIVATE_MARKER. */
const OUTSIDE = ['rt_private', 'predictor_importance', 'centroids'];

/** Ways to name a table: each must still be seen by the scope check. */
const FORMS: [string, (table: string) => string][] = [
  ['plain', (t) => `SELECT * FROM ${t}`],
  ['upper case', (t) => `SELECT * FROM ${t.toUpperCase()}`],
  ['quoted', (t) => `SELECT * FROM "${t}"`],
  ['quoted upper case', (t) => `SELECT * FROM "${t.toUpperCase()}"`],
  ['main-qualified', (t) => `SELECT * FROM main.${t}`],
  ['memory.main-qualified', (t) => `SELECT * FROM memory.main.${t}`],
  ['behind a CTE', (t) => `WITH x AS (SELECT * FROM ${t}) SELECT * FROM x`],
  ['in a scalar subquery', (t) => `SELECT (SELECT count(*) FROM ${t}) AS n`],
  ['in an IN subquery', (t) => `SELECT * FROM cells WHERE cell_id IN (SELECT 1 FROM ${t})`],
  ['in EXISTS', (t) => `SELECT count(*) AS n FROM cells WHERE EXISTS (SELECT 1 FROM ${t})`],
  ['after UNION ALL', (t) => `SELECT 'a' AS v UNION ALL SELECT CAST(count(*) AS VARCHAR) FROM ${t}`],
  ['in a LATERAL join', (t) => `SELECT * FROM cells, LATERAL (SELECT * FROM ${t} LIMIT 1) l`],
  ['FROM-first', (t) => `FROM ${t}`],
  ['as a table alias target', (t) => `SELECT p.* FROM ${t} AS p`],
  [
    'in a recursive CTE',
    (t) =>
      `WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r, ${t} WHERE n < 2) SELECT * FROM r`,
  ],
  ['COLUMNS(*) over it', (t) => `SELECT COLUMNS(*) FROM ${t}`],
  ['POSITIONAL JOIN', (t) => `SELECT * FROM cells POSITIONAL JOIN ${t}`],
  ['as a PIVOT source', (t) => `PIVOT (SELECT 1 AS k FROM ${t}) ON k IN (1) USING count(*)`],
];

const named: CallCase[] = OUTSIDE.flatMap((table, index) =>
  FORMS.filter((_, form) => (form + index) % 2 === 0).map(([form, sql]) =>
    sqlCase('scope_sql', `${table} ${form}`, sql(table), refused('sql_rejected')),
  ),
);

const others: CallCase[] = [
  sqlCase('scope_sql', 'a table not in the catalog', 'SELECT * FROM passwords', refused('sql_rejected')),
  sqlCase(
    'scope_sql',
    'another database qualifier',
    'SELECT * FROM other_db.main.weekly',
    refused('sql_rejected'),
  ),
  sqlCase(
    'scope_sql',
    'narrow session: season_of_week reads seasons, outside its scope',
    "SELECT season_of_week('yebsap', 24) AS s",
    refused('sql_rejected'),
    'narrow',
  ),
  sqlCase(
    'scope_sql',
    'narrow session: weekly',
    'SELECT count(*) AS n FROM weekly',
    refused('sql_rejected'),
    'narrow',
  ),
  sqlCase(
    'scope_sql',
    'narrow session: weekly joined to its own species',
    'SELECT s.common_name, count(*) AS n FROM species s JOIN weekly w USING (species_code) GROUP BY 1',
    refused('sql_rejected'),
    'narrow',
  ),
];

const throughTools: CallCase[] = SQL_TOOLS.map((tool) => ({
  kind: 'call',
  category: 'scope_sql',
  name: `rt_private through ${tool}`,
  tool,
  arguments: sqlThroughTool(
    tool,
    'SELECT note AS x, 1 AS y, 1 AS lon, 1 AS lat FROM rt_private',
    'red-team scope',
  ),
  expected: refused('sql_rejected'),
}));

export const SCOPE_SQL_CASES: CallCase[] = [...named, ...others, ...throughTools];
