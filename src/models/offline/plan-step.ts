import type { QueryFrame } from '../../frame/query-frame';
import type { Alternative, Reading, Vocabulary } from '../../reader/reading';
import type { ToolEnvelope } from '../../registry';

/** A call the planner wants made; the conversation gives it an id. */
export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * A plan is a generator: it yields the calls of one step, receives their envelopes in the same
 * order, and returns the answer text. One generator per question keeps every decision in plain
 * code that reads top to bottom, while the loop (runTurn) still runs each call through the registry.
 */
export type Plan<T = string> = Generator<PlannedCall[], T, ToolEnvelope[]>;

/** What a conversation remembers between turns, so "and in winter?" keeps every other part. */
export interface PlannerMemory {
  /** The data's names, fetched once (loadVocabulary). */
  vocabulary?: Vocabulary;
  /** The last frame answered: a follow-up replaces only the parts it names. */
  frame?: QueryFrame;
  /** The frame answered before `frame`, for "which of the two?" across two turns. */
  frameBefore?: QueryFrame;
  /** Caveats already said in this conversation: each is said once. */
  said?: string[];
  /** Set when the last turn asked the user to choose; the next message is matched against it. */
  pending?: PendingChoice;
  /** How this turn's question was read; the conversation hands it to the loop once. */
  reading?: Reading;
}

/** A question back to the person: the readings they can pick (ask_user options). */
export interface PendingChoice {
  question: string;
  options: Alternative[];
}

/** One call, one envelope. */
export function* callTool(name: string, args: Record<string, unknown>): Plan<ToolEnvelope> {
  const [envelope] = yield [{ name, arguments: args }];
  return envelope!;
}

/** Several calls in one step (a parallel batch), envelopes in the same order. */
export function* callTools(calls: PlannedCall[]): Plan<ToolEnvelope[]> {
  return yield calls;
}

/** The data of a successful envelope, or undefined. */
export function dataOf(envelope: ToolEnvelope): Record<string, any> | undefined {
  return envelope.ok ? (envelope.data as Record<string, any>) : undefined;
}

/** An answer that ends the plan early (a refusal, a choice, a missing species). */
export class PlanStop {
  constructor(readonly text: string) {}
}
