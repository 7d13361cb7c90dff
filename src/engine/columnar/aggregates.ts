import { notColumnar, type SqlType, type SqlValue } from './sql-ast';
import { compareValues, isNumeric } from './sql-values';

/**
 * Aggregate functions of the subset, as DuckDB computes them (DuckDB-WASM 1.32, 2026-12-05):
 * count(*) and count(x) are BIGINT; avg is DOUBLE; sum of doubles is DOUBLE, NULL over no rows
 * (a sum of integers is HUGEINT, which the subset does not produce); min/max keep the type, NaN
 * above every number; arg_min/arg_max skip rows where either argument is NULL; median and
 * quantile_cont interpolate linearly (median of 1, 2 is 1.5). Sums add in row order, so a mean
 * may differ from DuckDB's, which adds in its own order, in the last bits.
 */
export interface AggregateState {
  /** Adds row values (already evaluated, FILTER applied) to group `group`'s state. */
  add(group: number, args: readonly SqlValue[]): void;
  result(group: number): SqlValue;
}

export interface AggregateFunction {
  type(args: readonly SqlType[], distinct: boolean): SqlType;
  /** A fresh state for `groups` groups (grows as groups appear). */
  create(distinct: boolean, constants: readonly SqlValue[]): AggregateState;
  /** `count(*)` takes no arguments. */
  star?: boolean;
}

function numeric(name: string, args: readonly SqlType[], count = 1): void {
  if (args.length !== count || !(isNumeric(args[0]) || args[0] === 'null'))
    notColumnar(`${name} of a non-number`);
}

/** Per-group numbers in a growable array. */
function slots<T>(fill: T): { get(group: number): T; set(group: number, value: T): void } {
  const values: T[] = [];
  return {
    get: (group) => (group < values.length ? values[group] : fill),
    set(group, value) {
      while (values.length <= group) values.push(fill);
      values[group] = value;
    },
  };
}

const count: AggregateFunction = {
  type: () => 'bigint',
  create(distinct) {
    if (distinct) {
      const seen: Set<SqlValue>[] = [];
      return {
        add(group, [value]) {
          if (value === null) return;
          seen[group] ??= new Set();
          seen[group].add(Number.isNaN(value) ? Number.NaN : value);
        },
        result: (group) => seen[group]?.size ?? 0,
      };
    }
    const counts = slots(0);
    return {
      add(group, args) {
        if (args.length === 0 || args[0] !== null) counts.set(group, counts.get(group) + 1);
      },
      result: (group) => counts.get(group),
    };
  },
};

function sumLike(kind: 'sum' | 'avg'): AggregateFunction {
  return {
    type(args, distinct) {
      numeric(kind, args);
      if (distinct) notColumnar(`${kind}(DISTINCT …)`);
      if (kind === 'sum' && args[0] !== 'double')
        notColumnar('sum of integers or decimals (HUGEINT/DECIMAL)');
      return 'double';
    },
    create() {
      const sums = slots(0);
      const counts = slots(0);
      return {
        add(group, [value]) {
          if (value === null) return;
          sums.set(group, sums.get(group) + (value as number));
          counts.set(group, counts.get(group) + 1);
        },
        result(group) {
          const n = counts.get(group);
          if (n === 0) return null;
          return kind === 'sum' ? sums.get(group) : sums.get(group) / n;
        },
      };
    },
  };
}

function extreme(direction: 1 | -1): AggregateFunction {
  return {
    type(args) {
      if (args.length !== 1) notColumnar('min/max of several arguments');
      return args[0];
    },
    create() {
      const best: SqlValue[] = [];
      return {
        add(group, [value]) {
          if (value === null) return;
          const current = best[group];
          if (current === undefined || current === null || compareValues(value, current) * direction > 0)
            best[group] = value;
        },
        result: (group) => best[group] ?? null,
      };
    },
  };
}

function argExtreme(direction: 1 | -1): AggregateFunction {
  return {
    type(args) {
      if (args.length !== 2) notColumnar('arg_min/arg_max with other than two arguments');
      return args[0];
    },
    create() {
      const keys: SqlValue[] = [];
      const values: SqlValue[] = [];
      return {
        add(group, [value, key]) {
          if (value === null || key === null) return;
          const current = keys[group];
          if (current === undefined || compareValues(key, current) * direction < 0) {
            keys[group] = key;
            values[group] = value;
          }
        },
        result: (group) => values[group] ?? null,
      };
    },
  };
}

/** quantile_cont: the value at (n − 1)·q of the sorted non-NULL values, interpolated between neighbours. */
function quantile(fixed?: number): AggregateFunction {
  return {
    type(args) {
      numeric('quantile', args, fixed === undefined ? 2 : 1);
      return 'double';
    },
    create(_distinct, constants) {
      const q = fixed ?? (constants[1] as number);
      if (typeof q !== 'number' || q < 0 || q > 1) notColumnar('a quantile outside 0..1');
      const values: number[][] = [];
      return {
        add(group, [value]) {
          if (value === null) return;
          values[group] ??= [];
          values[group].push(value as number);
        },
        result(group) {
          const sorted = values[group]?.sort((a, b) => compareValues(a, b));
          if (!sorted || sorted.length === 0) return null;
          const position = (sorted.length - 1) * q;
          const low = Math.floor(position);
          const high = Math.ceil(position);
          const lowValue = sorted[low];
          const highValue = sorted[high];
          return low === high ? lowValue : lowValue + (position - low) * (highValue - lowValue);
        },
      };
    },
  };
}

export const AGGREGATE_FUNCTIONS: Readonly<Record<string, AggregateFunction>> = {
  count: { ...count, star: true },
  sum: sumLike('sum'),
  avg: sumLike('avg'),
  mean: sumLike('avg'),
  min: extreme(-1),
  max: extreme(1),
  arg_min: argExtreme(1),
  arg_max: argExtreme(-1),
  argmin: argExtreme(1),
  argmax: argExtreme(-1),
  min_by: argExtreme(1),
  max_by: argExtreme(-1),
  median: quantile(0.5),
  quantile_cont: quantile(),
};

export const isAggregateName = (name: string): boolean => Object.hasOwn(AGGREGATE_FUNCTIONS, name);
