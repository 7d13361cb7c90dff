import type { ApprovalCard, AuditEntry, ToolErrorCode } from '../registry';
import type { Payload } from '../payloads';
import type { Reading } from '../reader';
import type { TokenUsage } from '../models/model-adapter';

/** Where a figure in an answer came from: the call (and SQL) that produced it. */
export interface Provenance {
  /** The text of the figure as written in the answer, e.g. "0.6543". */
  figure: string;
  callId: string;
  tool: string;
  sql?: string;
}

/** A tool call as recorded in a turn: enough to replay the turn with no model. */
export interface RecordedCall {
  callId: string;
  name: string;
  arguments: unknown;
}

export interface TurnSummary {
  question: string;
  answer: string;
  modelId: string;
  calls: RecordedCall[];
  provenance: Provenance[];
  /** Result texts the answer repeats word for word (caveats): their numbers are not figures to link. */
  quoted?: string[];
  steps: number;
  /** How the question was read, when the model reads questions into frames (the offline agent). */
  reading?: Reading;
  /** Tokens the turn cost on the visitor's key, summed over its model steps (Gemini's usageMetadata). */
  usage?: TokenUsage;
  /** Set when the turn ended because the model's reply was cut off (its finish reason, e.g. MAX_TOKENS). */
  incomplete?: { reason: string };
}

/**
 * What the agent worker tells the page while a turn runs, in order. Names are noun-then-action
 * (STYLE.md naming). The page can rebuild the whole trace of a turn from these.
 */
export type AgentEvent =
  | { type: 'turn-start'; turnId: string; question: string; modelId: string }
  | { type: 'step-start'; turnId: string; step: number }
  | { type: 'reading'; turnId: string; reading: Reading }
  | { type: 'tool-call'; turnId: string; callId: string; name: string; arguments: unknown; sql?: string }
  | {
      type: 'tool-result';
      turnId: string;
      callId: string;
      name: string;
      ok: boolean;
      code?: ToolErrorCode;
      summary: string;
      durationMs: number;
      rows?: number;
    }
  | { type: 'text-delta'; turnId: string; text: string }
  | { type: 'payload-add'; turnId: string; payload: Payload }
  | { type: 'question-ask'; turnId: string; question: string; options: string[] }
  | { type: 'approval-need'; turnId: string; card: ApprovalCard }
  | { type: 'audit-add'; turnId: string; entry: AuditEntry }
  | { type: 'turn-end'; turnId: string; summary: TurnSummary }
  | { type: 'turn-error'; turnId: string; code: string; message: string };
