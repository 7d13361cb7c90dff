import type { ToolEnvelope } from '../envelope';
import { type JsonSchema, withoutKeys } from '../json-schema';
import { checkArgumentsObject, positionalCallId, toToolCall, type ToolCall } from '../tool-call';
import { serialize } from '../serialize';

export function toAnthropicTool(name: string, description: string, schema: JsonSchema) {
  return { name, description, input_schema: withoutKeys(schema, ['$schema']) };
}

export interface AnthropicContentBlock {
  type?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export function fromAnthropicContent(blocks: readonly AnthropicContentBlock[], turn: number): ToolCall[] {
  return blocks
    .filter((block) => block.type === 'tool_use')
    .map((block, index) =>
      toToolCall(block.id ?? positionalCallId(turn, index), block.name, checkArgumentsObject(block.input)),
    );
}

/** Results go back as `tool_result` blocks of one `user` message. */
export function toAnthropicToolResults(envelopes: readonly ToolEnvelope[]) {
  return envelopes.map((envelope) => ({
    type: 'tool_result' as const,
    tool_use_id: envelope.call_id,
    content: serialize(envelope),
    is_error: !envelope.ok,
  }));
}
