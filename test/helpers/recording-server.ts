import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it: what the client (SDK or fetch) actually sent. */
export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent, e.g. `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined when the body was empty or not JSON). */
  body: unknown;
  rawBody: string;
}

/** A reply the mock sends: JSON, server-sent events, or raw text (to garble on purpose). */
export type MockReply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; sse: (unknown | string)[] }
  | { status?: number; headers?: Record<string, string>; text: string };

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface RecordingServerOptions {
  /**
   * Answer as a cross-origin API does for a page: CORS preflights (OPTIONS) get 204 and are not
   * recorded, and every reply allows any origin. Off by default: Node clients send no preflight.
   */
  cors?: boolean;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-max-age': '600',
};

/**
 * A node:http server on 127.0.0.1 (port 0) that records every request and answers with what
 * `respond` returns. `respond` sees the request and everything recorded before it.
 */
export async function startRecordingServer(
  respond: (request: RecordedRequest, index: number) => MockReply,
  options: RecordingServerOptions = {},
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    if (options.cors) {
      for (const [name, value] of Object.entries(CORS_HEADERS)) outgoing.setHeader(name, value);
      if (incoming.method === 'OPTIONS') return void outgoing.writeHead(204).end();
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
        rawBody,
      };
      requests.push(request);
      let reply: MockReply;
      try {
        reply = respond(request, requests.length - 1);
      } catch (error) {
        reply = {
          status: 500,
          json: { error: { code: 500, message: `mock: ${(error as Error).message}`, status: 'INTERNAL' } },
        };
      }
      send(outgoing, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(outgoing: ServerResponse, reply: MockReply): void {
  const status = reply.status ?? 200;
  if ('json' in reply) {
    outgoing.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...reply.headers });
    outgoing.end(JSON.stringify(reply.json));
  } else if ('sse' in reply) {
    outgoing.writeHead(status, { 'content-type': 'text/event-stream', ...reply.headers });
    for (const event of reply.sse)
      outgoing.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\r\n\r\n`);
    outgoing.end();
  } else {
    outgoing.writeHead(status, { 'content-type': 'text/plain', ...reply.headers });
    outgoing.end(reply.text);
  }
}
