import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatFigure,
  formatPartOfMonth,
  formatShare,
  formatSignedPercent,
  roundNumbersIn,
} from './format-figure';

describe('formatFigure', () => {
  it('keeps three significant digits (large measured values too), integers (counts) whole with separators, never exponents', () => {
    expect(formatFigure(0.6543060212)).toBe('0.654');
    expect(formatFigure(112657.316)).toBe('113,000');
    expect(formatFigure(43497.3)).toBe('43,500');
    expect(formatFigure(1234.5)).toBe('1,230');
    expect(formatFigure(151643)).toBe('151,643');
    expect(formatFigure(156)).toBe('156');
    expect(formatFigure(0.0000270367)).toBe('0.000027');
    expect(formatFigure(0.00000012345)).toBe('0.000000123');
    expect(formatFigure(-0.859738875432)).toBe('-0.86');
    expect(formatFigure(12.3456)).toBe('12.3');
  });

  it('groups whole numbers as en-US does, negative and large ones too', () => {
    for (const value of [0, 7, -7, 999, 1000, -1000, 12345, -123456, 1234567, 9007199254740991, 1e21])
      expect(formatFigure(value)).toBe(value.toLocaleString('en-US'));
    expect(formatFigure(-1234567.8)).toBe('-1,230,000');
  });

  it('writes shares as percentages, signed trends with an ASCII minus, dates as day and month', () => {
    expect(formatShare(0.74289)).toBe('74.3%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.0012)).toBe('0.12%');
    expect(formatSignedPercent(-3.456)).toBe('-3.46%');
    expect(formatSignedPercent(1.2)).toBe('+1.2%');
    expect(formatDate('2023-04-19')).toBe('19 April');
    expect(formatPartOfMonth('2023-04-12')).toBe('mid-April');
    expect(formatPartOfMonth('2023-10-04')).toBe('early October');
    expect(formatPartOfMonth('2023-09-27')).toBe('late September');
  });

  it("rounds every decimal inside a tool's phrase, leaving whole numbers and percentages' integers", () => {
    expect(roundNumbersIn('25% of the peak weekly mean (0.6543), the default')).toBe(
      '25% of the peak weekly mean (0.654), the default',
    );
    expect(roundNumbersIn('the value 0.2 you gave')).toBe('the value 0.2 you gave');
  });
});
