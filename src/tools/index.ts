// The tools layer's public surface: the tool list, the agent allow-lists and the registry factory.
// A new tool is one file plus one line in TOOLS (and in the allow-lists that should see it).
import type { z } from 'zod';
import {
  type AuditLog,
  type CallLimits,
  type Registry,
  type ToolContract,
  checkToolsAhead,
  createRegistry,
} from '../registry';
import type { ToolServices } from './define-tool';
import { translateEngineError } from './support/translate-engine-error';
import { searchDatasets } from './search-datasets';
import { describeTable } from './describe-table';
import { sampleValues } from './sample-values';
import { runSql } from './run-sql';
import { addMapLayer } from './add-map-layer';
import { makeChart } from './make-chart';
import { computeStats } from './compute-stats';
import { weeklySeries } from './weekly-series';
import { addDatasetFromUrl } from './add-dataset-from-url';
import { findSpecies } from './find-species';
import { findRegion } from './find-region';
import { speciesProfile } from './species-profile';
import { askUser } from './ask-user';
import { whereIs } from './where-is';
import { occurrenceChance } from './occurrence-chance';
import { rangeSummary } from './range-summary';
import { topRegions } from './top-regions';
import { trendSummary } from './trend-summary';
import { seasonalSummary } from './seasonal-summary';
import { queryStatus } from './query-status';
import { dataVocabulary } from './data-vocabulary';
import { cellWeekly } from './cell-weekly';

export type { ToolServices } from './define-tool';
export type { AddTableRequest, TableAdder } from './support/table-adder';
export { tableAdderFor } from './add-table-to-engine';
export type { EngineAddTable } from './add-table-to-engine';
export { MAX_DATASET_BYTES } from './add-dataset-from-url';
export { addDatasetBytes } from './support/add-dataset-bytes';
export { buildMapLayer } from './support/build-map-layer';
export { WEEKLY_PRODUCT_NAMES, type WeeklyProduct } from './support/products';

export const TOOLS = [
  searchDatasets,
  describeTable,
  sampleValues,
  runSql,
  addMapLayer,
  makeChart,
  computeStats,
  askUser,
  findSpecies,
  speciesProfile,
  findRegion,
  weeklySeries,
  seasonalSummary,
  trendSummary,
  rangeSummary,
  topRegions,
  whereIs,
  occurrenceChance,
  dataVocabulary,
  addDatasetFromUrl,
  queryStatus,
  cellWeekly,
] as const satisfies readonly ToolContract<ToolServices>[];

/** Tool name → the type of its successful result, read off each tool's output schema. */
export type ToolResults = {
  [Tool in (typeof TOOLS)[number] as Tool['name']]: z.output<Tool['output']>;
};

const ALL = TOOLS.map((tool) => tool.name);

/** Agent → tools it is told about. Every agent gets every read tool, ask_user and the write tool's proposal (a person approves it). */
export const AGENTS: Record<string, readonly string[]> = {
  offline: ALL,
  gemini: ALL,
  openai: ALL,
  mcp: ALL,
  /** The page's own calls (a place clicked on the map, src/worker/map-turn.ts): audited as `map`, this tool only. */
  map: ['cell_weekly'],
};

export interface PerchRegistryOptions {
  audit?: AuditLog;
  limits?: Partial<CallLimits>;
  now?: () => number;
  newId?: () => string;
}

/** Runs the registry's checks of Perch's tools now, so createPerchRegistry finds them done (registry/check-tool.ts). */
export function checkPerchToolsAhead(): void {
  checkToolsAhead(TOOLS);
}

export function createPerchRegistry(services: ToolServices, options: PerchRegistryOptions = {}): Registry {
  return createRegistry<ToolServices>({
    tools: TOOLS,
    agents: AGENTS,
    services,
    translateError: translateEngineError,
    ...options,
  });
}
