import type { Content, GenerateContentResponse, Part } from '@google/genai';
import { type ModelError, modelError } from './model-adapter';

/** Finish reasons that mean Gemini withheld the answer (google.ai.generativelanguage FinishReason). */
const BLOCKED_FINISH_REASONS = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);
/** Finish reasons that mean the model produced a call we cannot use. */
const GARBLED_FINISH_REASONS = new Set(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS']);

export interface GeminiStep {
  /** The model turn to append to the history: every part of every chunk, in order, unchanged. */
  content: Content;
  text: string;
}

/**
 * Reads a `generateContentStream` reply. Parts are kept exactly as received: a thought
 * signature rides on a `functionCall` part (only the first of parallel calls carries one) or,
 * for text, may arrive on a final chunk whose text is empty — dropping or merging any part
 * would lose it and Gemini 3 answers the next request with 400. The SDK's own `Chat` keeps
 * each chunk as its own Content; we join the parts into one model turn, each part untouched.
 */
export async function readGeminiStream(stream: AsyncIterable<GenerateContentResponse>, onTextDelta: ((text: string) => void) | undefined, onChunk: () => void): Promise<GeminiStep> {
  const parts: Part[] = [];
  let text = '';
  let finishReason: string | undefined;
  let blockReason: string | undefined;
  for await (const chunk of stream) {
    onChunk();
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
  return { content: { role: 'model', parts }, text };
}

function checkStep(parts: readonly Part[], finishReason: string | undefined, blockReason: string | undefined): ModelError | undefined {
  if (blockReason) {
    return modelError('model_blocked', `model_blocked: Gemini blocked the question (${blockReason}). Rephrase it and ask again.`);
  }
  if (finishReason && BLOCKED_FINISH_REASONS.has(finishReason)) {
    return modelError('model_blocked', `model_blocked: Gemini stopped its answer (${finishReason}). Rephrase the question and ask again.`);
  }
  if (finishReason && GARBLED_FINISH_REASONS.has(finishReason)) {
    return modelError('model_bad_reply', `model_bad_reply: Gemini produced a tool call it could not complete (${finishReason}). Ask again, perhaps more simply.`);
  }
  const useful = parts.some((part) => part.functionCall !== undefined || (typeof part.text === 'string' && part.text.trim() !== '' && !part.thought));
  if (!useful) {
    return modelError('model_bad_reply', `model_bad_reply: Gemini sent an empty reply${finishReason ? ` (finish reason ${finishReason})` : ''}. Ask again.`);
  }
  return undefined;
}
