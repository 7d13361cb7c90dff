/**
 * The envelope every tool call answers with, whatever happened. Models read it; codes are
 * stable snake_case literals so a model (and a test) can branch on them.
 */

/** Codes the registry itself produces, in the order its checks run. */
export const REGISTRY_ERROR_CODES = [
  'malformed_call',
  'unknown_tool',
  'not_allowed',
  'no_scope',
  'invalid_arguments',
  'proposed',
  'timeout',
  'cancelled',
  'result_too_large',
  'internal_error',
  'denied',
  'approval_unknown',
  'approval_mismatch',
  'approval_used',
  'approval_expired',
] as const;

export type RegistryErrorCode = (typeof REGISTRY_ERROR_CODES)[number];

/** Tools add their own codes (`not_found`, `sql_rejected`…); they travel the same way. */
export type ToolErrorCode = RegistryErrorCode | (string & {});

export interface ArgumentProblem {
  /** Where in the arguments: `limit`, `filters[0].name`, or `(root)`. */
  loc: string;
  msg: string;
}

export interface ToolError {
  code: ToolErrorCode;
  message: string;
  problems?: ArgumentProblem[];
  hint?: string;
}

export type ToolEnvelope =
  | { call_id: string; name: string; ok: true; data: unknown }
  | { call_id: string; name: string; ok: false; error: ToolError };

/**
 * A failure a tool handler wants the model to read (a missing table, a rejected query).
 * Anything else a handler throws is a Perch bug and becomes `internal_error`.
 */
export interface ToolFailure extends ToolError {
  readonly [TOOL_FAILURE]: true;
}

const TOOL_FAILURE = Symbol.for('perch.tool-failure');

export function toolFailure(
  code: ToolErrorCode,
  message: string,
  extra: Omit<ToolError, 'code' | 'message'> = {},
): ToolFailure {
  return { [TOOL_FAILURE]: true, code, message, ...extra };
}

/** Brand check, not `instanceof`: failures may cross bundles and workers (STYLE.md §8). */
export function isToolFailure(value: unknown): value is ToolFailure {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_FAILURE] === true
  );
}
