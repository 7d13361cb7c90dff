import { describe, expect, it } from 'vitest';
import { addTokenUsage } from '../models/model-adapter';
import { createUsageTally, formatTokenCount, usageBreakdown, usageLine } from './token-usage';

const first = { input: 1_000, output: 200, thoughts: 34, total: 1_234 };
const second = { input: 4_100, output: 300, thoughts: 44, total: 4_444 };

describe('addTokenUsage', () => {
  it('adds each count field by field, and the first answer starts the sum', () => {
    expect(addTokenUsage(undefined, first)).toEqual(first);
    expect(addTokenUsage(first, second)).toEqual({ input: 5_100, output: 500, thoughts: 78, total: 5_678 });
  });

  it('does not change the usage it was given', () => {
    const start = addTokenUsage(undefined, first);
    addTokenUsage(start, second);
    expect(start).toEqual(first);
    expect(start).not.toBe(first);
  });
});

describe('createUsageTally', () => {
  it('keeps the running sum of the conversation over several answers', () => {
    const tally = createUsageTally();
    expect(tally.current()).toBeUndefined();
    expect(tally.add(first).total).toBe(1_234);
    expect(tally.add(second).total).toBe(5_678);
    expect(tally.add({ input: 1, output: 0, thoughts: 0, total: 1 })).toEqual({
      input: 5_101,
      output: 500,
      thoughts: 78,
      total: 5_679,
    });
    expect(tally.current()?.total).toBe(5_679);
  });
});

describe('token formats', () => {
  it('groups thousands the same way whatever the runtime locale', () => {
    expect(formatTokenCount(0)).toBe('0');
    expect(formatTokenCount(999)).toBe('999');
    expect(formatTokenCount(1_234_567)).toBe('1,234,567');
  });

  it('the line under an answer gives the answer and the conversation', () => {
    expect(usageLine(first, addTokenUsage(first, second))).toBe('1,234 tokens (this conversation: 5,678)');
    expect(usageLine({ input: 1, output: 0, thoughts: 0, total: 1 }, first)).toBe(
      '1 token (this conversation: 1,234)',
    );
  });

  it('the trace breakdown names input, output, thinking and total', () => {
    expect(usageBreakdown(first)).toBe('input 1,000 · output 200 · thinking 34 · total 1,234');
  });
});
