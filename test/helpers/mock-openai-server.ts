import {
  type MockReply,
  type RecordedRequest,
  type RecordingServer,
  type RecordingServerOptions,
  startRecordingServer,
} from './recording-server';

export type MockOpenAiServer = RecordingServer;

/**
 * A local stand-in for an OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, llama.cpp
 * server): answers each `POST …/chat/completions` with the next scripted reply and records
 * every request body and header. Anything else is a 404, as those servers answer.
 */
export async function startMockOpenAiServer(
  replies: readonly MockReply[] | ((request: RecordedRequest, index: number) => MockReply),
  options: RecordingServerOptions = {},
): Promise<MockOpenAiServer> {
  let position = 0;
  return startRecordingServer((request, index) => {
    if (request.method !== 'POST' || !request.url.endsWith('/chat/completions')) {
      return {
        status: 404,
        json: {
          error: {
            message: `mock: no route ${request.method} ${request.url}`,
            type: 'invalid_request_error',
            code: 'not_found',
          },
        },
      };
    }
    if (typeof replies === 'function') return replies(request, index);
    return (
      replies[position++] ?? {
        status: 500,
        json: { error: { message: 'mock: no more scripted replies', type: 'server_error' } },
      }
    );
  }, options);
}

/** Server-sent events of a streamed chat completion, the way OpenAI writes them, ending in [DONE]. */
export function chatCompletionStream(chunks: readonly unknown[]): MockReply {
  return { sse: [...chunks, '[DONE]'] };
}
