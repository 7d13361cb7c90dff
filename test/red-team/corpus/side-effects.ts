import { type CallCase, refused, sqlCase } from './corpus-case';
import { someTricks } from './sql-tricks';

/**
 * Functions that change the engine's state (logs, profiling, checkpoints, sequences, the random
 * seed, the parser) rather than compute a value. An allow-list of side-effect-free functions
 * refuses all of them, whatever trick hides the name.
 */
const TABLE_FUNCTIONS: [string, string][] = [
  ['truncate_duckdb_logs', ''],
  ['enable_logging', ''],
  ['disable_logging', ''],
  ['enable_profiling', ''],
  ['disable_profiling', ''],
  ['checkpoint', ''],
  ['force_checkpoint', ''],
  ['enable_peg_parser', ''],
];
const SCALAR_FUNCTIONS: [string, string][] = [
  ['write_log', "'x', level := 'error'"],
  ['write_log', "'injected log line'"],
  ['setseed', '0.42'],
  ['nextval', "'rt_sequence'"],
];

const tables: CallCase[] = TABLE_FUNCTIONS.flatMap(([fn, args], index) =>
  someTricks(index, 3).map((trick) =>
    sqlCase('side_effects', `${fn}() ${trick.name}`, trick.table(fn, args), refused('sql_rejected')),
  ),
);
const scalars: CallCase[] = SCALAR_FUNCTIONS.flatMap(([fn, args], index) =>
  someTricks(index + 4, 3).map((trick) =>
    sqlCase('side_effects', `${fn}(${args}) ${trick.name}`, trick.scalar(fn, args), refused('sql_rejected')),
  ),
);

export const SIDE_EFFECT_CASES: CallCase[] = [
  ...tables,
  ...scalars,
  sqlCase(
    'side_effects',
    'the issue repro: truncate_duckdb_logs',
    'SELECT * FROM truncate_duckdb_logs()',
    refused('sql_rejected'),
  ),
  sqlCase(
    'side_effects',
    "the issue repro: write_log level := 'error'",
    "SELECT write_log('x', level := 'error') AS w",
    refused('sql_rejected'),
  ),
];
