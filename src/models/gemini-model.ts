import {
  type Content,
  type FunctionDeclaration,
  GoogleGenAI,
  type Part,
  type ThinkingLevel,
} from '@google/genai';
import { fromGeminiParts, toGeminiResponseParts, type ToolEnvelope } from '../registry';
import { classifyGeminiError } from './classify-gemini-error';
import { isModelError, type ModelAdapter, type ModelConversation, type ModelInput } from './model-adapter';
import { readGeminiStream } from './read-gemini-stream';
import {
  abortableSleep,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  withRetries,
} from './retry-policy';
import { type OpenCall, settleCalls } from './settle-calls';
import { DEFAULT_GEMINI_MODEL, DEFAULT_THINKING_LEVEL, type GeminiThinkingLevel } from './gemini-model-names';

export { DEFAULT_GEMINI_MODEL } from './gemini-model-names';

/**
 * @google/genai 3.1.0 defaults to `v1` (PLATFORM.md; `GOOGLE_AI_API_DEFAULT_VERSION = 'v1'` in
 * dist/node/index.mjs). Everything this adapter sends — `tools[].functionDeclarations` with
 * `parametersJsonSchema`, `systemInstruction`, thought signatures, streaming — is documented on
 * `v1beta` (the function-calling and thought-signature guides' REST examples all use it), and
 * the SDK's `parametersJsonSchema` comment describes the v1beta field. Pinning it also stops the
 * `GOOGLE_GENAI_API_VERSION` environment variable from changing the path under the CLI.
 */
export const GEMINI_API_VERSION = 'v1beta';

export interface GeminiModelOptions {
  /** The visitor's key. Sent only in the `x-goog-api-key` header; scrubbed from every error. */
  apiKey: string;
  /** @default DEFAULT_GEMINI_MODEL */
  model?: string;
  /** Replaces https://generativelanguage.googleapis.com (tests point it at a local mock). */
  baseUrl?: string;
  /** @default GEMINI_API_VERSION */
  apiVersion?: string;
  /** @default DEFAULT_THINKING_LEVEL */
  thinkingLevel?: GeminiThinkingLevel;
  retry?: Partial<RetryPolicy>;
  /** Injected so tests can assert waits without waiting. @default abortableSleep */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** For HTTP-date Retry-After values. @default Date.now */
  now?: () => number;
}

/** Gemini through the real `@google/genai` SDK, with automatic function calling off. */
export function createGeminiModel(options: GeminiModelOptions): ModelAdapter {
  const model = options.model ?? DEFAULT_GEMINI_MODEL;
  // The REST field takes the lower-case names (`"low"`); the SDK's enum is upper-case but passed through as typed.
  const thinkingLevel = options.thinkingLevel ?? DEFAULT_THINKING_LEVEL;
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    apiVersion: options.apiVersion ?? GEMINI_API_VERSION,
    ...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}),
  });
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  return {
    id: `gemini:${model}`,
    provider: 'gemini',
    needsNetwork: true,
    startConversation({ system, tools, history: prior = [] }): ModelConversation {
      // Earlier turns of another client as plain text: signatures are only checked on the current turn's calls.
      const history: Content[] = prior.flatMap((turn) => [
        { role: 'user', parts: [{ text: turn.question }] },
        { role: 'model', parts: [{ text: turn.answer }] },
      ]);
      /** Calls of the last model turn not yet answered, and whether Gemini gave them an id. */
      let open: (OpenCall & { native: boolean })[] = [];
      /** Results of a step whose request failed; they answer `open` in the next request. */
      let undelivered: ToolEnvelope[] = [];
      let turn = 0;

      const responseParts = (envelopes: ToolEnvelope[]): Part[] =>
        toGeminiResponseParts(envelopes).map((part) => {
          // Echo an id only when Gemini sent one; a positional id it never issued would not match.
          const native = open.find((call) => call.id === part.functionResponse.id)?.native ?? true;
          if (native) return part;
          const { id: _positional, ...rest } = part.functionResponse;
          return { functionResponse: rest };
        });

      const userContent = (input: ModelInput): Content => {
        if (input.type === 'tool-results')
          return { role: 'user', parts: responseParts(settleCalls(open, input.results)) };
        const closing = open.length > 0 ? responseParts(settleCalls(open, undelivered)) : [];
        return { role: 'user', parts: [...closing, { text: input.text }] };
      };

      return {
        async next(input, { signal, onTextDelta }) {
          const content = userContent(input);
          let received = false;
          let retryAfterMs: number | undefined;
          // Observes Retry-After (the SDK's ApiError keeps only the status and body) and
          // otherwise hands the request to the platform's fetch untouched.
          const observingFetch: typeof fetch = async (url, init) => {
            const response = await fetch(url, init);
            retryAfterMs = response.ok
              ? undefined
              : parseRetryAfter(response.headers.get('retry-after'), now());
            return response;
          };
          const attempt = async () => {
            received = false;
            const stream = await ai.models.generateContentStream({
              model,
              contents: [...history, content],
              config: {
                systemInstruction: system,
                ...(tools.length > 0
                  ? { tools: [{ functionDeclarations: tools as FunctionDeclaration[] }] }
                  : {}),
                // Every call goes through our registry (validation, scope, audit), never the SDK.
                automaticFunctionCalling: { disable: true },
                thinkingConfig: { thinkingLevel: thinkingLevel as ThinkingLevel },
                abortSignal: signal,
                httpOptions: { fetch: observingFetch },
              },
            });
            return readGeminiStream(stream, onTextDelta, () => (received = true));
          };
          const classify = (error: unknown) => {
            if (isModelError(error)) return { error, retryable: false };
            const failure = classifyGeminiError(error, { retryAfterMs, secrets: [options.apiKey], model });
            // Text may already be on screen: a retry would repeat it, so mid-stream failures end the step.
            return received ? { ...failure, retryable: false } : failure;
          };
          let step: Awaited<ReturnType<typeof attempt>>;
          try {
            step = await withRetries(attempt, { policy, signal, sleep, classify, provider: 'Gemini' });
          } catch (error) {
            if (input.type === 'tool-results') undelivered = input.results;
            throw isModelError(error) ? error : classify(error).error;
          }
          history.push(content, step.content);
          turn++;
          const parts = step.content.parts ?? [];
          const calls = fromGeminiParts(parts, turn);
          const nativeIds = new Set(
            parts.map((part) => part.functionCall?.id).filter((id): id is string => typeof id === 'string'),
          );
          open = calls.map((call) => ({ id: call.id, name: call.name, native: nativeIds.has(call.id) }));
          undelivered = [];
          return {
            text: step.text,
            calls: step.incomplete ? [] : calls,
            ...(step.incomplete ? { incomplete: step.incomplete } : {}),
            ...(step.usage ? { usage: step.usage } : {}),
          };
        },
      };
    },
  };
}
