import { runTurn, replayTurn, buildSystemPrompt, systemPromptInfo, type AgentEvent } from '../agent';
import type { Catalog } from '../catalog/types';
import type { Engine, LoadProgressEvent, RangeSupport } from '../engine';
import type { ModelAdapter, ModelConversation, PriorTurn } from '../models/model-adapter';
import {
  assertNever,
  createAuditLog,
  type AuditEntry,
  isToolFailure,
  type Registry,
  redactText,
  type Session,
} from '../registry';
import { addDatasetBytes, checkPerchToolsAhead, createPerchRegistry, tableAdderFor } from '../tools';
import { buildBasemap } from './build-basemap';
import { runMapTurn } from './map-turn';
import { payloadTransferables } from './payload-transferables';
import type { ModelChoice, ModelSettings, WorkerRequest, WorkerResponse, WorkerResults } from './protocol';
import { tablesToWarm } from './tables-to-warm';

/** With no question asked, the worker counts as quiet this long after the data opened. */
const QUIET_START_MS = 3_000;

export interface AgentServiceOptions {
  startEngine(dataUrl: string, onProgress: (event: LoadProgressEvent) => void): Promise<Engine>;
  probeRanges(dataUrl: string): Promise<RangeSupport>;
  createModel(settings: ModelSettings): ModelAdapter | Promise<ModelAdapter>;
  /** The generating models the settings' key may use (`models` request); absent: the request answers not_supported. */
  listModels?(settings: ModelSettings): Promise<ModelChoice[]>;
  post(message: WorkerResponse, transfer?: Transferable[]): void;
  auditSinks?: ((entry: AuditEntry) => void)[];
  newId?: () => string;
  /** The build id the worker was built with (PERCH_BUILD); echoed by `init`. */
  build?: string;
  /** Reads a JSON file of the data folder (basemap.json). @default fetch from the `init` data URL */
  readDataFile?: (dataUrl: string, path: string) => Promise<unknown>;
}

interface Ready {
  dataUrl: string;
  engine: Engine;
  registry: Registry;
  session: Session;
  catalog: Catalog;
}

/**
 * The agent worker's core, free of browser globals so the same code runs in a Web Worker and,
 * in tests, in Node over a MessageChannel. Each request gets exactly one `result` or `error`;
 * agent events stream as push messages while a turn runs.
 */
