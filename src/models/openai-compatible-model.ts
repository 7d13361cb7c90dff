import {
  fromOpenAiChatToolCalls,
  redactText,
  toOpenAiChatToolMessages,
  type ToolEnvelope,
} from '../registry';
import {
  isModelError,
  type ModelAdapter,
  type ModelConversation,
  type ModelInput,
  modelError,
} from './model-adapter';
import { checkOpenAiStep, readOpenAiReply } from './read-openai-reply';
import {
  abortableSleep,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RequestFailure,
  type RetryPolicy,
  withRetries,
} from './retry-policy';
import { type OpenCall, settleCalls } from './settle-calls';

export interface OpenAiCompatibleModelOptions {
  /** Up to and including the version segment: `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when given; local servers need none. */
  apiKey?: string;
  /** Ask for server-sent events so text appears as it is written. @default true */
  stream?: boolean;
  retry?: Partial<RetryPolicy>;
  /** @default abortableSleep */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** @default Date.now */
  now?: () => number;
}

type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Thrown by one attempt when the server answered with an error status. */
interface HttpFailure {
  httpStatus: number;
  body: string;
  retryAfterMs?: number;
}

/** Chat Completions with tools over plain fetch: OpenAI, Ollama, LM Studio, llama.cpp server. */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleModelOptions): ModelAdapter {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const server = `the OpenAI-compatible server at ${new URL(options.baseUrl).host}`;
  const secrets = options.apiKey ? [options.apiKey] : [];
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  return {
    id: `openai:${options.model}`,
    provider: 'openai',
    needsNetwork: true,
    startConversation({ system, tools, history: prior = [] }): ModelConversation {
      const history: ChatMessage[] = prior.flatMap((turn): ChatMessage[] => [
        { role: 'user', content: turn.question },
        { role: 'assistant', content: turn.answer },
      ]);
      let open: OpenCall[] = [];
      let undelivered: ToolEnvelope[] = [];
      let turn = 0;

      const inputMessages = (input: ModelInput): ChatMessage[] => {
        if (input.type === 'tool-results') return toOpenAiChatToolMessages(settleCalls(open, input.results));
        const closing = open.length > 0 ? toOpenAiChatToolMessages(settleCalls(open, undelivered)) : [];
        return [...closing, { role: 'user', content: input.text }];
      };

      return {
        async next(input, { signal, onTextDelta }) {
          const added = inputMessages(input);
          const body = JSON.stringify({
            model: options.model,
            messages: [{ role: 'system', content: system }, ...history, ...added],
            ...(tools.length > 0 ? { tools } : {}),
            stream: options.stream ?? true,
          });
          let received = false;
          const attempt = async () => {
            received = false;
            const response = await fetch(endpoint, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
              },
              body,
              signal,
            });
            if (!response.ok) {
              const failure: HttpFailure = {
                httpStatus: response.status,
                body: await response.text().catch(() => ''),
                retryAfterMs: retryAfter(response.headers, now()),
              };
              throw failure;
            }
            const step = await readOpenAiReply(response, onTextDelta, () => (received = true));
            const problem = checkOpenAiStep(step, server);
            if (problem) throw problem;
            return step;
          };
          const classify = (error: unknown): RequestFailure => {
            const failure = classifyOpenAiError(error, server, secrets);
            return received ? { ...failure, retryable: false } : failure;
          };
          let step: Awaited<ReturnType<typeof attempt>>;
          try {
            step = await withRetries(attempt, { policy, signal, sleep, classify, provider: server });
          } catch (error) {
            if (input.type === 'tool-results') undelivered = input.results;
            throw isModelError(error) ? error : classify(error).error;
          }
          turn++;
          const calls = fromOpenAiChatToolCalls(step.toolCalls, turn);
          // Servers that send no call ids (Ollama) get the registry's positional ids, written
          // into the assistant message too, so each tool message's tool_call_id has a match.
          const assistant: ChatMessage = { role: 'assistant', content: step.text || null };
          if (calls.length > 0) {
            assistant.tool_calls = calls.map((call, index) => ({
              id: call.id,
              type: 'function',
              function: {
                name: call.name,
                arguments: argumentsText(step.toolCalls[index]?.function?.arguments),
              },
            }));
          }
          history.push(...added, assistant);
          open = calls.map((call) => ({ id: call.id, name: call.name }));
          undelivered = [];
          return { text: step.text, calls };
        },
      };
    },
  };
}

/** OpenAI wants arguments back as the JSON text it sent; some servers sent an object. */
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? {});
}

/** OpenAI sends `retry-after-ms` beside the standard Retry-After. */
function retryAfter(headers: Headers, now: number): number | undefined {
  const milliseconds = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(milliseconds)) return milliseconds;
  return parseRetryAfter(headers.get('retry-after'), now);
}

function isHttpFailure(value: unknown): value is HttpFailure {
  return typeof value === 'object' && value !== null && typeof (value as HttpFailure).httpStatus === 'number';
}

export function classifyOpenAiError(
  error: unknown,
  server: string,
  secrets: readonly string[],
): RequestFailure {
  if (isModelError(error)) return { error, retryable: false };
  const scrub = (text: string) => redactText(text, secrets).slice(0, 300);
  if (!isHttpFailure(error)) {
    if (error instanceof TypeError)
      return fail(
        'model_network',
        `model_network: could not reach ${server} (${scrub(error.message)}). Check that it is running and that the base URL is right.`,
        false,
      );
    const text = error instanceof Error ? error.message : String(error);
    return fail(
      'model_bad_reply',
      `model_bad_reply: the reply from ${server} could not be read (${scrub(text)}). Ask again; if it repeats, check the server and model.`,
      false,
    );
  }
  const { httpStatus, body } = error;
  let parsed: { error?: { message?: string; code?: string; type?: string } | string } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // Some servers answer errors in plain text; the text itself is the detail.
  }
  const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? body);
  const detail = scrub(`${httpStatus}: ${message || 'no message'}`);
  const code = typeof parsed.error === 'object' ? (parsed.error?.code ?? parsed.error?.type) : undefined;
  if (httpStatus === 401 || httpStatus === 403)
    return fail(
      'model_auth',
      `model_auth: ${server} refused the API key (${detail}). Check the key in Settings and try again.`,
      false,
    );
  if (httpStatus === 429 && code === 'insufficient_quota')
    return fail(
      'model_quota',
      `model_quota: the quota for this key is used up (${detail}). Check the plan and billing, or switch to the offline agent.`,
      false,
    );
  if (httpStatus === 429)
    return {
      ...fail('model_rate_limited', `model_rate_limited: ${server} is rate-limiting (${detail}).`, true),
      retryAfterMs: error.retryAfterMs,
    };
  if (httpStatus >= 500)
    return fail('model_unavailable', `model_unavailable: ${server} is unavailable (${detail}).`, true);
  return fail(
    'model_bad_reply',
    `model_bad_reply: ${server} rejected the request (${detail}). Check the model name and base URL.`,
    false,
  );
}

function fail(code: Parameters<typeof modelError>[0], message: string, retryable: boolean): RequestFailure {
  return { error: modelError(code, message), retryable };
}
