import { type CallCase, type Expectation, legit, refused } from './corpus-case';

/**
 * Inputs that would make an uncapped audit row megabytes long: every field a call can fill
 * (argument values and keys, tool name, call id, agent, malformed reason). The runner checks
 * each row's size against AUDIT_ROW_LIMIT_BYTES and that the row still says what happened.
 */
const MB5 = 5 * 1024 * 1024;
const huge = (char = 'x', bytes = MB5) => char.repeat(Math.ceil(bytes / Buffer.byteLength(char)));

const capped = (
  name: string,
  tool: string,
  args: unknown,
  expected: Expectation,
  extra: Partial<CallCase> = {},
): CallCase => ({ kind: 'call', category: 'audit_caps', name, tool, arguments: args, expected, ...extra });

export const AUDIT_CAP_CASES: CallCase[] = [
  capped(
    'a 5 MB SQL argument (the issue repro)',
    'run_sql',
    { sql: huge(), purpose: 'x' },
    refused('invalid_arguments'),
  ),
  capped('a 5 MB purpose', 'run_sql', { sql: 'SELECT 1', purpose: huge('p') }, refused('invalid_arguments')),
  capped(
    'a 5 MB value under an extra key',
    'find_species',
    { text: 'sap', extra: huge() },
    refused('invalid_arguments'),
  ),
  capped('a 5 MB key name', 'find_species', { text: 'sap', [huge('k')]: 1 }, refused('invalid_arguments')),
  capped(
    '20,000 extra keys',
    'find_species',
    {
      text: 'sap',
      ...Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`key${index}`, index])),
    },
    refused('invalid_arguments'),
  ),
  capped(
    'an array of 100,000 numbers',
    'find_species',
    { text: 'sap', list: Array.from({ length: 100_000 }, (_, index) => index) },
    refused('invalid_arguments'),
  ),
  capped(
    '100,000 options for ask_user',
    'ask_user',
    { question: 'Which?', options: Array.from({ length: 100_000 }, () => 'o') },
    refused('invalid_arguments'),
  ),
  capped(
    'a 5 MB option',
    'ask_user',
    { question: 'Which?', options: [huge('o'), 'b'] },
    refused('invalid_arguments'),
  ),
  capped('a 5 MB species name', 'weekly_series', { species: huge('s') }, refused('invalid_arguments')),
  capped('5 MB of two-byte characters', 'find_species', { text: huge('é') }, refused('invalid_arguments')),
  capped(
    '1 MB of control characters (6 bytes each in JSON)',
    'find_species',
    { text: huge('\u0001', 1024 * 1024) },
    refused('invalid_arguments'),
  ),
  capped(
    '1 MB of quotes (2 bytes each in JSON)',
    'find_species',
    { text: huge('"', 1024 * 1024) },
    refused('invalid_arguments'),
  ),
  capped('a 5 MB tool name', huge('t'), {}, refused('unknown_tool')),
  capped('a 5 MB call id on a legit call', 'find_species', { text: 'sap' }, legit, { callId: huge('i') }),
  capped('a 5 MB call id on a refusal', 'describe_table', { table: 'nope' }, refused('not_found'), {
    callId: huge('j'),
  }),
  capped('a 5 MB agent name', 'find_species', { text: 'sap' }, refused('not_allowed'), { agent: huge('a') }),
  capped('a 5 MB malformed reason', 'find_species', {}, refused('malformed_call'), { malformed: huge('m') }),
  capped(
    'a 5 MB value nested in a query frame',
    'query_status',
    {
      species: ['yebsap'],
      measure: 'abundance',
      operation: 'value',
      times: [{ kind: 'weeks', from: 1, to: 2, label: huge('l') }],
      places: [],
    },
    refused('invalid_arguments'),
  ),
  capped(
    'a 5 MB URL',
    'add_dataset_from_url',
    { url: `https://a.example/${huge('u')}.csv`, name: 'rt_big_url' },
    refused('invalid_arguments'),
  ),
  capped(
    'a 5 MB value under a secret-looking key',
    'find_species',
    { text: 'sap', api_key: huge('s') },
    refused('invalid_arguments'),
  ),
  capped(
    'many 50 KB values nested 40 deep',
    'find_species',
    {
      text: 'sap',
      deep: Array.from({ length: 40 }).reduce<unknown>(
        (inner) => ({ pad: huge('d', 50_000), inner }),
        'leaf',
      ),
    },
    refused('invalid_arguments'),
  ),
];
