import type { ToolEnvelope } from '../envelope';
import { type JsonSchema, withoutKeys } from '../json-schema';
import { checkArgumentsObject, positionalCallId, toToolCall, type ToolCall } from '../tool-call';
import { toModelValue } from '../serialize';

/** Keys Gemini's `parametersJsonSchema` rejects or ignores; `$schema` makes it answer 400. */
const GEMINI_UNSUPPORTED_KEYS = ['$schema', 'title', 'examples', '$id', '$comment'];

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: JsonSchema;
}

export interface GeminiFunctionCallPart {
  functionCall?: { id?: string; name?: string; args?: unknown };
  thoughtSignature?: string;
  text?: string;
}

export function toGeminiDeclaration(
  name: string,
  description: string,
  schema: JsonSchema,
): GeminiFunctionDeclaration {
  return { name, description, parametersJsonSchema: withoutKeys(schema, GEMINI_UNSUPPORTED_KEYS) };
}

/** Gemini 2.5+ sends `functionCall.id`; older models do not, so fall back to a positional id. */
export function fromGeminiParts(parts: readonly GeminiFunctionCallPart[], turn: number): ToolCall[] {
  return parts
    .filter((part) => part.functionCall !== undefined)
    .map((part, index) => {
      const call = part.functionCall!;
      return toToolCall(call.id ?? positionalCallId(turn, index), call.name, checkArgumentsObject(call.args));
    });
}

/** All results of one turn go back in one `user` turn, one `functionResponse` part each. */
export function toGeminiResponseParts(envelopes: readonly ToolEnvelope[]) {
  return envelopes.map((envelope) => ({
    functionResponse: {
      id: envelope.call_id,
      name: envelope.name,
      response: envelope.ok
        ? { output: toModelValue(envelope.data) }
        : { error: toModelValue(envelope.error) },
    },
  }));
}
