import type { Compiled } from './compile-expression';
import type { SqlValue } from './sql-ast';

/** Groups of the rows of a domain by the values of `keys`. */
export interface GroupIndex {
  count: number;
  /** The group of each domain position. */
  groupOf: Int32Array;
  /** Per key, its value in each group. */
  keyValues: SqlValue[][];
  /** The domain position of each group's first row. */
  firstRows: number[];
}

/** Stands for NULL in the lookup maps (NULLs group together, as in SQL). */
const NULL_KEY = Symbol('null');

/**
 * Rows with equal key values share a group, numbered in order of first appearance. The lookup is a
 * tree of Maps, one level a key, so a long string key (a cell's footprint) is hashed, never copied
 * into a combined key; Maps treat NaN as NaN, as DuckDB groups it. With no keys there is one group,
 * even over no rows (an aggregate without GROUP BY gives one row).
 */
export function groupIndex(keys: readonly Compiled[], domain: readonly number[]): GroupIndex {
  const groupOf = new Int32Array(domain.length);
  const keyValues: SqlValue[][] = keys.map(() => []);
  const firstRows: number[] = [];
  if (keys.length === 0) {
    return { count: 1, groupOf, keyValues, firstRows: domain.length > 0 ? [0] : [] };
  }
  const root = new Map<unknown, unknown>();
  let count = 0;
  const last = keys.length - 1;
  for (const [position, row] of domain.entries()) {
    let level = root;
    for (let index = 0; index < last; index++) {
      const value = keys[index].evaluate(row) ?? NULL_KEY;
      let next = level.get(value) as Map<unknown, unknown> | undefined;
      if (!next) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const value = keys[last].evaluate(row) ?? NULL_KEY;
    let group = level.get(value) as number | undefined;
    if (group === undefined) {
      group = count++;
      level.set(value, group);
      firstRows.push(position);
      for (const [index, key] of keys.entries()) keyValues[index].push(key.evaluate(row));
    }
    groupOf[position] = group;
  }
  return { count, groupOf, keyValues, firstRows };
}
