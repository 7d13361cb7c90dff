import type { Registry, Session } from '../registry';
import type { AgentEvent, RecordedCall, TurnSummary } from './agent-event';
import { findProvenance, quotedField, type ProvenanceSource } from './find-provenance';
import { type CallRun, runCall } from './run-call';

export interface ReplayTurnOptions {
  registry: Registry;
  agent: string;
  session: Session;
  turnId: string;
  question: string;
  /** The calls a turn recorded (`TurnSummary.calls`), run again in order. */
  calls: readonly RecordedCall[];
  /** The original answer, so provenance can be checked against the fresh results. */
  answer?: string;
  signal?: AbortSignal;
  emit: (event: AgentEvent) => void;
}

export interface ReplayResult {
  summary: TurnSummary;
  runs: CallRun[];
}

/** The model id a replayed turn carries: no model took part. */
export const REPLAY_MODEL_ID = 'replay';

/**
 * Runs a turn's recorded calls again through the registry with no model: same checks, same
 * audit rows, same events (so the page redraws the layers and charts), and provenance of the
 * original answer against the fresh results.
 */
export async function replayTurn(options: ReplayTurnOptions): Promise<ReplayResult> {
  const { turnId, emit } = options;
  const signal = options.signal ?? new AbortController().signal;
  const answer = options.answer ?? '';
  emit({ type: 'turn-start', turnId, question: options.question, modelId: REPLAY_MODEL_ID });
  emit({ type: 'step-start', turnId, step: 1 });
  const runs: CallRun[] = [];
  for (const recorded of options.calls) {
    if (signal.aborted) break;
    runs.push(
      await runCall(
        { ...options, signal },
        { id: recorded.callId, name: recorded.name, arguments: recorded.arguments },
      ),
    );
  }
  const sources = runs
    .map((run) => run.source)
    .filter((source): source is ProvenanceSource => source !== undefined);
  const summary: TurnSummary = {
    question: options.question,
    answer,
    modelId: REPLAY_MODEL_ID,
    calls: [...options.calls],
    provenance: findProvenance(answer, sources),
    ...quotedField(answer, sources),
    steps: 0,
  };
  emit({ type: 'turn-end', turnId, summary });
  return { summary, runs };
}
