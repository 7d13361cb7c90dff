import { findProvenance, runCall, type AgentEvent, type RecordedCall } from '../agent';
import type { Catalog } from '../catalog/types';
import type { Registry, Session } from '../registry';
import type { ToolResults } from '../tools';
import { cellSentence } from './cell-sentence';
import { mapSubjectOf } from './map-subject';
import { MAP_AGENT, type WorkerRequest } from './protocol';

/** The model id a map turn carries: no model took part, the page asked. */
export const MAP_MODEL_ID = 'map';

/** What a click answers when no layer says which species, and the build holds several. */
export const NO_SUBJECT_ANSWER =
  'Ask about a species first; then click the map (or press Enter on it) for that species at a place.';

export interface MapTurnOptions {
  registry: Registry;
  session: Session;
  catalog: Catalog;
  request: Extract<WorkerRequest, { type: 'map-ask' }>;
  callId: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
}

/**
 * A place clicked on the map, answered as a turn with no model: one cell_weekly call through the
 * registry (the checks, the session's scope, one audit row under agent `map`), its chart to the
 * page, and one line written from the result with its figures linked to the call.
 */
export async function runMapTurn(options: MapTurnOptions): Promise<void> {
  const { request, emit } = options;
  const { turnId, question } = request;
  emit({ type: 'turn-start', turnId, question, modelId: MAP_MODEL_ID });
  emit({ type: 'step-start', turnId, step: 1 });
  const layerCall = request.layerCallId
    ? options.registry.audit.entries().findLast((entry) => entry.call_id === request.layerCallId)
    : undefined;
  const subject = mapSubjectOf(layerCall, options.catalog);
  const end = (answer: string, calls: RecordedCall[], provenance = findProvenance(answer, [])) =>
    emit({
      type: 'turn-end',
      turnId,
      summary: { question, answer, modelId: MAP_MODEL_ID, calls, provenance, steps: 1 },
    });
  if (!subject) return end(NO_SUBJECT_ANSWER, []);
  const call: RecordedCall = {
    callId: options.callId,
    name: 'cell_weekly',
    arguments: {
      species: subject.species,
      product: subject.product,
      lon: request.lon,
      lat: request.lat,
      week: request.week,
    },
  };
  const run = await runCall(
    {
      registry: options.registry,
      agent: MAP_AGENT,
      session: options.session,
      turnId,
      signal: options.signal,
      emit,
    },
    { id: call.callId, name: call.name, arguments: call.arguments },
  );
  const { envelope } = run.outcome;
  if (!envelope.ok || !run.source) {
    // The message a model would read, in a person's words: "No modelled cell holds the point …".
    const message = envelope.ok ? '' : envelope.error.message.replace(/^[a-z_]+: /, '');
    return end(`${message.charAt(0).toUpperCase()}${message.slice(1)}`, [call]);
  }
  const answer = cellSentence(envelope.data as ToolResults['cell_weekly']);
  end(answer, [call], findProvenance(answer, [run.source]));
}
