import type { ToolEnvelope } from '../envelope';
import { isRecord, type JsonSchema } from '../json-schema';
import { toModelValue } from '../serialize';
import { checkArgumentsObject, toToolCall, type ToolCall } from '../tool-call';

/**
 * The Model Context Protocol projection, served by `perch mcp` (src/cli/mcp-command.ts).
 * Shapes follow the MCP specification revision 2025-11-25 (modelcontextprotocol.io/specification/2025-11-25/server/tools).
 */

/** MCP `tools/list` entry: the JSON Schema goes through whole (MCP reads draft 2020-12). */
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

export interface McpToolResult {
  content: { type: 'text'; text: string }[];
  /** The spec allows only a JSON object here, so a result that is an array or a scalar travels as text alone. */
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/**
 * A `tools/call` result: the data (or the envelope's error) as JSON text, which the spec asks
 * for so older clients still read it, and the same value as `structuredContent`. A refusal or
 * failure is a tool execution error (`isError: true`) so the model reads the code and can correct itself.
 */
export function toMcpToolResult(envelope: ToolEnvelope): McpToolResult {
  const value = toModelValue(envelope.ok ? envelope.data : { error: envelope.error });
  const result: McpToolResult = {
    content: [{ type: 'text', text: JSON.stringify(value) ?? 'null' }],
    isError: !envelope.ok,
  };
  return isRecord(value) ? { ...result, structuredContent: value } : result;
}
