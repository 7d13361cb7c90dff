import { type CallCase, legit, sqlCase } from './corpus-case';

/**
 * Queries and tool calls a person or model may make: each must run. They cover the DuckDB
 * syntax the red team found refused (list quantiles, ASOF JOIN, COLUMNS(regex|lambda), aliases
 * over *, quoted temp/system columns of an added CSV, set_bit) and the everyday shapes.
 */
const SQL: [string, string][] = [
  ['list quantiles', 'SELECT quantile_cont(abundance, [0.25, 0.5, 0.75]) AS q FROM weekly'],
  ['list quantile_disc', 'SELECT quantile_disc(week, [0.1, 0.9]) AS q FROM weekly'],
  [
    'ASOF JOIN',
    'SELECT w.week, v.lon FROM weekly w ASOF JOIN (SELECT week, 0.0 AS lon FROM weeks) v ON w.week >= v.week LIMIT 3',
  ],
  [
    'ASOF JOIN over two tables in scope',
    'SELECT a.week, b.date FROM weekly a ASOF JOIN weeks b ON a.week >= b.week LIMIT 5',
  ],
  ['COLUMNS(regex)', "SELECT max(COLUMNS('abundance.*')) FROM weekly"],
  ['COLUMNS(lambda)', "SELECT min(COLUMNS(c -> c LIKE '%occurrence%')) FROM weekly"],
  ['COLUMNS(*) with an aggregate', 'SELECT count(COLUMNS(*)) FROM cells'],
  ['column aliases over * in a table alias', 'SELECT a, b FROM (SELECT * FROM (VALUES (1, 2)) v) t(a, b)'],
  ['table alias with column names over *', 'SELECT id FROM cells AS c(id) LIMIT 3'],
  ['* EXCLUDE', 'SELECT * EXCLUDE (footprint_geojson) FROM cells LIMIT 3'],
  ['* REPLACE', 'SELECT * EXCLUDE (footprint_geojson) REPLACE (round(lon, 1) AS lon) FROM cells LIMIT 3'],
  ['quoted "temp" column of an added CSV', 'SELECT "temp" FROM rt_obs'],
  ['quoted "system" column of an added CSV', 'SELECT "system", count(*) AS n FROM rt_obs GROUP BY ALL'],
  ['both quoted with a table prefix', 'SELECT o."temp", o."system" FROM rt_obs o ORDER BY o."temp"'],
  ['set_bit', "SELECT set_bit('0110010'::BITSTRING, 1, 0) AS b"],
  [
    'get_bit and bit_count',
    "SELECT get_bit('0110010'::BITSTRING, 2) AS g, bit_count('0110010'::BITSTRING) AS c",
  ],
  ['GROUP BY ALL ORDER BY ALL', 'SELECT state_code, count(*) AS n FROM cells GROUP BY ALL ORDER BY ALL'],
  [
    'window with QUALIFY',
    'SELECT week, cell_id, abundance FROM weekly QUALIFY row_number() OVER (PARTITION BY week ORDER BY abundance DESC NULLS LAST) = 1 ORDER BY week',
  ],
  [
    'PIVOT',
    "PIVOT (SELECT season, species_code, weeks FROM seasons) ON season IN ('breeding', 'nonbreeding') USING sum(weeks)",
  ],
  [
    'UNPIVOT',
    'UNPIVOT (SELECT species_code, start_week, end_week FROM seasons) ON start_week, end_week INTO NAME k VALUE v',
  ],
  [
    'bounded recursive CTE',
    'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10) SELECT sum(n) AS s FROM t',
  ],
  ['generate_series and unnest', 'SELECT unnest(generate_series(1, 5)) AS n'],
  [
    'list lambdas',
    'SELECT list_transform([1, 2, 3], x -> x * 2) AS l, list_filter([1, 2, 3], x -> x > 1) AS f',
  ],
  ['struct access', "SELECT s.a FROM (SELECT {'a': 1, 'b': 2} AS s)"],
  [
    'regexp and string functions',
    "SELECT regexp_matches(common_name, 'sap') AS m, upper(common_name) AS u, string_split(common_name, '-') AS parts FROM species",
  ],
  [
    'date functions',
    "SELECT date_trunc('month', date) AS m, strftime(date, '%Y-%m-%d') AS d, dayofyear(date) AS doy FROM weeks LIMIT 5",
  ],
  [
    'statistics aggregates',
    'SELECT median(abundance) AS med, stddev(abundance) AS sd, corr(abundance, occurrence) AS r, arg_max(week, abundance) AS peak FROM weekly',
  ],
  [
    'histogram and approx_count_distinct',
    'SELECT histogram(week % 4) AS h, approx_count_distinct(cell_id) AS cells FROM weekly',
  ],
  [
    'FILTER clause',
    'SELECT count(*) FILTER (WHERE abundance IS NULL) AS not_modelled, count(*) FILTER (WHERE abundance = 0) AS absent FROM weekly',
  ],
  [
    'JOIN USING and a macro',
    'SELECT w.week, week_to_date(w.week) AS d, avg(w.abundance) AS a FROM weekly w JOIN cells c USING (cell_id) GROUP BY ALL ORDER BY 1 LIMIT 5',
  ],
  [
    'distance_km once',
    'SELECT cell_id, distance_km(lat, lon, 45.0, -85.0) AS km FROM cells ORDER BY km LIMIT 3',
  ],
  [
    'date_to_week and season_of_week',
    "SELECT date_to_week(DATE '2023-06-15') AS w, season_of_week('yebsap', 24) AS s",
  ],
  [
    'EXISTS and IN',
    'SELECT count(*) AS n FROM cells c WHERE EXISTS (SELECT 1 FROM weekly w WHERE w.cell_id = c.cell_id) AND c.cell_id IN (SELECT cell_id FROM cell_parts)',
  ],
  [
    'LATERAL',
    'SELECT s.species_code, l.n FROM species s, LATERAL (SELECT count(*) AS n FROM seasons WHERE species_code = s.species_code) l',
  ],
  ['FROM-first', 'FROM regions SELECT region_code, name WHERE type = $$state$$ LIMIT 3'],
  ['VALUES', "VALUES (1, 'a'), (2, 'b')"],
  ['USING SAMPLE', 'SELECT count(*) AS n FROM (SELECT * FROM weekly USING SAMPLE 10%)'],
  ['trailing semicolon and comments', '/* weekly peak */ SELECT max(abundance) AS m FROM weekly; -- done'],
  [
    'strings that spell commands and functions',
    "SELECT 'DROP TABLE weekly; read_csv(''x'')' AS s, 'information_schema' AS t",
  ],
  [
    'a column named like a system schema, quoted',
    'SELECT 1 AS "information_schema", 2 AS "temp", 3 AS "system"',
  ],
  ['random and uuid', 'SELECT random() < 2 AS r, length(uuid()::VARCHAR) AS u'],
  ['date arithmetic', "SELECT DATE '2023-06-14' + INTERVAL 7 DAY AS next_week"],
  ['list aggregates', 'SELECT list_aggregate([3, 1, 2], $$max$$) AS m, array_to_string([1, 2], $$-$$) AS s'],
  [
    'a 15,000-character query (a long IN list)',
    `SELECT count(*) AS n FROM cells WHERE cell_id IN (${Array.from({ length: 3_000 }, (_, index) => index).join(', ')})`,
  ],
  [
    'NULL is not modelled, 0 is absent',
    'SELECT count(*) FILTER (WHERE abundance IS NULL) AS nulls FROM weekly WHERE species_code = $$yebsap$$',
  ],
];

