/**
 * Engine failures as plain data: they cross `postMessage` to the UI and travel to the model
 * inside tool envelopes, so callers check `code`, never the class (STYLE.md §8).
 */

export type EngineErrorCode =
  | 'sql_rejected'
  | 'timeout'
  | 'cancelled'
  | 'result_too_large'
  | 'query_failed'
  | 'engine_restarted'
  | 'load_failed'
  | 'table_exists';

const ENGINE_ERROR_BRAND = Symbol.for('perch.engine-error');

export interface EngineError {
  name: 'EngineError';
  code: EngineErrorCode;
  /** `<category>: <detail>. <what to do>` — category is the code. */
  message: string;
}

/** Builds a branded EngineError; `detail` and `fix` are joined into the message format. */
export function engineError(code: EngineErrorCode, detail: string, fix: string): EngineError {
  const error = {
    name: 'EngineError' as const,
    code,
    message: `${code}: ${withoutFinalStop(detail)}. ${fix}`,
  };
  Object.defineProperty(error, ENGINE_ERROR_BRAND, { value: true, enumerable: false });
  return error;
}

/** True for errors made by `engineError`, and for their structured clones (which lose the brand). */
export function isEngineError(value: unknown): value is EngineError {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as Record<symbol, unknown>)[ENGINE_ERROR_BRAND] === true) return true;
  const candidate = value as Partial<EngineError>;
  return (
    candidate.name === 'EngineError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string'
  );
}

/** DuckDB's own text, passed through after the category; wasm errors arrive as Error or JSON text. */
export function duckdbMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  try {
    const parsed = JSON.parse(text) as { exception_type?: string; exception_message?: string };
    if (parsed.exception_message)
      return `${parsed.exception_type ?? 'Error'} Error: ${parsed.exception_message}`;
  } catch {
    // not JSON: already plain DuckDB text
  }
  return text.trim();
}

function withoutFinalStop(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
