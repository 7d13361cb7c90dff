import type { AgentEvent } from '../../src/agent/agent-event';
import type { AgentHost, WorkerPush } from '../../src/worker/host';
import type { AuditEntry } from '../../src/registry';
import type { WorkerRequest, WorkerResults } from '../../src/worker/protocol';
import { HARNESS_CATALOG, auditEntry, basemapLayer, recordedTurn } from './harness-fixtures';

export interface FakeHostControl {
  host: AgentHost;
  /** Every request the page sent, as it would reach the worker. */
  requests: Omit<WorkerRequest, 'id'>[];
  emit(event: AgentEvent): void;
  push(message: WorkerPush): void;
  /** What `ask` plays back: the recorded turn by default, nothing (a slow turn) when 'hold'. */
  mode: 'recorded' | 'hold';
}

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
    mode: 'recorded',
    emit: (event) => {
      if (event.type === 'audit-add') audit.push(event.entry);
      eventListeners.forEach((listener) => listener(event));
    },
    push: (message) => pushListeners.forEach((listener) => listener(message)),
    host: {
      request(type, body) {
        control.requests.push(structuredClone({ type, ...body }) as Omit<WorkerRequest, 'id'>);
        return answer(type, body as Record<string, unknown>) as Promise<WorkerResults[typeof type]>;
      },
      onAgentEvent: (listener) => (eventListeners.add(listener), () => eventListeners.delete(listener)),
      onPush: (listener) => (pushListeners.add(listener), () => pushListeners.delete(listener)),
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
        control.push({ type: 'engine-progress', stage: 'engine-start', bytes: 0, rows: 0, message: 'Starting the data engine…' });
        return { catalog: HARNESS_CATALOG, datasets: ['species', 'weekly', 'seasonal', 'trends', 'regional_stats'], rangeSupport: { supportsRanges: true, message: '' } };
      case 'basemap':
        return { layer: basemapLayer() };
      case 'audit-list':
        return { entries: [...audit] };
      case 'ask':
      case 'turn-replay': {
        const turnId = String(body.turnId);
        if (control.mode === 'recorded') void play(recordedTurn(turnId, String(body.question), type === 'ask' ? 'offline' : 'replay'));
        else control.emit({ type: 'turn-start', turnId, question: String(body.question), modelId: 'offline' });
        return { turnId };
      }
      case 'stop': {
        const turnId = String(body.turnId);
        setTimeout(() => control.emit({ type: 'turn-error', turnId, code: 'cancelled', message: 'cancelled: you stopped this answer. Ask again when ready.' }), 30);
        return { stopped: true };
      }
      case 'approve':
        control.emit({ type: 'audit-add', turnId: 'approvals', entry: auditEntry('fetch_dataset', 'c9', 'approved') });
        return { ok: true, message: 'Approved and run once: table added.', catalog: HARNESS_CATALOG, datasets: ['species', 'weekly', 'seasonal', 'trends', 'regional_stats'] };
      case 'deny':
        control.emit({ type: 'audit-add', turnId: 'approvals', entry: auditEntry('fetch_dataset', 'c9', 'denied') });
        return { ok: true, message: 'Denied: nothing was fetched.' };
      case 'scope-set':
        return { datasets: body.datasets };
      case 'file-add':
        return { table: 'upload', rows: 0 };
    }
  }
  return control;
}
