import type { MockReply } from './recording-server';

/**
 * A recorded provider reply as stored in `src/models/__fixtures__/*.json`: either the chunks of
 * a streamed reply (each one a documented response object) or an HTTP error with its body.
 */
export type ProviderFixture =
  | { chunks: unknown[] }
  | { status: number; headers?: Record<string, string>; body: unknown };

/** Serves a fixture the way the provider does: streamed chunks as SSE, errors as JSON. */
export function replyFrom(fixture: ProviderFixture, options: { done?: boolean } = {}): MockReply {
  if ('chunks' in fixture) return { sse: options.done ? [...fixture.chunks, '[DONE]'] : fixture.chunks };
  return { status: fixture.status, headers: fixture.headers, json: fixture.body };
}
