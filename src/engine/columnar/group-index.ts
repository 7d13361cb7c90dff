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

/**
 * A lookup level: a key's value leads to one group (a number), or — once two groups share this
 * value — to a level on the next key.
 */
type Level = Map<SqlValue, number | Level>;

/**
 * Rows with equal key values share a group, numbered in order of first appearance; NULLs group
 * together and NaN with NaN, as DuckDB groups them. The lookup hashes the first key only, and
 * compares the others against the one group found there: keys that follow from the first (a
 * cell's lon, lat and footprint after its cell_id, the common GROUP BY of the tools) cost one Map
 * lookup a row. Only a value shared by two groups opens a level on the next key, so any keys stay
 * linear. A long string key is hashed (V8 keeps a string's hash), never copied into a combined
 * key. With no keys there is one group, even over no rows (an aggregate without GROUP BY gives
 * one row).
 */
export function groupIndex(keys: readonly Compiled[], domain: readonly number[]): GroupIndex {
  const groupOf = new Int32Array(domain.length);
  const keyValues: SqlValue[][] = keys.map(() => []);
  const firstRows: number[] = [];
  if (keys.length === 0) {
    return { count: 1, groupOf, keyValues, firstRows: domain.length > 0 ? [0] : [] };
  }
  const width = keys.length;
  const values: SqlValue[] = new Array(width);
  const root: Level = new Map();
  let count = 0;
  const open = (position: number): number => {
    for (let index = 0; index < width; index++) keyValues[index].push(values[index]);
    firstRows.push(position);
    return count++;
  };
  for (let position = 0; position < domain.length; position++) {
    const row = domain[position];
    for (let index = 0; index < width; index++) values[index] = keys[index].evaluate(row);
    let level = root;
    let depth = 0;
    let group = -1;
    while (group < 0) {
      const found = level.get(values[depth]);
      if (found === undefined) {
        group = open(position);
        level.set(values[depth], group);
      } else if (typeof found !== 'number') {
        level = found;
        depth++;
      } else {
        const differs = firstDifference(keyValues, found, values, depth + 1);
        if (differs < 0) group = found;
        else {
          // Two groups share the keys up to `differs`: chain levels down to it, the old group below.
          let split: Level = new Map();
          level.set(values[depth], split);
          for (let next = depth + 1; next < differs; next++) {
            const deeper: Level = new Map();
            split.set(values[next], deeper);
            split = deeper;
          }
          split.set(keyValues[differs][found], found);
          level = split;
          depth = differs;
        }
      }
    }
    groupOf[position] = group;
  }
  return { count, groupOf, keyValues, firstRows };
}

/** The first key from `from` on where `group`'s values and `values` differ (SQL grouping: NaN = NaN), or −1. */
function firstDifference(
  keyValues: readonly SqlValue[][],
  group: number,
  values: readonly SqlValue[],
  from: number,
): number {
  for (let index = from; index < values.length; index++) {
    const known = keyValues[index][group];
    const value = values[index];
    if (known !== value && !(Number.isNaN(known) && Number.isNaN(value))) return index;
  }
  return -1;
}
