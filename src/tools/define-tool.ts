import type { Engine } from '../engine';
import { defineToolFor } from '../registry';
import type { TableAdder } from './support/table-adder';

/** What every Perch tool handler receives as `context.services`. */
export interface ToolServices {
  /** Runs every query; its catalog is the one source of table and column names. */
  engine: Engine;
  /** Adds a fetched dataset as a table of this session (the write tool). Absent: the tool refuses. */
  addTable?: TableAdder;
  /** Fetch used by add_dataset_from_url. @default globalThis.fetch */
  fetch?: typeof fetch;
}

export const defineTool = defineToolFor<ToolServices>();
