import { describe, expect, it } from 'vitest';
import { toCsv } from './to-csv';

describe('toCsv', () => {
  it('toCsv quotes commas, quotes and line breaks, and leaves NULL empty', () => {
    const csv = toCsv(
      ['name', 'value', 'note'],
      [
        ['Michigan, USA', 0.6543, 'say "hi"'],
        ['line\nbreak', null, undefined],
        ['x', NaN, true],
      ],
    );
    expect(csv).toBe(
      'name,value,note\r\n"Michigan, USA",0.6543,"say ""hi"""\r\n"line\nbreak",,\r\nx,,true\r\n',
    );
  });

  it('toCsv neutralises spreadsheet formulas in text but not negative numbers', () => {
    expect(toCsv(['a', 'b'], [['=HYPERLINK("x")', -0.86]])).toBe('a,b\r\n"\'=HYPERLINK(""x"")",-0.86\r\n');
  });

  it('toCsv writes bigints and dates', () => {
    expect(toCsv(['n', 'd'], [[12n, new Date('2023-04-19T00:00:00Z')]])).toBe('n,d\r\n12,2023-04-19\r\n');
  });

  it('toCsv keeps 0 (predicted absent) apart from NULL and NaN (not modelled, an empty field), with no comment line', () => {
    const csv = toCsv(
      ['week', 'value'],
      [
        [1, 0],
        [2, null],
        [3, NaN],
        [4, 0.25],
      ],
    );
    const lines = csv.split('\r\n');
    expect(lines).toEqual(['week,value', '1,0', '2,', '3,', '4,0.25', '']);
  });

  it('toCsv writes a header alone for no rows and keeps full float precision', () => {
    expect(toCsv(['a'], [])).toBe('a\r\n');
    expect(toCsv(['v'], [[0.1 + 0.2]])).toBe('v\r\n0.30000000000000004\r\n');
  });

  it('toCsv quotes a header that needs it', () => {
    expect(toCsv(['value (birds, per km)'], [[1]])).toBe('"value (birds, per km)"\r\n1\r\n');
  });
});