export function createAgentService(options: AgentServiceOptions) {
  const newId = options.newId ?? (() => crypto.randomUUID());
  let ready: Ready | undefined;
  /** The data being opened by `init`: a question asked meanwhile waits for it (whenReady). */
  let opening: Promise<Ready> | undefined;
  const turns = new Map<string, AbortController>();
  /** Called when the last running turn ends (whenQuiet). */
  let onQuiet: (() => void) | undefined;
  /** The conversation of the current model settings, and its answered turns in words (they seed the next client's history). */
  let conversation: { key: string; turns: PriorTurn[]; value: ModelConversation } | undefined;

  const emit = (event: AgentEvent) => {
    const transfer = event.type === 'payload-add' ? payloadTransferables(event.payload) : [];
    options.post({ type: 'agent-event', event }, transfer);
  };

  async function init(dataUrl: string, datasets?: string[]): Promise<WorkerResults['init']> {
    opening = openData(dataUrl, datasets);
    ready = await opening;
    const { catalog, engine, session } = ready;
    const scope = session.datasets;
    whenQuiet(() => {
      engine.startDuckDB();
      void warm(engine, tablesToWarm(catalog, scope));
    });
    const rangeSupport = await options.probeRanges(dataUrl).catch((error: unknown) => ({
      supportsRanges: false,
      message: `could not probe the data host: ${String(error)}`,
    }));
    return {
      catalog,
      datasets: [...scope],
      rangeSupport: { supportsRanges: rangeSupport.supportsRanges, message: rangeSupport.message },
      build: options.build,
    };
  }

  /**
   * Runs `work` once the worker is quiet: after the first turn has ended, or QUIET_START_MS after
   * the data opened if no question came. DuckDB starts then, not at boot: the columnar executor
   * answers the first questions without it, and its 34 MB wasm compiling on the second core made
   * a question asked at once slower (cold-start bench, 2026-12-05).
   */
  function whenQuiet(work: () => void): void {
    let done = false;
    const once = () => {
      if (done || turns.size > 0) return;
      done = true;
      onQuiet = undefined;
      work();
    };
    onQuiet = once;
    setTimeout(once, QUIET_START_MS);
  }

  /**
   * Loads `tables` one by one while no turn runs; stops at the first question, whose own loads
   * then wait for one table at most (the engine's queue is first come, first served: warming
   * every table at once made a question asked at once 1 s slower). A failed load is left to the
   * question that needs the table.
   */
  async function warm(engine: Engine, tables: readonly string[]): Promise<void> {
    for (const table of tables) {
      if (turns.size > 0) return;
      await engine.ensureLoaded([table]).catch(() => undefined);
    }
  }

  async function openData(dataUrl: string, datasets?: string[]): Promise<Ready> {
    const starting = options.startEngine(dataUrl, (event) => options.post(progressMessage(event)));
    // The worker would wait idle for catalog.json: the tools' registration checks need no data.
    checkPerchToolsAhead();
    const engine = await starting;
    const catalog = engine.catalog;
    const scope = datasets?.filter((name) => name in catalog.tables) ?? Object.keys(catalog.tables);
    const session: Session = { id: newId(), datasets: scope, secrets: [] };
    const audit = createAuditLog(options.auditSinks ?? []);
    const registry = createPerchRegistry(
      { engine, addTable: tableAdderFor(engine, (_id, table) => widenScope(table)) },
      { audit },
    );
    return { dataUrl, engine, registry, session, catalog };
  }

  /**
   * The opened data, waiting for an `init` still opening it: the page takes questions from its
   * first paint, and a question asked at once arrived while `init` read the catalog — it failed
   * with not_ready in 3 of 5 cold starts of the start-up bench (2026-12-03).
   */
  async function whenReady(): Promise<Ready> {
    if (!ready && opening) await opening.catch(() => undefined);
    return need();
  }

  /** A file dropped on the page takes the same path as an approved add_dataset_from_url. */
  async function addFile(fileName: string, bytes: ArrayBuffer): Promise<WorkerResults['file-add']> {
    const state = need();
    const adder = tableAdderFor(state.engine, (_id, table) => widenScope(table));
    if (!adder)
      throw Object.assign(new Error('not_supported: this engine cannot add tables.'), {
        code: 'not_supported',
      });
    const name = tableNameFor(fileName, state.catalog);
    const added = await addDatasetBytes(
      { name, origin: `file:${fileName}`, contentType: null, bytes: new Uint8Array(bytes) },
      adder,
      state.session.id,
    );
    if (isToolFailure(added)) throw Object.assign(new Error(added.message), { code: added.code });
    return { table: added.table, rows: added.rows };
  }

  function widenScope(table: string) {
    if (ready && !ready.session.datasets.includes(table))
      ready.session = { ...ready.session, datasets: [...ready.session.datasets, table] };
  }

  function need(): Ready {
    if (!ready)
      throw Object.assign(
        new Error('not_ready: the data has not been opened yet. Wait for the page to finish loading.'),
        { code: 'not_ready' },
      );
    return ready;
  }

  async function ask(request: Extract<WorkerRequest, { type: 'ask' }>): Promise<WorkerResults['ask']> {
    const state = await whenReady();
    const model = await options.createModel(request.model);
    // Every setting the client is built from, the key included (held in this worker's memory only):
    // a key fixed in Settings after a model_auth error must reach the next request.
    // The scope too: the system prompt lists only the session's tables, so a new scope needs a new prompt.
    const key = JSON.stringify([request.model, state.session.datasets]);
    if (conversation?.key !== key) {
      const system = buildSystemPrompt(systemPromptInfo(state.catalog, state.session.datasets));
      const history = conversation?.turns ?? [];
      conversation = {
        key,
        turns: history,
        value: model.startConversation({
          system,
          tools: state.registry.definitions(agentFor(request.model), model.provider),
          history,
        }),
      };
    }
    const secrets = 'apiKey' in request.model && request.model.apiKey ? [request.model.apiKey] : [];
    const controller = new AbortController();
    turns.set(request.turnId, controller);
    const current = conversation;
    try {
      const result = await runTurn({
        registry: state.registry,
        agent: agentFor(request.model),
        session: { ...state.session, secrets },
        conversation: current.value,
        modelId: model.id,
        question: request.question,
        ...(request.frame ? { frame: request.frame } : {}),
        turnId: request.turnId,
        signal: controller.signal,
        emit,
      });
      if (result.end === 'answered')
        current.turns.push({ question: request.question, answer: result.summary.answer });
      options.post({ type: 'approval-list', cards: state.registry.pendingApprovals(state.session) });
      return { turnId: request.turnId };
    } finally {
      turns.delete(request.turnId);
      onQuiet?.();
    }
  }

  /** A click on the map: one registry call as agent `map`, streamed as a turn that Stop can end. */
  async function mapAsk(
    request: Extract<WorkerRequest, { type: 'map-ask' }>,
  ): Promise<WorkerResults['map-ask']> {
    const state = await whenReady();
    const controller = new AbortController();
    turns.set(request.turnId, controller);
    try {
      await runMapTurn({
        registry: state.registry,
        session: state.session,
        catalog: state.catalog,
        request,
        callId: newId(),
        signal: controller.signal,
        emit,
      });
      return { turnId: request.turnId };
    } finally {
      turns.delete(request.turnId);
      onQuiet?.();
    }
  }

  /** Needs no data: Settings may list models before the engine has started. */
  async function models(settings: ModelSettings): Promise<WorkerResults['models']> {
    if (!options.listModels)
      throw Object.assign(
        new Error('not_supported: this worker cannot list models. Type the model name instead.'),
        { code: 'not_supported' },
      );
    try {
      return { models: await options.listModels(settings) };
    } catch (error) {
      // The key reaches Google and nothing else: never the page, a log or an error text.
      const data = errorData(error);
      const secrets = 'apiKey' in settings && settings.apiKey ? [settings.apiKey] : [];
      throw Object.assign(new Error(redactText(data.message, secrets)), { name: data.name, code: data.code });
    }
  }

  async function handle(request: WorkerRequest): Promise<void> {
    try {
      const result = await dispatch(request);
      options.post({ type: 'result', requestId: request.id, result });
    } catch (error) {
      options.post({ type: 'error', requestId: request.id, error: errorData(error) });
    }
  }

  async function dispatch(request: WorkerRequest): Promise<WorkerResults[keyof WorkerResults]> {
    switch (request.type) {
      case 'init':
        return init(request.dataUrl, request.datasets);
      case 'ask':
        return ask(request);
      case 'stop': {
        const controller = turns.get(request.turnId);
        controller?.abort(new DOMException('stopped by the user', 'AbortError'));
        return { stopped: controller !== undefined };
      }
      case 'approve': {
        const state = need();
        const outcome = await state.registry.approve(request.cardId, request.arguments, state.session);
        options.post({ type: 'approval-list', cards: state.registry.pendingApprovals(state.session) });
        const after = need();
        return {
          ok: outcome.envelope.ok,
          message: outcome.envelope.ok ? 'Approved and run once.' : outcome.envelope.error.message,
          catalog: after.catalog,
          datasets: [...after.session.datasets],
        };
      }
      case 'deny': {
        const state = need();
        const outcome = state.registry.deny(request.cardId, state.session);
        options.post({ type: 'approval-list', cards: state.registry.pendingApprovals(state.session) });
        return {
          ok: outcome.audit.outcome === 'denied',
          message: outcome.envelope.ok ? '' : outcome.envelope.error.message,
        };
      }
      case 'scope-set': {
        const state = need();
        const unknown = request.datasets.filter(
          (name) => !(name in state.catalog.tables) && !state.session.datasets.includes(name),
        );
        if (unknown.length > 0)
          throw Object.assign(
            new Error(
              `unknown_dataset: ${unknown.join(', ')} is not in the catalog. Choose from: ${Object.keys(state.catalog.tables).join(', ')}.`,
            ),
            { code: 'unknown_dataset' },
          );
        state.session = { ...state.session, datasets: [...request.datasets] };
        return { datasets: [...state.session.datasets] };
      }
      case 'turn-replay': {
        const state = await whenReady();
        await replayTurn({
          registry: state.registry,
          agent: 'offline',
          session: state.session,
          turnId: request.turnId,
          question: request.question,
          calls: request.calls,
          emit,
        });
        return { turnId: request.turnId };
      }
      case 'file-add':
        return addFile(request.name, request.bytes);
      case 'audit-list':
        return { entries: [...need().registry.audit.entries()] };
      case 'basemap': {
        const state = need();
        const read = options.readDataFile ?? fetchDataFile;
        return {
          basemap: await buildBasemap(
            state.engine,
            (path) => read(state.dataUrl, path),
            (message) => options.post({ type: 'log', level: 'warn', message }),
          ),
        };
      }
      case 'models':
        return models(request.model);
      case 'map-ask':
        return mapAsk(request);
      default:
        return assertNever(request);
    }
  }

  return { handle };
}

