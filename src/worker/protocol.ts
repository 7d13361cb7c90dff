/**
 * The whole page ↔ agent-worker protocol, as types (STYLE.md guideline 7). Requests carry an
 * `id`; the worker answers each with exactly one `result` or `error` carrying `requestId`.
 * Push messages (`agent-event`, `engine-progress`, `log`) carry no id.
 */
import type { AgentEvent, RecordedCall } from '../agent';
import type { AuditEntry, ApprovalCard } from '../registry';
import type { Catalog } from '../catalog/types';
import type { QueryFrame } from '../frame/query-frame';
import type { BasemapPayload } from '../payloads';
import type { GeminiThinkingLevel } from '../models/gemini-model-names';

export type ModelSettings =
  | { kind: 'offline' }
  /** `thinkingLevel`: @default DEFAULT_THINKING_LEVEL. Part of the conversation key, so a change starts a fresh client. */
  | { kind: 'gemini'; apiKey: string; model: string; thinkingLevel?: GeminiThinkingLevel }
  | { kind: 'openai'; baseUrl: string; model: string; apiKey?: string };

export type WorkerRequest =
  | { id: number; type: 'init'; dataUrl: string; datasets?: string[] }
  /** `frame`: a reading the person edited (a chip); the model answers it, `question` says it in words. */
  | { id: number; type: 'ask'; turnId: string; question: string; model: ModelSettings; frame?: QueryFrame }
  | { id: number; type: 'stop'; turnId: string }
  | { id: number; type: 'approve'; cardId: string; arguments: unknown }
  | { id: number; type: 'deny'; cardId: string }
  | { id: number; type: 'scope-set'; datasets: string[] }
  | { id: number; type: 'turn-replay'; turnId: string; question: string; calls: RecordedCall[] }
  | { id: number; type: 'file-add'; name: string; bytes: ArrayBuffer }
  | { id: number; type: 'audit-list' }
  | { id: number; type: 'basemap' }
  /** The models the visitor's key may use (Gemini: models.list); the key goes only to the provider. */
  | { id: number; type: 'models'; model: ModelSettings }
  /**
   * A place the person clicked (or pressed Enter on) on the map, answered as a turn with no model
   * (src/worker/map-turn.ts). `week`: the week the page shows ("this week"); `layerCallId`: the
   * call that drew the layer on show, whose species and measure the click asks about.
   */
  | {
      id: number;
      type: 'map-ask';
      turnId: string;
      question: string;
      lon: number;
      lat: number;
      week: number;
      layerCallId?: string;
    };

/** The allow-list (src/tools/index.ts AGENTS) the page's own calls run and are audited under. */
export const MAP_AGENT = 'map';

/** A model the key can use for generating answers. `name` is bare (`gemini-3.8-flash`, no `models/`). */
export interface ModelChoice {
  name: string;
  displayName: string;
}

/** What each request answers with, by request type. */
export interface WorkerResults {
  /** `build`: the worker's build id (PERCH_BUILD), so the page can tell it runs one build, not two. */
  init: {
    catalog: Catalog;
    datasets: string[];
    rangeSupport: { supportsRanges: boolean; message: string };
    build?: string;
  };
  ask: { turnId: string };
  stop: { stopped: boolean };
  /** `catalog` and `datasets` as they stand after the run: an approved dataset is a new table in scope. */
  approve: { ok: boolean; message: string; catalog: Catalog; datasets: string[] };
  deny: { ok: boolean; message: string };
  'scope-set': { datasets: string[] };
  'turn-replay': { turnId: string };
  'file-add': { table: string; rows: number };
  'audit-list': { entries: AuditEntry[] };
  /** The map's backdrop (no tile server): basemap.json, else the `regions` outlines (src/worker/build-basemap.ts). */
  basemap: { basemap: BasemapPayload };
  /** Only models that generate content (`generateContent` in supportedActions), in the provider's order. */
  models: { models: ModelChoice[] };
  'map-ask': { turnId: string };
}

/** Errors cross postMessage as plain data: Firefox cannot structured-clone native errors. */
export interface WorkerErrorData {
  name: string;
  code: string;
  message: string;
}

export type WorkerResponse =
  | { type: 'result'; requestId: number; result: WorkerResults[keyof WorkerResults] }
  | { type: 'error'; requestId: number; error: WorkerErrorData }
  | { type: 'agent-event'; event: AgentEvent }
  | {
      type: 'engine-progress';
      stage: 'engine-start' | 'table-load' | 'query';
      table?: string;
      bytes: number;
      rows: number;
      message: string;
    }
  | { type: 'approval-list'; cards: ApprovalCard[] }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string }
  | { type: 'fatal'; error: WorkerErrorData };
