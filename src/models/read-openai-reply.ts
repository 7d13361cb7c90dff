import type { OpenAiChatToolCall } from '../registry';
import { type ModelError, modelError } from './model-adapter';

/** One assistant step of a chat completion, streamed or not. */
export interface OpenAiStep {
  text: string;
  toolCalls: OpenAiChatToolCall[];
  finishReason?: string;
}

interface ToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: unknown };
}

interface Choice {
  delta?: { content?: string | null; tool_calls?: ToolCallDelta[] };
  message?: { content?: string | null; tool_calls?: ToolCallDelta[] };
  finish_reason?: string | null;
}

/**
 * Reads a chat completion reply. Servers asked for `stream: true` answer with server-sent
 * events, but some (older llama.cpp builds, proxies) ignore it and send one JSON object, so
 * the content type decides. Streamed tool calls arrive in pieces keyed by `index`: the id and
 * name first, the arguments as text fragments; Ollama sends each call whole, without an id.
 */
export async function readOpenAiReply(
  response: Response,
  onTextDelta?: (text: string) => void,
  onChunk: () => void = () => {},
): Promise<OpenAiStep> {
  const step: OpenAiStep = { text: '', toolCalls: [] };
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = (await response.json()) as { choices?: Choice[] };
    onChunk();
    const choice = body.choices?.[0];
    if (!choice?.message) throw badReply('the reply has no choices[0].message');
    step.text = choice.message.content ?? '';
    if (step.text) onTextDelta?.(step.text);
    step.toolCalls = (choice.message.tool_calls ?? []).map(({ index: _index, ...call }) => call);
    step.finishReason = choice.finish_reason ?? undefined;
    return step;
  }
  for await (const data of serverSentData(response)) {
    if (data === '[DONE]') break;
    onChunk();
    let chunk: { choices?: Choice[]; error?: { message?: string } };
    try {
      chunk = JSON.parse(data);
    } catch {
      throw badReply(`a streamed chunk is not JSON: ${data.slice(0, 80)}`);
    }
    if (chunk.error) throw badReply(`the stream carried an error: ${chunk.error.message ?? 'no message'}`);
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.delta?.content) {
      step.text += choice.delta.content;
      onTextDelta?.(choice.delta.content);
    }
    for (const [position, delta] of (choice.delta?.tool_calls ?? []).entries())
      mergeToolCall(step.toolCalls, delta, position);
    step.finishReason = choice.finish_reason ?? step.finishReason;
  }
  return step;
}

function mergeToolCall(calls: OpenAiChatToolCall[], delta: ToolCallDelta, position: number): void {
  const index = delta.index ?? position;
  calls[index] ??= { type: 'function', function: {} };
  const call = calls[index];
  if (delta.id) call.id = delta.id;
  call.function ??= {};
  const target = call.function;
  if (delta.function?.name) target.name = (target.name ?? '') + delta.function.name;
  const fragment = delta.function?.arguments;
  if (typeof fragment === 'string')
    target.arguments = (typeof target.arguments === 'string' ? target.arguments : '') + fragment;
  else if (fragment !== undefined) target.arguments = fragment;
}

async function* serverSentData(response: Response): AsyncGenerator<string> {
  if (!response.body) throw badReply('the reply has no body');
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    for (let end = buffer.search(/\r?\n\r?\n/); end >= 0; end = buffer.search(/\r?\n\r?\n/)) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data) yield data;
    }
  }
  if (buffer.trim().startsWith('data:')) yield buffer.trim().slice(5).trim();
}

export function checkOpenAiStep(step: OpenAiStep, server: string): ModelError | undefined {
  if (step.finishReason === 'content_filter') {
    return modelError(
      'model_blocked',
      `model_blocked: ${server} withheld the answer (content_filter). Rephrase the question and ask again.`,
    );
  }
  if (step.text.trim() === '' && step.toolCalls.length === 0) {
    return modelError(
      'model_bad_reply',
      `model_bad_reply: ${server} sent an empty reply${step.finishReason ? ` (finish reason ${step.finishReason})` : ''}. Ask again.`,
    );
  }
  return undefined;
}

function badReply(detail: string): ModelError {
  return modelError(
    'model_bad_reply',
    `model_bad_reply: the reply could not be read (${detail}). Ask again; if it repeats, check the server and model.`,
  );
}
