import type { Content, GenerateContentResponse, Part } from '@google/genai';
import { type ModelError, modelError, type TokenUsage } from './model-adapter';

/** Finish reasons that mean Gemini withheld the answer (google.ai.generativelanguage FinishReason). */
const BLOCKED_FINISH_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);
/** Finish reasons that mean the model produced a call we cannot use. */
const GARBLED_FINISH_REASONS = new Set([
  'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
]);
/**
 * Finish reasons after which the text is not the whole answer: "The peak is in wee" came back
 * with MAX_TOKENS and was shown as finished (issue 14). Anything but STOP (and the blocked and
 * garbled reasons above) counts, so a reason added to the API later cannot pass as complete.
 */
const COMPLETE_FINISH_REASONS = new Set(['STOP']);

export interface GeminiStep {
  /** The model turn to append to the history: every part of every chunk, in order, unchanged. */
  content: Content;
  text: string;
  /** Set when the reply stopped before its end (MAX_TOKENS, MALFORMED_RESPONSE, OTHER…). */
  incomplete?: { reason: string };
  usage?: TokenUsage;
}

/**
 * Reads a `generateContentStream` reply. Parts are kept exactly as received: a thought
 * signature rides on a `functionCall` part (only the first of parallel calls carries one) or,
 * for text, may arrive on a final chunk whose text is empty — dropping or merging any part
 * would lose it and Gemini 3 answers the next request with 400. The SDK's own `Chat` keeps
 * each chunk as its own Content; we join the parts into one model turn, each part untouched.
 */
export async function readGeminiStream(
  stream: AsyncIterable<GenerateContentResponse>,
  onTextDelta: ((text: string) => void) | undefined,
  onChunk: () => void,
): Promise<GeminiStep> {
  const parts: Part[] = [];
  let text = '';
  let finishReason: string | undefined;
  let blockReason: string | undefined;
  let usage: TokenUsage | undefined;
  for await (const chunk of stream) {
    onChunk();
    // Every chunk repeats the running totals; the last one holds the request's.
    if (chunk.usageMetadata) usage = usageOf(chunk.usageMetadata);
    blockReason ??= chunk.promptFeedback?.blockReason;
    const candidate = chunk.candidates?.[0];
    finishReason = candidate?.finishReason ?? finishReason;
    for (const part of candidate?.content?.parts ?? []) {
      parts.push(part);
      if (typeof part.text === 'string' && !part.thought && part.text !== '') {
        text += part.text;
        onTextDelta?.(part.text);
      }
    }
  }
  const problem = checkStep(parts, finishReason, blockReason);
  if (problem) throw problem;
  const incomplete =
    finishReason !== undefined && !COMPLETE_FINISH_REASONS.has(finishReason)
      ? { incomplete: { reason: finishReason } }
      : {};
  return { content: { role: 'model', parts }, text, ...incomplete, ...(usage ? { usage } : {}) };
}

function usageOf(metadata: NonNullable<GenerateContentResponse['usageMetadata']>): TokenUsage {
  const input = metadata.promptTokenCount ?? 0;
  const output = metadata.candidatesTokenCount ?? 0;
  const thoughts = metadata.thoughtsTokenCount ?? 0;
  return { input, output, thoughts, total: metadata.totalTokenCount ?? input + output + thoughts };
}

function checkStep(
  parts: readonly Part[],
  finishReason: string | undefined,
  blockReason: string | undefined,
): ModelError | undefined {
  if (blockReason) {
    return modelError(
      'model_blocked',
      `model_blocked: Gemini blocked the question (${blockReason}). Rephrase it and ask again.`,
    );
  }
  if (finishReason && BLOCKED_FINISH_REASONS.has(finishReason)) {
    return modelError(
      'model_blocked',
      `model_blocked: Gemini stopped its answer (${finishReason}). Rephrase the question and ask again.`,
    );
  }
  if (finishReason && GARBLED_FINISH_REASONS.has(finishReason)) {
    return modelError(
      'model_bad_reply',
      `model_bad_reply: Gemini produced a tool call it could not complete (${finishReason}). Ask again, perhaps more simply.`,
    );
  }
  const useful = parts.some(
    (part) =>
      part.functionCall !== undefined ||
      (typeof part.text === 'string' && part.text.trim() !== '' && !part.thought),
  );
  if (!useful) {
    return modelError(
      'model_bad_reply',
      `model_bad_reply: Gemini sent an empty reply${finishReason ? ` (finish reason ${finishReason})` : ''}. Ask again.`,
    );
  }
  return undefined;
}
