import { type CallCase, type Expectation, legit, legitOrRefused, refused, sqlCase } from './corpus-case';

/**
 * Results and refusals that would pass the 16 KB budget if it were applied to the data rather
 * than the whole envelope: long strings (ASCII, multibyte, characters JSON escapes), many
 * columns, long names and ids, long error messages. Trimmed or refused, every envelope fits
 * (registry-corpus.test.ts checks the bytes of each one).
 */
/** Trimmed with a note, or refused as too large: either way the envelope fits. */
const FITS = legitOrRefused('result_too_large');

const big = (name: string, sql: string, expected: Expectation = FITS) =>
  sqlCase('envelope_budget', name, sql, expected);

export const ENVELOPE_BUDGET_CASES: CallCase[] = [
  big("repeat('x', 16060), the issue repro", "SELECT repeat('x', 16060) AS s"),
  big("repeat('x', 16300)", "SELECT repeat('x', 16300) AS s"),
  big("repeat('x', 16384)", "SELECT repeat('x', 16384) AS s"),
  big("repeat('x', 1e6)", "SELECT repeat('x', 1000000) AS s"),
  big('two-byte characters: 9,000 é', "SELECT repeat('é', 9000) AS s"),
  big('four-byte characters: 4,500 birds', "SELECT repeat('\u{1F426}', 4500) AS s"),
  big('quotes JSON escapes: 9,000', `SELECT repeat('"', 9000) AS s`),
  big('backslashes JSON escapes: 9,000', "SELECT repeat('\\', 9000) AS s"),
  big('control characters JSON writes as \\u0001: 3,000', 'SELECT repeat(chr(1), 3000) AS s'),
  big('eight preview rows of 2,100 characters', "SELECT repeat('y', 2100) AS s FROM range(8)"),
  big('a 20 KB list value', 'SELECT list_transform(range(4000), x -> x * 1000) AS l'),
  big('a struct with a long field', "SELECT {'a': repeat('z', 17000)} AS st"),
  big('a long column name', `SELECT 1 AS "${'c'.repeat(17_000).slice(0, 17_000)}"`),
  big(
    '200 columns of 100 characters',
    `SELECT ${Array.from({ length: 200 }, (_, index) => `repeat('v', 100) AS c${index}`).join(', ')}`,
  ),
  big(
    'string_agg of 200 values of 100 characters',
    "SELECT string_agg(repeat('q', 100), ',') AS s FROM range(200)",
  ),
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'an error message quoting a 19 KB column name',
    tool: 'run_sql',
    arguments: { sql: `SELECT ${'n'.repeat(19_000)} FROM cells`, purpose: 'long error' },
    expected: refused('query_failed', 'sql_rejected'),
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'invalid_arguments listing 5,000 unknown keys',
    tool: 'find_species',
    arguments: Object.fromEntries(
      Array.from({ length: 5_000 }, (_, index) => [`unknown_key_${index}`, index]),
    ),
    expected: refused('invalid_arguments'),
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'unknown tool with a 20 KB name echoed back',
    tool: 'z'.repeat(20_000),
    arguments: {},
    expected: refused('unknown_tool'),
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'a 20 KB call id echoed back',
    tool: 'find_species',
    callId: 'i'.repeat(20_000),
    arguments: { text: 'sap' },
    expected: legit,
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'a 20 KB call id on a refusal',
    tool: 'find_species',
    callId: 'j'.repeat(20_000),
    arguments: { text: 7 },
    expected: refused('invalid_arguments'),
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'not_found echoing a 64-character table name',
    tool: 'describe_table',
    arguments: { table: 't'.repeat(64) },
    expected: refused('not_found'),
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'describe_table of the widest table',
    tool: 'describe_table',
    arguments: { table: 'weekly' },
    expected: legit,
  },
  {
    kind: 'call',
    category: 'envelope_budget',
    name: 'data_vocabulary places page 0',
    tool: 'data_vocabulary',
    arguments: { part: 'places', page: 0 },
    expected: legit,
  },
];
