import type { AgentEvent } from '../../src/agent/agent-event';
import type { AgentHost, WorkerPush } from '../../src/worker/host';
import type { AuditEntry } from '../../src/registry';
import type { QueryFrame } from '../../src/frame/query-frame';
import type { ModelChoice, ModelSettings, WorkerRequest, WorkerResults } from '../../src/worker/protocol';
import type { TokenUsage } from '../../src/models/model-adapter';
import { basemapFromRegions } from '../../src/worker/build-basemap';
import { HARNESS_CATALOG, auditEntry, basemapLayer, recordedReading, recordedTurn } from './harness-fixtures';

export interface FakeHostControl {
  host: AgentHost;
  /** Every request the page sent, as it would reach the worker. */
  requests: Omit<WorkerRequest, 'id'>[];
  /**
   * Requests and turn ends in the order they happened ("ask:<question>", "turn-end:<turnId>"),
   * so a test can tell a question was asked only after the previous turn ended.
   */
  timeline: string[];
  emit(event: AgentEvent): void;
  push(message: WorkerPush): void;
  /** What `ask` plays back: the recorded turn by default, nothing (a slow turn) when 'hold'. */
  mode: 'recorded' | 'hold';
  /** What a `models` request answers: this list, or `modelsError` as the worker's error. */
  models: ModelChoice[];
  modelsError?: { code: string; message: string };
  /** Token usage of the next Gemini answers, one per answer, on their turn-end (like summary.usage); offline answers have none. */
  usage: TokenUsage[];
}

/**
 * The generating models `listModelsFromSettings` returns for a key (bare names, Google's display
 * names), in Google's order: the shape of a models.list page, without the embedding models.
 */
export const LISTED_GEMINI_MODELS: ModelChoice[] = [
  { name: 'gemini-3.8-flash', displayName: 'Gemini 3.8 Flash' },
  { name: 'gemini-3.8-flash-lite', displayName: 'Gemini 3.8 Flash-Lite' },
  { name: 'gemini-3.7-pro', displayName: 'Gemini 3.7 Pro' },
];

/**
 * Plays the agent worker for the UI harness: answers each request type the way the protocol
 * says, and streams a recorded turn for `ask` / `turn-replay` with a frame between events.
 */
export function createFakeAgentHost(): FakeHostControl {
  const eventListeners = new Set<(event: AgentEvent) => void>();
  // Like the real worker, the audit list holds every row it announced with `audit-add`.
  const audit: AuditEntry[] = [];
  const pushListeners = new Set<(message: WorkerPush) => void>();
  const control: FakeHostControl = {
    requests: [],
    timeline: [],
    mode: 'recorded',
    models: LISTED_GEMINI_MODELS,
    usage: [],
    emit: (event) => {
      if (event.type === 'audit-add') audit.push(event.entry);
      if (event.type === 'turn-end' || event.type === 'turn-error')
        control.timeline.push(`${event.type}:${event.turnId}`);
      for (const listener of eventListeners) listener(event);
    },
    push: (message) => {
      for (const listener of pushListeners) listener(message);
    },
    host: {
      request(type, body) {
        control.requests.push(structuredClone({ type, ...body }) as Omit<WorkerRequest, 'id'>);
        control.timeline.push(`${type}:${String((body as { question?: unknown }).question ?? '')}`);
        return answer(type, body as Record<string, unknown>) as Promise<WorkerResults[typeof type]>;
      },
      onAgentEvent: (listener) => {
        eventListeners.add(listener);
        return () => eventListeners.delete(listener);
      },
      onPush: (listener) => {
        pushListeners.add(listener);
        return () => pushListeners.delete(listener);
      },
      close: () => undefined,
    },
  };
  const play = async (events: AgentEvent[]) => {
    for (const event of events) {
      await new Promise((resolve) => setTimeout(resolve, 8));
      control.emit(event);
    }
  };
  async function answer(type: keyof WorkerResults, body: Record<string, unknown>): Promise<unknown> {
    switch (type) {
      case 'init':
        control.push({
          type: 'engine-progress',
          stage: 'engine-start',
          bytes: 0,
          rows: 0,
          message: 'Starting the data engine…',
        });
        return {
          catalog: HARNESS_CATALOG,
          datasets: ['species', 'weekly', 'seasonal', 'trends', 'regional_stats'],
          rangeSupport: { supportsRanges: true, message: '' },
        };
      case 'basemap':
        return { basemap: basemapFromRegions(basemapLayer()) };
      case 'audit-list':
        return { entries: [...audit] };
      case 'ask':
      case 'turn-replay': {
        const turnId = String(body.turnId);
        // An offline ask is read (its edited frame answered as sent, like the offline model); a replay runs no model.
        const model = body.model as ModelSettings | undefined;
        if (type === 'ask' && model?.kind === 'gemini') {
          // A Gemini answer reads no frame and reports the tokens it cost.
          const usage = control.usage.shift();
          const events = recordedTurn(turnId, String(body.question), `gemini:${model.model}`).map((event) =>
            event.type === 'turn-end' && usage ? { ...event, summary: { ...event.summary, usage } } : event,
          );
          if (control.mode === 'recorded') void play(events);
          else control.emit(events[0]!);
          return { turnId };
        }
        const reading = type === 'ask' ? recordedReading(body.frame as QueryFrame | undefined) : undefined;
        if (control.mode === 'recorded')
          void play(
            recordedTurn(turnId, String(body.question), type === 'ask' ? 'offline' : 'replay', reading),
          );
        else
          control.emit({ type: 'turn-start', turnId, question: String(body.question), modelId: 'offline' });
        return { turnId };
      }
      case 'stop': {
        const turnId = String(body.turnId);
        setTimeout(
          () =>
            control.emit({
              type: 'turn-error',
              turnId,
              code: 'cancelled',
              message: 'cancelled: you stopped this answer. Ask again when ready.',
            }),
          30,
        );
        return { stopped: true };
      }
      case 'approve':
        control.emit({
          type: 'audit-add',
          turnId: 'approvals',
          entry: auditEntry('fetch_dataset', 'c9', 'approved'),
        });
        return {
          ok: true,
          message: 'Approved and run once: table added.',
          catalog: HARNESS_CATALOG,
          datasets: ['species', 'weekly', 'seasonal', 'trends', 'regional_stats'],
        };
      case 'deny':
        control.emit({
          type: 'audit-add',
          turnId: 'approvals',
          entry: auditEntry('fetch_dataset', 'c9', 'denied'),
        });
        return { ok: true, message: 'Denied: nothing was fetched.' };
      case 'scope-set':
        return { datasets: body.datasets };
      case 'file-add':
        return { table: 'upload', rows: 0 };
      case 'models':
        await new Promise((resolve) => setTimeout(resolve, 30));
        // As host.ts rejects: an Error whose message is the worker's `<code>: <sentence>`.
        if (control.modelsError)
          throw Object.assign(new Error(control.modelsError.message), { code: control.modelsError.code });
        return { models: structuredClone(control.models) };
    }
  }
  return control;
}