/** `My Counts (2024).csv` → `my_counts_2024`, made unique against the catalog. */
export function tableNameFor(fileName: string, catalog: Catalog): string {
  const stem = fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const base = /^[a-z]/.test(stem) ? stem.slice(0, 50) : `file_${stem}`.slice(0, 50);
  let name = base;
  for (let suffix = 2; name in catalog.tables; suffix++) name = `${base}_${suffix}`;
  return name;
}

function agentFor(settings: ModelSettings): string {
  return settings.kind;
}

function progressMessage(event: LoadProgressEvent): WorkerResponse {
  switch (event.type) {
    case 'load-start':
      return tableLoadProgress(
        event.table,
        { bytes: 0, rows: 0 },
        `loading ${event.table} (${event.files} file${event.files === 1 ? '' : 's'}, ${event.bytes} bytes)`,
      );
    case 'file-end':
      return tableLoadProgress(
        event.table,
        { bytes: event.bytesFetched, rows: event.rows },
        `read ${event.path}`,
      );
    case 'load-end':
      return tableLoadProgress(
        event.table,
        { bytes: event.bytesFetched, rows: event.rows },
        `loaded ${event.table}: ${event.rows} rows in ${Math.round(event.durationMs)} ms`,
      );
    default:
      return assertNever(event);
  }
}

function tableLoadProgress(
  table: string,
  sofar: { bytes: number; rows: number },
  message: string,
): WorkerResponse {
  return {
    type: 'engine-progress',
    stage: 'table-load',
    table,
    bytes: sofar.bytes,
    rows: sofar.rows,
    message,
  };
}

/** Errors cross postMessage as plain data (Firefox cannot clone native errors). */
export function errorData(error: unknown): { name: string; code: string; message: string } {
  if (typeof error === 'object' && error !== null) {
    const record = error as { name?: unknown; code?: unknown; message?: unknown };
    return {
      name: String(record.name ?? 'Error'),
      code: typeof record.code === 'string' ? record.code : 'internal_error',
      message: String(record.message ?? error),
    };
  }
  return { name: 'Error', code: 'internal_error', message: String(error) };
}

async function fetchDataFile(dataUrl: string, path: string): Promise<unknown> {
  const response = await fetch(new URL(path, dataUrl));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  return response.json();
}