const sqlCases = SQL.map(([name, sql]) => sqlCase('legit', name, sql, legit));

const tool = (name: string, toolName: string, args: unknown): CallCase => ({
  kind: 'call',
  category: 'legit',
  name,
  tool: toolName,
  arguments: args,
  expected: legit,
});

const frame = (measure: string, operation: string, extra: Record<string, unknown> = {}) => ({
  species: ['yebsap'],
  measure,
  operation,
  times: [],
  places: [],
  ...extra,
});

const toolCases: CallCase[] = [
  tool('find_species by common name', 'find_species', { text: 'Yellow-bellied Sapsucker' }),
  tool('find_species with a typo', 'find_species', { text: 'sapsuker' }),
  tool('find_region by postal code', 'find_region', { text: 'MI' }),
  tool('species_profile by scientific name', 'species_profile', { species: 'Sphyrapicus varius' }),
  tool('weekly_series in Michigan', 'weekly_series', { species: 'yebsap', region: 'Michigan' }),
  tool('seasonal_summary', 'seasonal_summary', { species: 'yebsap' }),
  tool('trend_summary', 'trend_summary', { species: 'yebsap' }),
  tool('range_summary', 'range_summary', { species: 'yebsap', season: 'breeding' }),
  tool('top_regions', 'top_regions', { species: 'yebsap', season: 'breeding' }),
  tool('where_is in week 24', 'where_is', { species: 'yebsap', week: 24 }),
  tool('occurrence_chance in May', 'occurrence_chance', { species: 'yebsap', region: 'MI', month: 5 }),
  tool('data_vocabulary names', 'data_vocabulary', { part: 'names' }),
  tool('search_datasets', 'search_datasets', { query: 'weekly abundance' }),
  tool('describe_table of the added CSV', 'describe_table', { table: 'rt_obs' }),
  tool('sample_values of the added CSV temp column', 'sample_values', { table: 'rt_obs', column: 'temp' }),
  tool('sample_values of a region code', 'sample_values', { table: 'cells', column: 'state_code' }),
  tool('compute_stats', 'compute_stats', {
    sql: 'SELECT abundance FROM weekly WHERE week = 24',
    column: 'abundance',
  }),
  tool('make_chart', 'make_chart', {
    sql: 'SELECT week, avg(abundance) AS a FROM weekly GROUP BY week ORDER BY week',
    chart_type: 'line',
    title: 'Weekly mean',
    x: 'week',
    y: 'a',
  }),
  tool('add_map_layer', 'add_map_layer', {
    sql: 'SELECT cell_id, abundance FROM weekly WHERE week = 24',
    name: 'Week 24',
  }),
  tool('ask_user', 'ask_user', { question: 'Which season?', options: ['breeding', 'nonbreeding'] }),
  tool('query_status when highest', 'query_status', frame('abundance', 'when_highest')),
  tool(
    'query_status value in Michigan in a season',
    'query_status',
    frame('abundance', 'value', {
      times: [{ kind: 'season', season: 'breeding' }],
      places: [{ kind: 'region', code: 'USA-MI' }],
    }),
  ),
  tool('query_status range area', 'query_status', frame('range_area', 'value')),
  tool('query_status trend', 'query_status', frame('trend', 'value')),
  tool(
    'query_status near a town',
    'query_status',
    frame('occurrence', 'value', {
      places: [{ kind: 'near', name: 'Traverse City', lon: -85.62, lat: 44.76, radius_km: 50 }],
    }),
  ),
  tool('null optional arguments count as absent', 'weekly_series', { species: 'yebsap', region: null }),
];

export const LEGIT_CASES: CallCase[] = [...sqlCases, ...toolCases];
