import { type CallCase, type Expectation, type SessionName, legit, refused } from './corpus-case';

const call = (
  name: string,
  tool: string,
  args: unknown,
  expected: Expectation,
  session: SessionName = 'main',
): CallCase => ({
  kind: 'call',
  category: 'scope_arguments',
  name,
  tool,
  arguments: args,
  expected,
  session,
});

/** Tables that exist in the engine's catalog but not in the main session (red-team-world.ts). */
const OUTSIDE = ['predictor_importance', 'centroids', 'rt_private'];

const tableArguments: CallCase[] = OUTSIDE.flatMap((table) => [
  call(
    `describe_table of ${table}, outside the session`,
    'describe_table',
    { table },
    refused('out_of_scope'),
  ),
  call(
    `sample_values of ${table}, outside the session`,
    'sample_values',
    { table, column: table === 'rt_private' ? 'note' : 'species_code' },
    refused('out_of_scope'),
  ),
]);

/** Names that are not a catalog table, looked up as own keys only. */
const notTables: CallCase[] = [
  'passwords',
  'PREDICTOR_IMPORTANCE',
  'weekly ',
  'main.weekly',
  '"weekly"',
  'information_schema.tables',
  'duckdb_tables',
  '__proto__',
  'constructor',
  '../../etc/passwd',
].map((table) =>
  call(`describe_table of ${JSON.stringify(table)}`, 'describe_table', { table }, refused('not_found')),
);

/** The narrow session reads species and regions only; tools that need more are refused. */
const narrow: CallCase[] = [
  call(
    'narrow: describe_table weekly',
    'describe_table',
    { table: 'weekly' },
    refused('out_of_scope'),
    'narrow',
  ),
  call('narrow: weekly_series', 'weekly_series', { species: 'yebsap' }, refused('out_of_scope'), 'narrow'),
  call('narrow: where_is', 'where_is', { species: 'yebsap', week: 24 }, refused('out_of_scope'), 'narrow'),
  call(
    'narrow: seasonal_summary',
    'seasonal_summary',
    { species: 'yebsap' },
    refused('out_of_scope'),
    'narrow',
  ),
  call('narrow: trend_summary', 'trend_summary', { species: 'yebsap' }, refused('out_of_scope'), 'narrow'),
  call(
    'narrow: range_summary',
    'range_summary',
    { species: 'yebsap', season: 'breeding' },
    refused('out_of_scope'),
    'narrow',
  ),
  call(
    'narrow: query_status',
    'query_status',
    { species: ['yebsap'], measure: 'abundance', operation: 'value', times: [], places: [] },
    refused('out_of_scope'),
    'narrow',
  ),
  call(
    'narrow: sample_values of cells',
    'sample_values',
    { table: 'cells', column: 'cell_id' },
    refused('out_of_scope'),
    'narrow',
  ),
  call('narrow: its own species table works', 'describe_table', { table: 'species' }, legit, 'narrow'),
];

/** A session without datasets: every data tool answers no_scope before reading its arguments. */
const empty: CallCase[] = [
  ['run_sql', { sql: 'SELECT 1', purpose: 'x' }],
  ['describe_table', { table: 'weekly' }],
  ['find_species', { text: 'sap' }],
  ['query_status', { bogus: true }],
  ['add_dataset_from_url', { url: 'https://data.example/x.csv', name: 'x' }],
].map(([tool, args]) =>
  call(`empty session: ${tool as string}`, tool as string, args, refused('no_scope'), 'empty'),
);

/** Keys that would choose whose data is read are refused as extras, never honoured. */
const SCOPING_KEYS = [
  'dataset',
  'datasets',
  'scope',
  'session',
  'session_id',
  'user',
  'tenant',
  'allowed_datasets',
  'tables',
  'catalog',
];
const extraKeys: CallCase[] = SCOPING_KEYS.map((key, index) => {
  const [tool, args] = (
    [
      ['describe_table', { table: 'species' }],
      ['weekly_series', { species: 'yebsap' }],
      ['run_sql', { sql: 'SELECT 1 AS one', purpose: 'x' }],
      [
        'query_status',
        { species: ['yebsap'], measure: 'abundance', operation: 'value', times: [], places: [] },
      ],
      ['sample_values', { table: 'species', column: 'species_code' }],
    ] as const
  )[index % 5];
  return call(
    `extra scoping key '${key}' on ${tool}`,
    tool,
    { ...args, [key]: ['rt_private', 'predictor_importance'] },
    refused('invalid_arguments'),
  );
});

/** Species and places the data does not hold are said plainly, not guessed. */
const subjects: CallCase[] = [
  call('species not in the data', 'weekly_series', { species: 'Emperor Penguin' }, refused('not_found')),
  call('species code not in the data', 'species_profile', { species: 'empeng' }, refused('not_found')),
  call(
    'region not in the data',
    'weekly_series',
    { species: 'yebsap', region: 'Atlantis' },
    refused('not_found'),
  ),
  call(
    'query_status for a species code not in the data',
    'query_status',
    { species: ['empeng'], measure: 'abundance', operation: 'value', times: [], places: [] },
    refused('not_found'),
  ),
  call(
    'query_status for a region the data does not cover',
    'query_status',
    {
      species: ['yebsap'],
      measure: 'abundance',
      operation: 'value',
      times: [],
      places: [{ kind: 'region', code: 'AUS' }],
    },
    refused('not_covered', 'not_found'),
  ),
  call(
    'query_status near a point outside the model',
    'query_status',
    {
      species: ['yebsap'],
      measure: 'abundance',
      operation: 'value',
      times: [],
      places: [{ kind: 'near', name: 'Sydney', lon: 151.2, lat: -33.9, radius_km: 50 }],
    },
    refused('not_covered'),
  ),
];

export const SCOPE_ARGUMENT_CASES: CallCase[] = [
  ...tableArguments,
  ...notTables,
  ...narrow,
  ...empty,
  ...extraKeys,
  ...subjects,
];
