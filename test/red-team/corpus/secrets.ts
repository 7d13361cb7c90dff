import { type CallCase, type Expectation, legit, refused, sqlCase } from './corpus-case';
import {
  SESSION_GEMINI_KEY as KEY,
  SESSION_OPAQUE_SECRET as OPAQUE,
  UNKNOWN_ANTHROPIC_KEY,
  UNKNOWN_GEMINI_KEY,
  UNKNOWN_OPENAI_KEY,
  URL_TOKEN,
} from './planted-secrets';

/**
 * A planted secret in every field a call has. The runner checks every envelope and audit row of
 * the whole corpus for every planted secret, so these cases only have to put them there.
 */
const secret = (
  name: string,
  tool: string,
  args: unknown,
  expected: Expectation,
  extra: Partial<CallCase> = {},
): CallCase => ({
  kind: 'call',
  category: 'secrets',
  name,
  tool,
  arguments: args,
  expected,
  ...extra,
});

const frame = (label: string) => ({
  species: ['yebsap'],
  measure: 'abundance',
  operation: 'value',
  times: [{ kind: 'weeks', from: 20, to: 21, label }],
  places: [],
});

export const SECRET_CASES: CallCase[] = [
  // argument values
  secret('session key in a species name', 'weekly_series', { species: `key ${KEY}` }, refused('not_found')),
  secret('opaque secret in a species name', 'species_profile', { species: OPAQUE }, refused('not_found')),
  secret(
    'session key in a region name',
    'weekly_series',
    { species: 'yebsap', region: KEY },
    refused('not_found'),
  ),
  secret('session key as a table name', 'describe_table', { table: KEY }, refused('not_found')),
  secret(
    'opaque secret as a column name',
    'sample_values',
    { table: 'cells', column: OPAQUE },
    refused('not_found'),
  ),
  secret('unknown OpenAI key in find_species text', 'find_species', { text: UNKNOWN_OPENAI_KEY }, legit),
  secret(
    'session key in an ask_user question',
    'ask_user',
    { question: `Is ${KEY} yours?`, options: ['yes', 'no'] },
    legit,
  ),
  secret(
    'opaque secret in an ask_user option',
    'ask_user',
    { question: 'Which?', options: [OPAQUE, 'other'] },
    legit,
  ),
  secret('session key in a query_status label', 'query_status', frame(`week of ${KEY}`), legit),
  secret(
    'session key under a password key',
    'find_species',
    { text: 'sap', password: KEY },
    refused('invalid_arguments'),
  ),
  secret(
    'unknown Gemini key nested in an extra key',
    'find_species',
    { text: 'sap', extra: { deeper: [UNKNOWN_GEMINI_KEY] } },
    refused('invalid_arguments'),
  ),
  // argument keys
  secret(
    'session key as an argument key',
    'find_species',
    { text: 'sap', [KEY]: 1 },
    refused('invalid_arguments'),
  ),
  secret(
    'opaque secret as an argument key',
    'find_species',
    { text: 'sap', [OPAQUE]: true },
    refused('invalid_arguments'),
  ),
  secret(
    'unknown Anthropic key as a nested argument key',
    'query_status',
    {
      ...frame('x'),
      places: [{ kind: 'all', [UNKNOWN_ANTHROPIC_KEY]: 1 }],
    },
    refused('invalid_arguments'),
  ),
  // tool name, call id, agent, malformed reason
  secret('session key as the tool name', KEY, {}, refused('unknown_tool')),
  secret('opaque secret inside a tool name', `run_sql_${OPAQUE}`, {}, refused('unknown_tool')),
  secret('session key as the call id', 'find_species', { text: 'sap' }, legit, { callId: KEY }),
  secret(
    'opaque secret as the call id of a refusal',
    'find_species',
    { text: 1 },
    refused('invalid_arguments'),
    { callId: `call_${OPAQUE}` },
  ),
  secret('session key as the agent name', 'find_species', { text: 'sap' }, refused('not_allowed'), {
    agent: KEY,
  }),
  secret('session key in a malformed reason', 'find_species', {}, refused('malformed_call'), {
    malformed: `bad JSON near "${KEY}"`,
  }),
  // SQL: literals, comments, identifiers and strings echoed by refusals
  sqlCase('secrets', 'session key as a SQL literal', `SELECT '${KEY}' AS k`, legit),
  sqlCase('secrets', 'opaque secret in a SQL comment', `SELECT 1 AS one -- ${OPAQUE}`, legit),
  sqlCase(
    'secrets',
    'session key as a column the binder names in its error',
    `SELECT "${KEY}" FROM cells`,
    refused('query_failed'),
  ),
  sqlCase(
    'secrets',
    'session key in a FROM string the guard quotes',
    `SELECT * FROM '${KEY}.csv'`,
    refused('sql_rejected'),
  ),
  sqlCase(
    'secrets',
    'unknown OpenAI key in a URL the guard refuses',
    `SELECT * FROM read_csv('https://x.example/?key=${UNKNOWN_OPENAI_KEY}')`,
    refused('sql_rejected'),
  ),
  sqlCase(
    'secrets',
    'opaque secret as a table the scope check names',
    `SELECT * FROM "${OPAQUE}"`,
    refused('sql_rejected'),
  ),
  secret(
    'session key in run_sql purpose',
    'run_sql',
    { sql: 'SELECT 1 AS one', purpose: `for ${KEY}` },
    legit,
  ),
  // URLs
  secret(
    'URL token= parameter in a proposal',
    'add_dataset_from_url',
    { url: `https://data.example/x.csv?token=${URL_TOKEN}`, name: 'rt_secret_token' },
    refused('proposed'),
  ),
  secret(
    'session key as a URL key= parameter',
    'add_dataset_from_url',
    { url: `https://data.example/y.csv?key=${KEY}`, name: 'rt_secret_key' },
    refused('proposed'),
  ),
  secret(
    'opaque secret in URL user info',
    'add_dataset_from_url',
    { url: `https://user:${OPAQUE}@data.example/z.csv`, name: 'rt_secret_userinfo' },
    refused('proposed'),
  ),
  secret(
    'URL token with an invalid table name',
    'add_dataset_from_url',
    { url: `https://data.example/x.csv?token=${URL_TOKEN}`, name: 'Bad Name' },
    refused('invalid_arguments'),
  ),
];
