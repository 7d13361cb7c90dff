import { type BombCase, type Expectation, legitOrRefused, refused } from './corpus-case';

/**
 * Work that grows before or while DuckDB runs: macro nesting that doubles per level at bind
 * time (distance_km uses lat1 twice, season_of_week its week three times), deep expressions,
 * CTE chains, and run-phase bombs. Each must be refused or stopped within the deadline, and the
 * next call must answer (registry-corpus.test.ts).
 */

/** distance_km(distance_km(…(lat, 0, 0, 0)…), 0, 0, 0): the repro is depth 21. */
function distanceNest(depth: number, position: 'lat1' | 'lat2'): string {
  let expression = 'lat';
  for (let level = 0; level < depth; level++)
    expression =
      position === 'lat1' ? `distance_km(${expression}, 0, 0, 0)` : `distance_km(0, 0, ${expression}, 0)`;
  return `SELECT ${expression} AS d FROM cells LIMIT 1`;
}

function wrapN(depth: number, open: string, inner: string, close: string): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

/** A chain of CTEs, each joining the previous one to itself: inlined, it doubles per link. */
function cteChain(links: number): string {
  const ctes = ['c0 AS (SELECT cell_id AS x FROM cells)'];
  for (let link = 1; link <= links; link++)
    ctes.push(`c${link} AS (SELECT a.x FROM c${link - 1} a JOIN c${link - 1} b ON a.x = b.x)`);
  return `WITH ${ctes.join(', ')} SELECT count(*) AS n FROM c${links}`;
}

/** Bounded before DuckDB (SQL shape) or stopped at the deadline. */
const BOUNDED = refused('sql_rejected', 'timeout');
/** Run-phase work: stopped at the deadline (or refused up front). */
const STOPPED = refused('timeout', 'sql_rejected');
/** DuckDB's own parser bound (max_expression_depth 1000) refuses these quickly too. */
const PARSER_BOUNDED = refused('sql_rejected', 'timeout', 'query_failed');
/**
 * Shapes DuckDB evaluates quickly (parentheses fold, CTEs are materialised): any answer is
 * right as long as it comes within the deadline and the next call answers.
 */
const ANSWERS = legitOrRefused('sql_rejected', 'timeout', 'query_failed', 'result_too_large');
/** Memory growth: DuckDB may also refuse it itself. */
const STOPPED_OR_OOM = refused('timeout', 'sql_rejected', 'query_failed', 'result_too_large');

const bomb = (
  name: string,
  sql: string,
  expected: Expectation,
  tool: BombCase['tool'] = 'run_sql',
): BombCase => ({
  kind: 'bomb',
  category: 'bind_bombs',
  name,
  tool,
  sql,
  expected,
});

/**
 * Bombs that wedge DuckDB's worker cost a replacement worker (10–16 s measured on the shared
 * 2-core machine), so those are few (five), each another mechanism; the rest are
 * refused up front or cancelled at the deadline.
 */
export const BIND_BOMB_CASES: BombCase[] = [
  // bind-phase macro expansion: the worker must be replaced
  bomb('distance_km nested 21 deep (the issue repro)', distanceNest(21, 'lat1'), BOUNDED),
  bomb('distance_km nested 30 deep', distanceNest(30, 'lat1'), BOUNDED),
  bomb(
    '2,000 nested abs() calls through add_map_layer',
    `SELECT ${wrapN(2_000, 'abs(', '1', ')')} AS v, 1 AS lon, 1 AS lat`,
    PARSER_BOUNDED,
    'add_map_layer',
  ),
  bomb(
    'season_of_week nested 14 deep',
    `SELECT ${wrapN(14, "season_of_week('yebsap', ", '24', ')')} AS s`,
    BOUNDED,
  ),
  // parse-phase depth: bounded by the guard or by DuckDB's parser
  bomb('9,000 nested parentheses', `SELECT ${wrapN(9_000, '(', '1', ')')} AS x`, ANSWERS),
  bomb('2,000 nested abs() calls', `SELECT ${wrapN(2_000, 'abs(', '1', ')')} AS x`, PARSER_BOUNDED),
  bomb('500 nested scalar subqueries', `SELECT ${wrapN(500, '(SELECT ', '1', ')')} AS x`, PARSER_BOUNDED),
  bomb('1,500 nested list literals', `SELECT ${wrapN(1_500, '[', '1', ']')} AS x`, PARSER_BOUNDED),
  bomb(
    '800 nested CASE expressions',
    `SELECT ${wrapN(800, 'CASE WHEN true THEN ', '1', ' END')} AS x`,
    ANSWERS,
  ),
  bomb('a CTE chain of 24 self-joins', cteChain(24), ANSWERS),
  bomb(
    'SQL past the 20,000-character bound',
    `SELECT ${wrapN(5_000, 'abs(', '1', ')')} AS x`,
    refused('invalid_arguments'),
  ),
  // run-phase work: cancelled at the deadline
  bomb('count over range(1e13)', 'SELECT count(*) AS n FROM range(10000000000000)', STOPPED),
  bomb(
    'count over range(1e13) through make_chart',
    'SELECT count(*) AS y, 1 AS x FROM range(10000000000000)',
    STOPPED,
    'make_chart',
  ),
  bomb(
    'a cross join of three ranges',
    'SELECT count(*) AS n FROM range(100000) a, range(100000) b, range(100000) c',
    STOPPED,
  ),
  bomb(
    'cells cross-joined 8 times',
    'SELECT count(*) AS n FROM cells a, cells b, cells c, cells d, cells e, cells f, cells g, cells h',
    STOPPED,
  ),
  bomb(
    'cells cross-joined 6 times through add_map_layer',
    'SELECT a.cell_id, count(*) AS v FROM cells a, cells b, cells c, cells d, cells e, cells f GROUP BY 1',
    STOPPED,
    'add_map_layer',
  ),
  bomb(
    'an unbounded recursive CTE',
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) AS n FROM r',
    STOPPED_OR_OOM,
  ),
  bomb(
    'an unbounded recursive CTE through compute_stats',
    'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r',
    STOPPED_OR_OOM,
    'compute_stats',
  ),
  bomb(
    'a window over range(1e10)',
    'SELECT max(s) AS m FROM (SELECT sum(range) OVER (ORDER BY range DESC) AS s FROM range(10000000000))',
    STOPPED_OR_OOM,
  ),
  bomb('pg_sleep(600)', 'SELECT pg_sleep(600) AS z', STOPPED),
  bomb(
    'string_agg of huge repeats',
    "SELECT length(string_agg(repeat('x', 100000000), '')) AS n FROM range(100)",
    STOPPED_OR_OOM,
  ),
  bomb('list of 1e9 elements sorted', 'SELECT len(list_sort(range(1000000000))) AS n', STOPPED_OR_OOM),
];
