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
});
