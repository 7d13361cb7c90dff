import { notColumnar, type SqlType, type SqlValue } from './sql-ast';

/**
 * How DuckDB orders and compares the subset's values (measured on DuckDB-WASM 1.32, 2026-12-05):
 * NULL is left to the caller (NULLS LAST in both directions by default); NaN equals NaN and is
 * above every other double; strings compare by code point (DuckDB compares UTF-8 bytes: 'Zambia'
 * before 'Åland'); false before true.
 */
export function compareValues(a: SqlValue, b: SqlValue): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b) return 0;
    const aNaN = Number.isNaN(a);
    const bNaN = Number.isNaN(b);
    if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? 1 : -1;
    return a < b ? -1 : 1;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return notColumnar(`comparing ${typeof a} with ${typeof b}`);
}

/** Code point order (UTF-8 byte order): UTF-16 order differs only when a surrogate pair meets U+E000–U+FFFF. */
export function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left === right) continue;
    if (left >= 0xd800 && right >= 0xd800) {
      const leftPoint = a.codePointAt(index)!;
      const rightPoint = b.codePointAt(index)!;
      return leftPoint < rightPoint ? -1 : 1;
    }
    return left < right ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** SQL equality of two non-NULL values (NaN = NaN, as DuckDB). */
export function sameValue(a: SqlValue, b: SqlValue): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

const NUMERIC: ReadonlySet<SqlType> = new Set(['integer', 'bigint', 'double', 'decimal']);

export const isNumeric = (type: SqlType): boolean => NUMERIC.has(type);

/** The type two operands are compared in; refuses pairs DuckDB would cast (a string to a date…). */
export function comparisonType(left: SqlType, right: SqlType): SqlType {
  if (left === 'null') return right;
  if (right === 'null') return left;
  if (isNumeric(left) && isNumeric(right)) return numericType(left, right);
  if (left === right) return left;
  return notColumnar(`comparing ${left} with ${right}`);
}

/** The common type of numeric operands: DOUBLE over DECIMAL over BIGINT over INTEGER. */
export function numericType(left: SqlType, right: SqlType): SqlType {
  for (const type of ['double', 'decimal', 'bigint', 'integer'] as const)
    if (left === type || right === type) return type;
  return 'integer';
}

/** The type several values unify to (CASE branches, coalesce, VALUES columns); NULL takes the other's. */
export function unifiedType(types: readonly SqlType[]): SqlType {
  let result: SqlType = 'null';
  for (const type of types) {
    if (type === 'null' || type === result) continue;
    if (result === 'null') result = type;
    else if (isNumeric(result) && isNumeric(type)) result = numericType(result, type);
    else notColumnar(`mixing ${result} and ${type}`);
  }
  return result;
}

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** An integer result that DuckDB would refuse as an overflow goes to DuckDB, which says so. */
export function checkedInteger(value: number, type: SqlType): number {
  if (type === 'integer' && (value < INT32_MIN || value > INT32_MAX)) notColumnar('INTEGER overflow');
  if (type === 'bigint' && !Number.isSafeInteger(value)) notColumnar('BIGINT beyond 2^53');
  return value;
}
