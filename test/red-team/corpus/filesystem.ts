import { type CallCase, refused, sqlCase } from './corpus-case';

/** Host paths, data-folder paths and schemes a query might read from or write to. */
const PATHS = [
  '/etc/passwd',
  '/proc/self/environ',
  '~/.ssh/id_rsa',
  'file:///etc/hosts',
  'catalog.json',
  '../catalog.json',
  'cells.parquet',
  'weekly/species_code=yebsap.parquet',
  '/tmp/*',
  'C:\\Windows\\win.ini',
];
const READERS: [string, (path: string) => string][] = [
  ['read_text', (path) => `SELECT * FROM read_text('${path}')`],
  ['read_csv', (path) => `SELECT * FROM read_csv('${path}', header = false)`],
  ['read_blob', (path) => `SELECT * FROM read_blob('${path}')`],
  ['glob', (path) => `SELECT * FROM glob('${path}')`],
  ['a FROM string', (path) => `SELECT * FROM '${path}'`],
];

const reads: CallCase[] = PATHS.flatMap((path, index) =>
  [READERS[index % READERS.length]!, READERS[(index + 2) % READERS.length]!].map(([reader, read]) =>
    sqlCase('filesystem', `${path} through ${reader}`, read(path), refused('sql_rejected')),
  ),
);

const WRITES: [string, string][] = [
  ['COPY a table to a file', "COPY cells TO '/tmp/rt-cells.csv'"],
  ['COPY a query to parquet', "COPY (SELECT 1 AS x) TO '/tmp/rt.parquet' (FORMAT parquet)"],
  ['EXPORT DATABASE', "EXPORT DATABASE '/tmp/rt-export'"],
  ['ATTACH a file database', "ATTACH '/tmp/rt.duckdb' AS f"],
  ['ATTACH the data folder', "ATTACH 'catalog.json' AS c"],
  ['IMPORT DATABASE', "IMPORT DATABASE '/tmp/rt-export'"],
  ['glob in a subquery', "SELECT (SELECT count(*) FROM glob('*')) AS n"],
  ['quoted-identifier file name', 'SELECT * FROM "cells.parquet"'],
  ['replacement scan of a parquet glob', "SELECT count(*) AS n FROM 'weekly/*.parquet'"],
  ['read_text with a list of paths', "SELECT * FROM read_text(['/etc/passwd', '/etc/hostname'])"],
];

const writes = WRITES.map(([name, sql]) => sqlCase('filesystem', name, sql, refused('sql_rejected')));

/** Paths through arguments: table and column names are looked up, never used as paths. */
const viaArguments: CallCase[] = [
  {
    kind: 'call',
    category: 'filesystem',
    name: 'sample_values column as a path',
    tool: 'sample_values',
    arguments: { table: 'cells', column: '../../../../etc/passwd' },
    expected: refused('not_found'),
  },
  {
    kind: 'call',
    category: 'filesystem',
    name: 'describe_table of a parquet file name',
    tool: 'describe_table',
    arguments: { table: 'cells.parquet' },
    expected: refused('not_found'),
  },
];

export const FILESYSTEM_CASES: CallCase[] = [...reads, ...writes, ...viaArguments];
