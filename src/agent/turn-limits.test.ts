import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_LIMITS } from './turn-limits';

describe('DEFAULT_TURN_LIMITS', () => {
  it('has the expected defaults', () => {
    expect(DEFAULT_TURN_LIMITS).toEqual({
      maxSteps: 12,
      maxCalls: 24,
      maxSameFailures: 2,
      callTimeoutMs: undefined,
    });
  });
});
