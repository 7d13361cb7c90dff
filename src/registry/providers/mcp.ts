import type { JsonSchema } from '../json-schema';
import { checkArgumentsObject, toToolCall, type ToolCall } from '../tool-call';

/** MCP `tools/list` entry: the JSON Schema goes through whole (MCP accepts draft 2020-12). */
export function toMcpTool(name: string, description: string, schema: JsonSchema) {
  return { name, description, inputSchema: schema };
}

/** MCP `tools/call` params; the JSON-RPC request id becomes the call id. */
export function fromMcpCall(
  requestId: string | number,
  params: { name?: unknown; arguments?: unknown },
): ToolCall {
  return toToolCall(String(requestId), params.name, checkArgumentsObject(params.arguments));
}
