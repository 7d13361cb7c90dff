import { notColumnar, type SqlType, type SqlValue } from './sql-ast';
import { compareValues, isNumeric, unifiedType } from './sql-values';

/**
 * The scalar functions of the subset, each as DuckDB computes it (DuckDB-WASM 1.32, measured
 * 2026-12-05 by hand and in columnar-semantics.test.ts / columnar-vs-native.test.ts against native DuckDB):
 * - round rounds half away from zero (std::round): round(-85.1235, 3) = -85.124;
 * - radians(x) = x * (π / 180), which differs in the last bit from x * π / 180;
 * - greatest/least skip NULLs; coalesce takes the first non-NULL;
 * - lower/upper of a string whose case mapping changes its length (İ, ß) go to DuckDB, whose
 *   tables differ from JavaScript's there;
 * - a math function that gives NaN from a number (asin(2), sqrt(-1)) is an error in DuckDB, so the
 *   query goes to DuckDB to say so.
 * Every other function name leaves the query to DuckDB.
 */
export interface ScalarFunction {
  /** The result type for these argument types; refuses types it does not take. */
  type(args: readonly SqlType[]): SqlType;
  evaluate(args: readonly SqlValue[]): SqlValue;
  /** Any NULL argument makes the result NULL (evaluate never sees one). @default true */
  nullIn?: 'propagates' | 'handled';
}

const numberArgs = (count: number, name: string) => (args: readonly SqlType[]) => {
  if (args.length !== count || !args.every((type) => isNumeric(type) || type === 'null'))
    notColumnar(`${name} takes ${count} number(s)`);
};

/** A double → double function; a NaN from a non-NaN input is DuckDB's out-of-range error. */
function math(count: number, name: string, compute: (...values: number[]) => number): ScalarFunction {
  const check = numberArgs(count, name);
  return {
    type(args) {
      check(args);
      return 'double';
    },
    evaluate(args) {
      const values = args as number[];
      const result = compute(...values);
      if (Number.isNaN(result) && !values.some(Number.isNaN)) notColumnar(`${name} out of its domain`);
      return result;
    },
  };
}

/** std::round: halves go away from zero. */
function roundAway(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** The engine's distance_km macro (engine-macros.ts), operation for operation. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return (
    2 *
    6371.0088 *
    Math.asin(
      Math.sqrt(
        Math.sin(((lat2 - lat1) * RADIANS_PER_DEGREE) / 2) ** 2 +
          Math.cos(lat1 * RADIANS_PER_DEGREE) *
            Math.cos(lat2 * RADIANS_PER_DEGREE) *
            Math.sin(((lon2 - lon1) * RADIANS_PER_DEGREE) / 2) ** 2,
      ),
    )
  );
}

function caseMapping(name: string, map: (text: string) => string): ScalarFunction {
  return {
    type(args) {
      if (args.length !== 1 || (args[0] !== 'varchar' && args[0] !== 'null'))
        notColumnar(`${name} of a non-string`);
      return 'varchar';
    },
    evaluate([text]) {
      const mapped = map(text as string);
      if (mapped.length !== (text as string).length) notColumnar(`${name} of '${text}'`);
      return mapped;
    },
  };
}

/** Regular expressions whose meaning RE2 (DuckDB) and JavaScript share: literals, ^ $ | ( ) and . * + ? outside classes. */
/**
 * Patterns JavaScript and RE2 read alike and JavaScript's backtracking matches in linear time:
 * literals, anchors and alternation, no quantifier or class. `(a+)+$` would backtrack
 * exponentially in the agent worker (RE2, DuckDB's engine, is linear), so it goes to DuckDB.
 */
const PORTABLE_PATTERN = /^[A-Za-z0-9 _\-^$|()]*$/;

function pickExtreme(direction: 1 | -1, name: string): ScalarFunction {
  return {
    nullIn: 'handled',
    type(args) {
      if (args.length === 0) notColumnar(`${name}()`);
      return unifiedType(args);
    },
    evaluate(args) {
      let best: SqlValue = null;
      for (const value of args)
        if (value !== null && (best === null || compareValues(value, best) * direction > 0)) best = value;
      return best;
    },
  };
}

