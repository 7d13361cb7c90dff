import {
  type MockReply,
  type RecordedRequest,
  type RecordingServer,
  startRecordingServer,
} from './recording-server';

export interface MockGeminiServer extends RecordingServer {
  /** Requests whose missing or altered thought signature the mock answered with 400. */
  signatureRejections: number;
}

interface IssuedPart {
  functionCall?: { id?: string; name?: string; args?: unknown };
  thoughtSignature?: string;
}

/**
 * The body Gemini sends when a function call of the current turn comes back without the
 * thought signature it was issued with (Gemini 3 docs, "Thought signatures": 400
 * INVALID_ARGUMENT).
 */
export const MISSING_SIGNATURE_BODY = {
  error: {
    code: 400,
    message:
      'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:list_species` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.',
    status: 'INVALID_ARGUMENT',
  },
};

/**
 * A local stand-in for `generativelanguage.googleapis.com`: answers each request with the next
 * scripted reply, records what the real `@google/genai` SDK sent, and — like Gemini 3 — refuses
 * a request whose history drops or alters a thought signature it issued. Gemini 3 streams on the
 * Developer API carry function calls WITHOUT an id (recorded streams, issue 14), so a signed call
 * is recognised by its id when it has one and otherwise by its name and arguments.
 */
export async function startMockGeminiServer(
  replies: readonly MockReply[] | ((request: RecordedRequest, index: number) => MockReply),
): Promise<MockGeminiServer> {
  const issued = new Map<string, string>();
  let position = 0;
  const state = { signatureRejections: 0 };
  const server = await startRecordingServer((request, index) => {
    if (!signaturesIntact(request.body, issued)) {
      state.signatureRejections++;
      return { status: 400, json: MISSING_SIGNATURE_BODY };
    }
    const reply =
      typeof replies === 'function'
        ? replies(request, index)
        : (replies[position++] ?? {
            status: 500,
            json: { error: { code: 500, message: 'mock: no more scripted replies', status: 'INTERNAL' } },
          });
    for (const part of partsOf(reply)) {
      if (part.functionCall && part.thoughtSignature)
        issued.set(callKey(part.functionCall), part.thoughtSignature);
    }
    return reply;
  });
  return Object.defineProperty(server, 'signatureRejections', {
    get: () => state.signatureRejections,
  }) as MockGeminiServer;
}

/** A call's identity: its id, else its name and arguments (sorted keys), as an id-less Gemini 3 call has nothing else. */
function callKey(call: NonNullable<IssuedPart['functionCall']>): string {
  return call.id ? `id:${call.id}` : `call:${call.name}:${sortedJson(call.args ?? {})}`;
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Every function call the mock signed must come back in a model turn with the same signature. */
function signaturesIntact(body: unknown, issued: ReadonlyMap<string, string>): boolean {
  const contents =
    (body as { contents?: { role?: string; parts?: IssuedPart[] }[] } | undefined)?.contents ?? [];
  for (const content of contents) {
    if (content.role !== 'model') continue;
    for (const part of content.parts ?? []) {
      if (!part.functionCall) continue;
      const expected = issued.get(callKey(part.functionCall));
      if (expected !== undefined && part.thoughtSignature !== expected) return false;
    }
  }
  return true;
}

function partsOf(reply: MockReply): IssuedPart[] {
  const responses = 'sse' in reply ? reply.sse : 'json' in reply ? [reply.json] : [];
  return responses.flatMap((response) => {
    if (typeof response !== 'object' || response === null) return [];
    const candidates = (response as { candidates?: { content?: { parts?: IssuedPart[] } }[] }).candidates;
    return candidates?.[0]?.content?.parts ?? [];
  });
}
