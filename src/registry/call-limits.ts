export interface CallLimits {
  /** Deadline for one handler run, in ms. @default 15000 */
  timeoutMs: number;
  /** Largest envelope a model receives, in bytes of JSON. @default 16384 */
  resultBytes: number;
  /** How long a write proposal can be approved, in ms. @default 600000 */
  approvalTtlMs: number;
}

/**
 * The strictest sensible values. 16 KB keeps a 12-step turn under ~50k tokens of tool output;
 * 15 s is three times the slowest example query measured in Chromium (bench: engine).
 */
export const DEFAULT_CALL_LIMITS = {
  timeoutMs: 15_000,
  resultBytes: 16_384,
  approvalTtlMs: 10 * 60_000,
} as const satisfies CallLimits;
