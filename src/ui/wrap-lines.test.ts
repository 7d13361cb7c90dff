import { describe, expect, it } from 'vitest';
import { wrapLines } from './wrap-lines';

describe('wrapLines', () => {
  const chars = (line: string) => line.length;

  it('breaks between words so no line is wider than the limit', () => {
    const lines = wrapLines('Data: eBird Status and Trends, Cornell Lab of Ornithology', 20, chars);
    expect(lines).toEqual(['Data: eBird Status', 'and Trends, Cornell', 'Lab of Ornithology']);
    expect(lines.join(' ')).toBe('Data: eBird Status and Trends, Cornell Lab of Ornithology');
  });

  it('keeps a word longer than a line whole, on a line of its own', () => {
    expect(wrapLines('see https://science.ebird.org/en/status-and-trends now', 10, chars)).toEqual([
      'see',
      'https://science.ebird.org/en/status-and-trends',
      'now',
    ]);
  });

  it('gives no line for empty text', () => {
    expect(wrapLines('  ', 10, chars)).toEqual([]);
  });
});
