import { fromMcpCall, type Registry, type Session, toMcpToolResult } from '../registry';

/**
 * The Model Context Protocol over one JSON-RPC 2.0 connection, as `perch mcp` serves it.
 * Followed: MCP specification revision 2025-11-25 (modelcontextprotocol.io/specification/2025-11-25:
 * basic/lifecycle for `initialize`, basic/utilities/ping, server/tools for `tools/list`,
 * `tools/call` and the two kinds of error). Every tool call goes through `registry.call`, so
 * allow-list, session scope, argument schema, deadline and the audit row are the registry's.
 */

/**
 * Revisions whose `initialize`, `tools/list`, `tools/call` and `ping` messages are the ones
 * used here; 2025-06-18 added `structuredContent`, which older clients ignore. A client asking
 * for another revision is answered with the latest and decides whether to go on (lifecycle,
 * "Version Negotiation").
 */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** JSON-RPC 2.0 error codes (jsonrpc.org/specification §5.1). */
const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type JsonRpcId = string | number;

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId | null; error: { code: number; message: string; data?: unknown } };

interface JsonRpcMessage {
  id?: JsonRpcId;
  method: string;
  params: Record<string, unknown>;
}

export interface McpServerOptions {
  registry: Registry;
  session: Session;
  /** The allow-list calls run under; `tools/list` shows exactly its tools. */
  agent: string;
  serverInfo: { name: string; version: string };
}

export interface McpServer {
  /** One line of input → the line to write back, or undefined for a notification (or a cancelled request). */
  handleLine(line: string): Promise<string | undefined>;
}

export function createMcpServer(options: McpServerOptions): McpServer {
  /** Requests still running, so `notifications/cancelled` can stop the call (it then answers nothing). */
  const running = new Map<JsonRpcId, AbortController>();

  async function answer(message: JsonRpcMessage): Promise<JsonRpcResponse | undefined> {
    const id = message.id ?? null;
    switch (message.method) {
      case 'initialize':
        return success(id, initializeResult(message.params, options.serverInfo));
      case 'ping':
        return success(id, {});
      case 'tools/list':
        return success(id, { tools: options.registry.definitions(options.agent, 'mcp') });
      case 'tools/call':
        return message.id === undefined ? undefined : callTool(message.id, message.params);
      case 'notifications/initialized':
        return undefined;
      case 'notifications/cancelled':
        running.get(message.params.requestId as JsonRpcId)?.abort();
        return undefined;
      default:
        return message.id === undefined
          ? undefined
          : failure(id, JSON_RPC.methodNotFound, `method not found: ${message.method}`);
    }
  }

  async function callTool(
    id: JsonRpcId,
    params: Record<string, unknown>,
  ): Promise<JsonRpcResponse | undefined> {
    if (typeof params.name !== 'string')
      return failure(id, JSON_RPC.invalidParams, 'tools/call needs params.name, a tool name');
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const { envelope } = await options.registry.call(
        options.agent,
        fromMcpCall(id, { name: params.name, arguments: params.arguments }),
        options.session,
        { signal: controller.signal },
      );
      if (controller.signal.aborted) return undefined;
      // The spec makes an unknown tool a protocol error; every other refusal is a tool execution
      // error the model reads and corrects. Either way the registry has written its audit row.
      if (!envelope.ok && envelope.error.code === 'unknown_tool')
        return failure(id, JSON_RPC.invalidParams, envelope.error.message, envelope.error);
      return success(id, toMcpToolResult(envelope));
    } finally {
      running.delete(id);
    }
  }

  return {
    async handleLine(line) {
      const read = readMessage(line);
      if (!('method' in read)) return JSON.stringify(read);
      try {
        const response = await answer(read);
        return response === undefined ? undefined : JSON.stringify(response);
      } catch (error) {
        // The registry answers every call with an envelope; reaching here is a Perch bug.
        const reply = failure(
          read.id ?? null,
          JSON_RPC.internalError,
          `internal error: ${(error as Error).message}`,
        );
        return read.id === undefined ? undefined : JSON.stringify(reply);
      }
    },
  };
}

function initializeResult(params: Record<string, unknown>, serverInfo: McpServerOptions['serverInfo']) {
  const asked = params.protocolVersion;
  const protocolVersion =
    MCP_PROTOCOL_VERSIONS.find((version) => version === asked) ?? MCP_PROTOCOL_VERSIONS[0];
  return { protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo };
}

/** Parses one line into a request or notification; anything else is the JSON-RPC error to send back. */
function readMessage(line: string): JsonRpcMessage | JsonRpcResponse {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return failure(null, JSON_RPC.parseError, `parse error: ${(error as Error).message}`);
  }
  // Batches were removed from MCP in 2025-06-18, so an array is an invalid request like any non-object.
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return failure(null, JSON_RPC.invalidRequest, 'invalid request: send one JSON-RPC 2.0 object a line');
  const message = value as Record<string, unknown>;
  const id = isId(message.id) ? message.id : undefined;
  if (
    message.jsonrpc !== '2.0' ||
    typeof message.method !== 'string' ||
    !(message.id === undefined || isId(message.id))
  )
    return failure(
      id ?? null,
      JSON_RPC.invalidRequest,
      'invalid request: needs jsonrpc "2.0", a method and a string or number id',
    );
  const params = message.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return failure(id ?? null, JSON_RPC.invalidParams, 'params must be an object');
  return { id, method: message.method, params: params as Record<string, unknown> };
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

function success(id: JsonRpcId | null, result: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

function failure(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}
