import { type CallCase, refused } from './corpus-case';

const invalid = (name: string, tool: string, args: unknown, code = 'invalid_arguments'): CallCase => ({
  kind: 'call',
  category: 'argument_validation',
  name,
  tool,
  arguments: args,
  expected: refused(code),
});

/** Own keys named after Object.prototype members, as JSON.parse makes them. */
const pollution = (json: string) => JSON.parse(json) as unknown;

/** `depth` nested objects: {"a":{"a":…}}. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let index = 0; index < depth; index++) value = { a: value };
  return value;
}

function nestedArray(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let index = 0; index < depth; index++) value = [value];
  return value;
}

const types: CallCase[] = [
  invalid('number for a string', 'find_species', { text: 7 }),
  invalid('array for a string', 'find_species', { text: ['sap'] }),
  invalid('object for a string', 'find_species', { text: { toString: 'sap' } }),
  invalid('boolean for an integer', 'find_species', { text: 'sap', limit: true }),
  invalid('string for an integer', 'find_species', { text: 'sap', limit: '5' }),
  invalid('fraction for an integer', 'where_is', { species: 'yebsap', week: 24.5 }),
  invalid('null for a required string', 'describe_table', { table: null }),
  invalid('missing required argument', 'sample_values', { table: 'species' }),
  invalid('enum value outside the list', 'range_summary', { species: 'yebsap', season: 'summer' }),
  invalid('enum value in another case', 'range_summary', { species: 'yebsap', season: 'BREEDING' }),
  invalid('date not YYYY-MM-DD', 'where_is', { species: 'yebsap', date: '15/06/2023' }),
  invalid('date with SQL after it', 'where_is', { species: 'yebsap', date: "2023-06-15' OR 1=1 --" }),
  invalid('arguments are an array', 'find_species', ['sap']),
  invalid('arguments are a string', 'find_species', 'sap'),
  invalid('arguments are a number', 'find_species', 42),
  invalid('discriminated union with an unknown kind', 'query_status', {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'value',
    times: [{ kind: 'decade' }],
    places: [],
  }),
  invalid('nested extra key inside a union member', 'query_status', {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'value',
    times: [{ kind: 'year', sql: 'SELECT 1' }],
    places: [],
  }),
  invalid('unsupported measure', 'query_status', {
    species: ['yebsap'],
    measure: 'head_count',
    operation: 'value',
    times: [],
    places: [],
  }),
  invalid('URL with a file scheme', 'add_dataset_from_url', { url: 'file:///etc/passwd', name: 'x_file' }),
  invalid('URL with a javascript scheme', 'add_dataset_from_url', {
    url: 'javascript:alert(1)',
    name: 'x_js',
  }),
  invalid('table name with a quote', 'add_dataset_from_url', {
    url: 'https://a.example/x.csv',
    name: 'x"; DROP',
  }),
  invalid('table name in upper case', 'add_dataset_from_url', {
    url: 'https://a.example/x.csv',
    name: 'Sightings',
  }),
];

const ranges: CallCase[] = [
  invalid('limit 0', 'find_species', { text: 'sap', limit: 0 }),
  invalid('limit over the maximum', 'find_species', { text: 'sap', limit: 21 }),
  invalid('negative limit', 'top_regions', { species: 'yebsap', season: 'breeding', limit: -1 }),
  invalid('week 0', 'where_is', { species: 'yebsap', week: 0 }),
  invalid('week 53', 'where_is', { species: 'yebsap', week: 53 }),
  invalid('month 13', 'occurrence_chance', { species: 'yebsap', region: 'MI', month: 13 }),
  invalid('NaN', 'where_is', { species: 'yebsap', week: Number.NaN }),
  invalid('Infinity', 'where_is', { species: 'yebsap', week: Number.POSITIVE_INFINITY }),
  invalid('BigInt', 'where_is', { species: 'yebsap', week: 24n }),
  invalid('arrival share over 1', 'weekly_series', { species: 'yebsap', arrival_share: 1.5 }),
  invalid('radius over the maximum', 'query_status', {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'value',
    times: [],
    places: [{ kind: 'near', name: 'x', lon: -85, lat: 45, radius_km: 10_000 }],
  }),
  invalid('latitude out of range', 'query_status', {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'value',
    times: [],
    places: [{ kind: 'near', name: 'x', lon: -85, lat: 91 }],
  }),
  invalid('empty string', 'find_species', { text: '' }),
  invalid('too few options', 'ask_user', { question: 'Which?', options: ['one'] }),
  invalid('too many options', 'ask_user', {
    question: 'Which?',
    options: ['1', '2', '3', '4', '5', '6', '7'],
  }),
  invalid('a page past the last', 'data_vocabulary', { part: 'places', page: 10 }),
];

const hugeAndDeep: CallCase[] = [
  invalid('a 101-character species name', 'weekly_series', { species: 'y'.repeat(101) }),
  invalid('SQL over 20,000 characters', 'run_sql', { sql: `SELECT 1 ${' '.repeat(20_001)}`, purpose: 'x' }),
  invalid('a 1 MB purpose', 'run_sql', { sql: 'SELECT 1', purpose: 'p'.repeat(1_000_000) }),
  invalid('a 3 KB URL', 'add_dataset_from_url', {
    url: `https://a.example/${'x'.repeat(3_000)}.csv`,
    name: 'x_long',
  }),
  invalid('an extra key nested 5,000 deep', 'find_species', { text: 'sap', deep: nested(5_000) }),
  invalid('an argument nested 5,000 arrays deep', 'find_species', { text: nestedArray(5_000) }),
  invalid('10,000 options', 'ask_user', {
    question: 'Which?',
    options: Array.from({ length: 10_000 }, String),
  }),
  invalid('a species list of 10,000 codes', 'query_status', {
    species: Array.from({ length: 10_000 }, () => 'yebsap'),
    measure: 'abundance',
    operation: 'value',
    times: [],
    places: [],
  }),
  invalid('2,000 extra keys', 'find_species', {
    text: 'sap',
    ...Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`k${index}`, index])),
  }),
];

const prototypeKeys: CallCase[] = [
  invalid('__proto__ key', 'find_species', pollution('{"text":"sap","__proto__":{"polluted":true}}')),
  invalid('__proto__ as the only key', 'find_species', pollution('{"__proto__":{"text":"sap"}}')),
  invalid(
    'constructor.prototype key',
    'find_species',
    pollution('{"text":"sap","constructor":{"prototype":{"polluted":true}}}'),
  ),
  invalid('prototype key', 'find_species', { text: 'sap', prototype: { polluted: true } }),
  invalid('toString key', 'find_species', { text: 'sap', toString: 'x' }),
  invalid('hasOwnProperty key', 'describe_table', { table: 'species', hasOwnProperty: null }),
  invalid('__proto__ key inside a place', 'query_status', {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'value',
    times: [],
    places: [pollution('{"kind":"all","__proto__":{"kind":"region"}}')],
  }),
  invalid('__defineGetter__ key', 'find_region', { text: 'MI', __defineGetter__: 1 }),
];

const unreadable: CallCase[] = [
  {
    kind: 'call',
    category: 'argument_validation',
    name: 'arguments that were not JSON',
    tool: 'find_species',
    arguments: {},
    malformed:
      'arguments are not valid JSON (Unexpected end of JSON input); send a JSON object such as {"limit": 5}',
    expected: refused('malformed_call'),
  },
  {
    kind: 'call',
    category: 'argument_validation',
    name: 'malformed call for an unknown tool',
    tool: 'no_such_tool',
    arguments: {},
    malformed: 'arguments must be a JSON object, got an array',
    expected: refused('malformed_call'),
  },
];

export const ARGUMENT_VALIDATION_CASES: CallCase[] = [
  ...types,
  ...ranges,
  ...hugeAndDeep,
  ...prototypeKeys,
  ...unreadable,
];
