import type { ToolEnvelope } from '../envelope';
import type { JsonSchema } from '../json-schema';
import { positionalCallId, toToolCall, type ToolCall } from '../tool-call';
import { serialize } from '../serialize';
import { argumentsFrom } from './openai';

/** Ollama's native `/api/chat` takes OpenAI-style function tools but not `strict`. */
export function toOllamaTool(name: string, description: string, schema: JsonSchema) {
  const { $schema: _ignored, ...parameters } = schema;
  return { type: 'function' as const, function: { name, description, parameters } };
}

export interface OllamaToolCall {
  function?: { name?: string; arguments?: unknown };
}

/**
 * Ollama's tool calls carry no id, so results are matched by position: the same turn and index
 * always give the same id, which keeps replays and audit rows stable.
 */
export function fromOllamaToolCalls(toolCalls: readonly OllamaToolCall[], turn: number): ToolCall[] {
  return toolCalls.map((call, index) =>
    toToolCall(positionalCallId(turn, index), call.function?.name, argumentsFrom(call.function?.arguments)),
  );
}

export function toOllamaToolMessages(envelopes: readonly ToolEnvelope[]) {
  return envelopes.map((envelope) => ({
    role: 'tool' as const,
    tool_name: envelope.name,
    content: serialize(envelope),
  }));
}
