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
}

export type ModelInput = { type: 'user-message'; text: string } | { type: 'tool-results'; results: ToolEnvelope[] };

export interface ModelTurnOptions {
  signal: AbortSignal;
  /** Streamed text as the model writes it. */
  onTextDelta?: (text: string) => void;
}

export interface ModelReply {
  /** The text of this step (may be empty when the model only calls tools). */
  text: string;
  calls: ToolCall[];
}

export interface ModelConversation {
  next(input: ModelInput, options: ModelTurnOptions): Promise<ModelReply>;
}

/** Failures of a model request, as data (they cross the worker boundary). */
export type ModelErrorCode = 'model_auth' | 'model_forbidden' | 'model_not_found' | 'model_quota' | 'model_rate_limited' | 'model_unavailable' | 'model_blocked' | 'model_bad_reply' | 'model_network' | 'model_cancelled';

export interface ModelError {
  name: 'ModelError';
  code: ModelErrorCode;
  message: string;
}

export function modelError(code: ModelErrorCode, message: string): ModelError {
  return { name: 'ModelError', code, message };
}

export function isModelError(value: unknown): value is ModelError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ModelError' && typeof (value as { code?: unknown }).code === 'string';
}
