import { addTokenUsage, type TokenUsage } from '../models/model-adapter';

/**
 * Token counts as the page shows them: per answer (the turn's `summary.usage`, already summed
 * over its model steps by runTurn) and per conversation (the running sum of every answer on this
 * page). The offline model reports no usage, so nothing here is shown for it.
 */

/** `1234` → `1,234`: the page's figures use en-US grouping (as the trace's row counts do). */
export function formatTokenCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}

/** The line under an answer: `1,234 tokens (this conversation: 5,678)`. */
export function usageLine(turn: TokenUsage, conversation: TokenUsage): string {
  const tokens = `${formatTokenCount(turn.total)} token${turn.total === 1 ? '' : 's'}`;
  return `${tokens} (this conversation: ${formatTokenCount(conversation.total)})`;
}

/** The trace's breakdown: `input 1,000 · output 200 · thinking 34 · total 1,234`. */
export function usageBreakdown(usage: TokenUsage): string {
  return `input ${formatTokenCount(usage.input)} · output ${formatTokenCount(usage.output)} · thinking ${formatTokenCount(usage.thoughts)} · total ${formatTokenCount(usage.total)}`;
}

/** The conversation's running sum, one per page: `add` takes an answer's usage and returns the new sum. */
export function createUsageTally(): { add(turn: TokenUsage): TokenUsage; current(): TokenUsage | undefined } {
  let sum: TokenUsage | undefined;
  return {
    add(turn) {
      sum = addTokenUsage(sum, turn);
      return sum;
    },
    current: () => sum,
  };
}
