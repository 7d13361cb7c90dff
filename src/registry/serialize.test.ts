import { describe, expect, it } from 'vitest';
import { deserialize, serialize, toModelValue } from './serialize';

describe('serialize', () => {
  it('BigInt, NaN and ±Infinity round-trip through explicit markers', () => {
    const value = {
      safe: 42n,
      unsafe: 2n ** 64n,
      nan: NaN,
      up: Infinity,
      down: -Infinity,
      nested: [NaN, 1.5, null],
    };
    const text = serialize(value);
    expect(text).toBe(
      '{"safe":42,"unsafe":{"$type":"bigint","value":"18446744073709551616"},"nan":{"$type":"float","value":"NaN"},"up":{"$type":"float","value":"Infinity"},"down":{"$type":"float","value":"-Infinity"},"nested":[{"$type":"float","value":"NaN"},1.5,null]}',
    );
    expect(deserialize(text)).toEqual({ ...value, safe: 42 });
  });

  it('dates become ISO text and typed arrays become arrays', () => {
    expect(
      toModelValue({
        at: new Date('2023-06-14T00:00:00Z'),
        values: new Float32Array([0.5, NaN]),
        ids: new BigInt64Array([7n]),
      }),
    ).toEqual({
      at: '2023-06-14T00:00:00.000Z',
      values: [0.5, { $type: 'float', value: 'NaN' }],
      ids: [7],
    });
  });

  it('cycles, functions, throwing getters and maps never throw', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const hostile = {
      get boom() {
        throw new Error('no');
      },
    };
    expect(toModelValue({ cyclic, fn: () => 1, map: new Map([[1, 'a']]), set: new Set([1]) })).toEqual({
      cyclic: { name: 'loop', self: '[circular]' },
      map: { 1: 'a' },
      set: [1],
    });
    expect(toModelValue(hostile)).toBe('[unreadable]');
  });

  it('a shared (non-cyclic) object is written twice, not marked circular', () => {
    const shared = { a: 1 };
    expect(toModelValue([shared, shared])).toEqual([{ a: 1 }, { a: 1 }]);
  });
});
