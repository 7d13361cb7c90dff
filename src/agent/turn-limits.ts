export interface TurnLimits {
  /** Model requests in one turn. @default 12 */
  maxSteps: number;
  /** Tool calls in one turn, refusals included. @default 24 */
  maxCalls: number;
  /**
   * How many times the same call (same name, same arguments) may fail with the same code
   * before the turn stops and says so: a model that resends a refused call unchanged will
   * not fix it on the next try. @default 2
   */
  maxSameFailures: number;
  /** Deadline of one tool call in ms; undefined leaves the registry's own. @default undefined */
  callTimeoutMs?: number;
}

/**
 * Twelve steps allow look-then-query-then-chart twice over with room for a correction; 24
 * calls bound a turn's tool output to about 24 × 16 KB (the registry's result budget).
 */
export const DEFAULT_TURN_LIMITS = {
  maxSteps: 12,
  maxCalls: 24,
  maxSameFailures: 2,
  callTimeoutMs: undefined,
} as const satisfies TurnLimits;
