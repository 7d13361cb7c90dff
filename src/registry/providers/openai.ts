import type { ToolEnvelope } from '../envelope';
import { type JsonSchema, isRecord, mapSchema, withoutKeys } from '../json-schema';
import {
  checkArgumentsObject,
  parseArgumentsText,
  positionalCallId,
  toToolCall,
  type ToolCall,
} from '../tool-call';
import { serialize } from '../serialize';

/**
 * OpenAI strict mode requires every property in `required` and `additionalProperties: false`
 * on every object; an optional field is expressed as "may be null". `parseArguments` treats
 * a `null` optional field as absent, so the one zod schema still decides.
 */
export function toStrictOpenAiSchema(schema: JsonSchema): JsonSchema {
  return mapSchema(withoutKeys(schema, ['$schema']), (node) => {
    if (node.type !== 'object' || !isRecord(node.properties)) return node;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, child]) => [
        name,
        required.has(name) || !isRecord(child) ? child : nullable(child),
      ]),
    );
    return { ...node, properties, required: Object.keys(properties), additionalProperties: false };
  });
}

function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/** Chat Completions tool definition. */
export function toOpenAiChatTool(name: string, description: string, schema: JsonSchema) {
  return {
    type: 'function' as const,
    function: { name, description, parameters: toStrictOpenAiSchema(schema), strict: true },
  };
}

export interface OpenAiChatToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: unknown };
}

/** Chat Completions `message.tool_calls`; arguments arrive as JSON text. */
export function fromOpenAiChatToolCalls(toolCalls: readonly OpenAiChatToolCall[], turn: number): ToolCall[] {
  return toolCalls.map((call, index) =>
    toToolCall(
      call.id ?? positionalCallId(turn, index),
      call.function?.name,
      argumentsFrom(call.function?.arguments),
    ),
  );
}

export function toOpenAiChatToolMessages(envelopes: readonly ToolEnvelope[]) {
  return envelopes.map((envelope) => ({
    role: 'tool' as const,
    tool_call_id: envelope.call_id,
    content: serialize(envelope),
  }));
}

/** OpenAI sends text; some compatible servers (Ollama's OpenAI endpoint, LM Studio) send objects. */
function argumentsFrom(value: unknown) {
  return typeof value === 'string' ? parseArgumentsText(value) : checkArgumentsObject(value);
}
