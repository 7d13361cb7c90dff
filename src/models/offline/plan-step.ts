import type { QueryFrame } from '../../frame/query-frame';
import type { Alternative, Reading, Vocabulary } from '../../reader';
import type { ToolEnvelope } from '../../registry';
import type { ToolResults } from '../../tools';

/** A tool the planner can call: one of the registration list (src/tools/index.ts TOOLS). */
export type ToolName = keyof ToolResults;

/** A call the planner wants made; the conversation gives it an id. */
export interface PlannedCall<Name extends ToolName = ToolName> {
  name: Name;
  arguments: Record<string, unknown>;
}

/** The envelope of a call to `Name`: on success, `data` is that tool's declared result type. */
export type ResultEnvelope<Name extends ToolName> =
  | { call_id: string; name: string; ok: true; data: ToolResults[Name] }
  | Extract<ToolEnvelope, { ok: false }>;

/** Envelopes for a batch of calls, position by position. */
export type ResultEnvelopes<Calls extends readonly PlannedCall[]> = {
  -readonly [Index in keyof Calls]: ResultEnvelope<Calls[Index]['name']>;
};

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

/**
 * One call, one envelope. Its data is typed by the tool's output schema: the registry parsed the
 * result against that schema before it became an envelope (registry/check-result.ts), so a
 * renamed result field fails `tsc` here and a wrong shape never arrives.
 */
export function* callTool<Name extends ToolName>(
  name: Name,
  args: Record<string, unknown>,
): Plan<ResultEnvelope<Name>> {
  const [envelope] = yield [{ name, arguments: args }];
  return envelope as ResultEnvelope<Name>;
}

/** Several calls in one step (a parallel batch), envelopes in the same order, each typed as in callTool. */
export function* callTools<const Calls extends readonly PlannedCall[]>(
  calls: Calls,
): Plan<ResultEnvelopes<Calls>> {
  const envelopes = yield [...calls];
  return envelopes as ResultEnvelopes<Calls>;
}

/** The data of a successful envelope, or undefined. */
export function dataOf<Name extends ToolName>(envelope: ResultEnvelope<Name>): ToolResults[Name] | undefined {
  return envelope.ok ? envelope.data : undefined;
}

/** An answer that ends the plan early (a refusal, a choice, a missing species). */
export class PlanStop {
  constructor(readonly text: string) {}
}