export const SCALAR_FUNCTIONS: Readonly<Record<string, ScalarFunction>> = {
  coalesce: {
    nullIn: 'handled',
    type: (args) => unifiedType(args),
    evaluate: (args) => args.find((value) => value !== null) ?? null,
  },
  greatest: pickExtreme(1, 'greatest'),
  least: pickExtreme(-1, 'least'),
  abs: {
    type(args) {
      numberArgs(1, 'abs')(args);
      return args[0];
    },
    evaluate([value]) {
      if (value === -2_147_483_648) notColumnar('abs overflow');
      return Math.abs(value as number);
    },
  },
  round: {
    type(args) {
      if (args.length === 2 && args[1] !== 'integer') notColumnar('round with a non-integer precision');
      if (args.length < 1 || args.length > 2 || !isNumeric(args[0])) notColumnar('round of a non-number');
      return args[0] === 'decimal' ? 'decimal' : args[0];
    },
    evaluate([value, digits]) {
      const input = value as number;
      const places = (digits as number | undefined) ?? 0;
      let rounded: number;
      if (places >= 0) {
        const modifier = 10 ** places;
        rounded = roundAway(input * modifier) / modifier;
      } else {
        const modifier = 10 ** -places;
        rounded = roundAway(input / modifier) * modifier;
      }
      return Number.isFinite(rounded) ? rounded : input;
    },
  },
  floor: {
    type(args) {
      numberArgs(1, 'floor')(args);
      return args[0] === 'integer' || args[0] === 'bigint' ? args[0] : 'double';
    },
    evaluate: ([value]) => Math.floor(value as number),
  },
  ceil: {
    type(args) {
      numberArgs(1, 'ceil')(args);
      return args[0] === 'integer' || args[0] === 'bigint' ? args[0] : 'double';
    },
    evaluate: ([value]) => Math.ceil(value as number),
  },
  sqrt: math(1, 'sqrt', Math.sqrt),
  pow: math(2, 'pow', (base, exponent) => base ** exponent),
  power: math(2, 'power', (base, exponent) => base ** exponent),
  sin: math(1, 'sin', Math.sin),
  cos: math(1, 'cos', Math.cos),
  tan: math(1, 'tan', Math.tan),
  asin: math(1, 'asin', Math.asin),
  acos: math(1, 'acos', Math.acos),
  atan: math(1, 'atan', Math.atan),
  atan2: math(2, 'atan2', Math.atan2),
  radians: math(1, 'radians', (degrees) => degrees * RADIANS_PER_DEGREE),
  degrees: math(1, 'degrees', (radians) => radians * (180 / Math.PI)),
  pi: {
    type(args) {
      if (args.length > 0) notColumnar('pi(x)');
      return 'double';
    },
    evaluate: () => Math.PI,
  },
  distance_km: math(4, 'distance_km', distanceKm),
  lower: caseMapping('lower', (text) => text.toLowerCase()),
  upper: caseMapping('upper', (text) => text.toUpperCase()),
  replace: {
    type(args) {
      if (args.length !== 3 || args.some((type) => type !== 'varchar' && type !== 'null'))
        notColumnar('replace of non-strings');
      return 'varchar';
    },
    evaluate([text, from, to]) {
      if (from === '') notColumnar("replace of ''");
      return (text as string).replaceAll(from as string, to as string);
    },
  },
  concat: {
    nullIn: 'handled',
    type(args) {
      if (args.some((type) => type !== 'varchar' && type !== 'null')) notColumnar('concat of non-strings');
      return 'varchar';
    },
    evaluate: (args) => args.filter((value) => value !== null).join(''),
  },
  regexp_matches: {
    type(args) {
      if (args.length !== 2 || args.some((type) => type !== 'varchar' && type !== 'null'))
        notColumnar('regexp_matches with options');
      return 'boolean';
    },
    evaluate([text, pattern]) {
      if (!PORTABLE_PATTERN.test(pattern as string)) notColumnar(`the regular expression ${pattern}`);
      return portableRegExp(pattern as string).test(text as string);
    },
  },
};

const compiledPatterns = new Map<string, RegExp>();

function portableRegExp(pattern: string): RegExp {
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) {
    try {
      compiled = new RegExp(pattern, 'u');
    } catch {
      return notColumnar(`the regular expression ${pattern}`);
    }
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}
