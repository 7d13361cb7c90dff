import { describe, expect, it } from 'vitest';
import { parseRange, rangeKey, sliceAnswer, storedRangeAnswer } from './data-cache-keys';

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=4-18305', { start: 4, end: 18305 }],
    ['bytes=10-', undefined],
    ['bytes=5-1', undefined],
    ['bytes=0-1,5-9', undefined],
    [null, undefined],
  ])('%s → %j', (header, expected) => expect(parseRange(header)).toEqual(expected));
});

describe('rangeKey', () => {
  it('puts the range in the query (the Cache API ignores #fragments when matching) and keeps other params', () => {
    expect(rangeKey('http://h/perch/data/a.parquet?v=1#x', { start: 4, end: 9 })).toBe(
      'http://h/perch/data/a.parquet?v=1&perch-bytes=4-9',
    );
    expect(rangeKey('http://h/a', { start: 0, end: 0 })).not.toBe(
      rangeKey('http://h/a', { start: 0, end: 1 }),
    );
  });
});

describe('sliceAnswer', () => {
  const file = new Blob([new Uint8Array([10, 11, 12, 13, 14])]);
  it('cuts a 206 with Content-Range from the whole file, clamping the end', async () => {
    const answer = sliceAnswer(file, { start: 3, end: 99 }, 'application/octet-stream');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 3-4/5');
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([13, 14]);
  });
  it('a range past the end is 416', () =>
    expect(sliceAnswer(file, { start: 7, end: 9 }, 'x').status).toBe(416));
});

describe('storedRangeAnswer', () => {
  it('turns a stored slice back into the 206 the engine reads, with its original Content-Range', async () => {
    const answer = storedRangeAnswer(
      new Blob([new Uint8Array([1, 2])]),
      new Headers({ 'content-range': 'bytes 8-9/100' }),
    );
    expect([
      answer.status,
      answer.headers.get('content-range'),
      answer.headers.get('content-length'),
    ]).toEqual([206, 'bytes 8-9/100', '2']);
  });
});
