/** One tool call, whatever provider it came from. */
export interface ToolCall {
  /** The provider's id, or a stable positional one when the provider sends none (Ollama). */
  id: string;
  name: string;
  /** Parsed arguments; validated later by the tool's schema. */
  arguments: unknown;
  /** Set when the provider's call could not be read at all (bad JSON, not an object). */
  malformed?: string;
}

/** A stable id for providers that send none: the same turn and position give the same id. */
export function positionalCallId(turn: number, index: number): string {
  return `call_${turn}_${index}`;
}

/**
 * Reads arguments that arrive as JSON text (OpenAI, Ollama sometimes). vercel/ai records that
 * many models send `""` for tools without arguments, so empty text is `{}`.
 */
export function parseArgumentsText(text: string): { arguments: unknown } | { malformed: string } {
  if (text.trim() === '') return { arguments: {} };
  try {
    return checkArgumentsObject(JSON.parse(text));
  } catch (error) {
    return {
      malformed: `arguments are not valid JSON (${(error as Error).message}); send a JSON object such as {"limit": 5}`,
    };
  }
}

/** Arguments must be a JSON object; `null`/missing count as `{}` (models omit them for no-arg tools). */
export function checkArgumentsObject(value: unknown): { arguments: unknown } | { malformed: string } {
  if (value === undefined || value === null) return { arguments: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      malformed: `arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}`,
    };
  }
  return { arguments: value };
}

/** Builds a `ToolCall` from provider fields, keeping a malformed reason instead of throwing. */
export function toToolCall(
  id: string,
  name: unknown,
  parsed: { arguments: unknown } | { malformed: string },
): ToolCall {
  const callName = typeof name === 'string' ? name : '';
  return 'malformed' in parsed
    ? { id, name: callName, arguments: {}, malformed: parsed.malformed }
    : { id, name: callName, arguments: parsed.arguments };
}
