import type { QueryFrame } from '../frame/query-frame';
import type { Reading } from '../reader';
import type { Provider, ToolCall, ToolEnvelope } from '../registry';

/**
 * One interface for every model: Gemini, an OpenAI-compatible endpoint, the offline planner,
 * and the scripted model of the tests. A conversation keeps its provider's *native* history
 * (Gemini needs its `Content` back verbatim so thought signatures survive), so the loop only
 * ever hands it the user's words or the envelopes of the calls it made.
 */
export interface ModelAdapter {
  /** Shown in the UI and written to the audit, e.g. `gemini:gemini-2.5-flash`, `offline`. */
  readonly id: string;
  /** Which projection of the registry's definitions this model reads. */
  readonly provider: Provider;
  /** True when answering needs the network (the page warns when it is offline). */
  readonly needsNetwork: boolean;
  startConversation(options: ConversationOptions): ModelConversation;
}

export interface ConversationOptions {
  system: string;
  /** The registry's definitions for this agent, already projected for `provider`. */
  tools: unknown[];
  /**
   * Earlier questions and answers of this conversation, as text, when a new client takes it over
   * (the person changed the key, model or base URL): the history stays, the client is new.
   */
  history?: readonly PriorTurn[];
}

export interface PriorTurn {
  question: string;
  answer: string;
}

/**
 * `frame` is set when the person changed a part of how the previous question was read (a chip):
 * a reader-based model answers that frame instead of reading `text`, which says it in words.
 */
export type ModelInput =
  | { type: 'user-message'; text: string; frame?: QueryFrame }
  | { type: 'tool-results'; results: ToolEnvelope[] };

export interface ModelTurnOptions {
  signal: AbortSignal;
  /** Streamed text as the model writes it. */
  onTextDelta?: (text: string) => void;
}

export interface ModelReply {
  /** The text of this step (may be empty when the model only calls tools). */
  text: string;
  calls: ToolCall[];
  /** How a reader-based model read the question (the offline agent), shown above the answer and kept in the trace. */
  reading?: Reading;
  /** Set when the reply was cut off (Gemini MAX_TOKENS…): the turn ends as incomplete, never as an answer. */
  incomplete?: { reason: string };
  /** Tokens this step cost on the visitor's key. */
  usage?: TokenUsage;
}

export interface TokenUsage {
  input: number;
  output: number;
  thoughts: number;
  total: number;
}

/**
 * Token counts added up: a turn's over its model steps (runTurn) and a conversation's over its
 * answers (the page). `undefined` is "nothing counted yet".
 */
export function addTokenUsage(total: TokenUsage | undefined, more: TokenUsage): TokenUsage {
  if (!total) return { ...more };
  return {
    input: total.input + more.input,
    output: total.output + more.output,
    thoughts: total.thoughts + more.thoughts,
    total: total.total + more.total,
  };
}

export interface ModelConversation {
  next(input: ModelInput, options: ModelTurnOptions): Promise<ModelReply>;
}

/** Failures of a model request, as data (they cross the worker boundary). */
export type ModelErrorCode =
  | 'model_auth'
  | 'model_forbidden'
  | 'model_not_found'
  | 'model_quota'
  | 'model_rate_limited'
  | 'model_unavailable'
  | 'model_blocked'
  | 'model_bad_reply'
  | 'model_network'
  | 'model_cancelled';

export interface ModelError {
  name: 'ModelError';
  code: ModelErrorCode;
  message: string;
}

export function modelError(code: ModelErrorCode, message: string): ModelError {
  return { name: 'ModelError', code, message };
}

export function isModelError(value: unknown): value is ModelError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ModelError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
