import type { ToolEnvelope } from '../../registry';
import type { ParsedQuestion, TimeExpression } from './parse-question';

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

/** What a conversation remembers between turns, so "and in winter?" keeps species and region. */
export interface PlannerMemory {
  species?: { code: string; name: string };
  region?: { code: string; name: string };
  intent?: ParsedQuestion['intent'];
  time?: TimeExpression;
  /** Weekly layers already added ("species|region"), so a follow-up does not add the same layer again. */
  layers?: string[];
  /** Set when the last turn asked the user to choose; the next message is matched against it. */
  pending?: PendingChoice;
}

export interface PendingChoice {
  question: string;
  /** Option text → the species or region it stands for. */
  options: { label: string; kind: 'species' | 'region'; code: string; name: string }[];
  /** The question being answered when the choice was asked. */
  asked: string;
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
