import { describe, expect, it } from 'vitest';
import type { Compiled } from './compile-expression';
import { groupIndex } from './group-index';
import type { SqlValue } from './sql-ast';

/** SQL grouping's equality: NULL with NULL, NaN with NaN, 0 with -0. */
const sameGroupValue = (a: SqlValue, b: SqlValue) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** The obvious quadratic grouping, as a reference: each row against every group so far. */
function naiveGroups(columns: SqlValue[][], domain: number[]): { groupOf: number[]; firstRows: number[] } {
  const firstRows: number[] = [];
  const groupOf = domain.map((row, position) => {
    const group = firstRows.findIndex((first) =>
      columns.every((column) => sameGroupValue(column[domain[first]], column[row])),
    );
    if (group >= 0) return group;
    firstRows.push(position);
    return firstRows.length - 1;
  });
  return { groupOf, firstRows };
}

const keysOf = (columns: SqlValue[][]): Compiled[] =>
  columns.map((column) => ({ type: 'null', evaluate: (row: number) => column[row] }));

/** A seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const POOL: SqlValue[] = [null, Number.NaN, 0, -0, 1, 2.5, 'a', 'b', '', true, false, '{"type":"Polygon"}'];

describe('groupIndex', () => {
  it('groups as SQL does (NULLs together, NaN with NaN) for keys that follow from the first and keys that do not', () => {
    const next = random(16);
    for (let trial = 0; trial < 300; trial++) {
      const rows = 1 + Math.floor(next() * 60);
      const width = 1 + Math.floor(next() * 4);
      const dependent = next() < 0.5;
      const first = Array.from({ length: rows }, () => POOL[Math.floor(next() * POOL.length)]);
      // Dependent: every other key is a function of the first (cell_id → lon, lat, footprint).
      const columns = [
        first,
        ...Array.from({ length: width - 1 }, (_unused, key) =>
          first.map((value, row) =>
            dependent
              ? POOL[(POOL.indexOf(value) + key) % POOL.length]
              : POOL[Math.floor(next() * (row % 3 === 0 ? 2 : POOL.length))],
          ),
        ),
      ];
      const domain = Array.from({ length: rows }, (_unused, row) => row).filter(() => next() < 0.8);
      const index = groupIndex(keysOf(columns), domain);
      const expected = naiveGroups(columns, domain);
      expect([...index.groupOf]).toEqual(expected.groupOf);
      expect(index.firstRows).toEqual(expected.firstRows);
      expect(index.count).toBe(expected.firstRows.length);
      for (const [key, column] of columns.entries())
        expect(index.keyValues[key]).toEqual(expected.firstRows.map((position) => column[domain[position]]));
    }
  });

  it('splits a shared first value at the key where two groups differ, however deep', () => {
    const columns: SqlValue[][] = [
      ['x', 'x', 'x', 'x', 'x'],
      [1, 1, 1, 1, 2],
      ['p', 'p', 'q', 'p', 'p'],
      [null, Number.NaN, null, null, null],
    ];
    const index = groupIndex(keysOf(columns), [0, 1, 2, 3, 4]);
    expect([...index.groupOf]).toEqual([0, 1, 2, 0, 3]);
  });

  it('gives one group without keys, even over no rows', () => {
    expect(groupIndex([], []).count).toBe(1);
    expect(groupIndex([], [4, 5]).firstRows).toEqual([0]);
  });
});
