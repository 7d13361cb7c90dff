import * as arrow from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { toVector } from '../../engine/arrow-columns';
import { numberReader, textReader } from './column-readers';

const read = <T>(reader: (row: number) => T, length: number) =>
  Array.from({ length }, (_unused, row) => reader(row));

describe('column readers', () => {
  it('read NULL as NaN, never the 0 in the buffer under it, in a chunk and in a slice of one', () => {
    const values = [0.5, null, 0, Number.NaN, null, 2, 3, null, 4, 5];
    for (const kind of ['float64', 'float32', 'int32', 'int16', 'uint8'] as const) {
      const present = values.map((value) =>
        value === null || kind === 'float64' || kind === 'float32' ? value : Math.round(value || 0),
      );
      const vector = toVector(kind, present, present.length);
      const expected = (list: (number | null)[]) =>
        list.map((value) => (value === null ? Number.NaN : kind === 'float32' ? Math.fround(value) : value));
      expect(read(numberReader(vector), present.length)).toEqual(expected(present));
      // A slice keeps the bitmap unsliced: its bits start at the slice's offset.
      const slice = vector.slice(3, 9);
      expect(read(numberReader(slice), 6)).toEqual(expected(present.slice(3, 9)));
    }
  });

  it('read columns of several chunks, 64-bit integers and half floats through Arrow, as get does', () => {
    const chunked = new arrow.Vector([
      toVector('float64', [1, null], 2).data[0],
      toVector('float64', [null, 4], 2).data[0],
    ]);
    expect(read(numberReader(chunked), 4)).toEqual([1, Number.NaN, Number.NaN, 4]);
    const big = toVector('int64', [1n, null, 3n], 3);
    expect(read(numberReader(big), 3)).toEqual([1, Number.NaN, 3]);
    const halves = arrow.makeVector(
      arrow.makeData({ type: new arrow.Float16(), length: 2, data: Uint16Array.from([0x3e00, 0x4080]) }),
    );
    expect(read(numberReader(halves), 2)).toEqual([1.5, 2.25]);
  });

  it('read text with NULLs, in a slice, and non-ASCII text through Arrow', () => {
    const texts = ['USA-MI', null, '', '{"type":"Polygon"}', 'CAN'];
    const vector = toVector('utf8', texts, texts.length);
    expect(read(textReader(vector), 5)).toEqual(texts);
    expect(read(textReader(vector.slice(1, 4)), 3)).toEqual(texts.slice(1, 4));
    const accented = ['Québec', null, 'Île-de-France', 'MX-ROO'];
    expect(read(textReader(toVector('utf8', accented, 4)), 4)).toEqual(accented);
  });
});
