import type { Engine } from '../engine';
import type { AddTableRequest, TableAdder } from './support/table-adder';

/**
 * The engine method add_dataset_from_url needs and the Engine interface does not have yet: create
 * a table from bytes (CSV or parquet → Arrow IPC → insert, as TableLoader does for catalog files)
 * and register its catalog entry so the scope check knows it. `createEngine` snapshots the catalog's
 * table names at start (`catalogTables`), so this cannot be done from outside the engine.
 */
export interface EngineAddTable {
  addTable(request: Omit<AddTableRequest, 'sessionId'>): Promise<{ rows: number }>;
}

/**
 * A TableAdder over an engine that has `addTable`, adding the new table to the scope of the
 * session it was approved in (`onScope`, the host's scope setter). Undefined when the engine
 * lacks the method, so add_dataset_from_url refuses with `not_supported` instead of pretending.
 */
export function tableAdderFor(
  engine: Engine,
  onScope: (sessionId: string, table: string) => void,
): TableAdder | undefined {
  const capable = engine as Engine & Partial<EngineAddTable>;
  if (typeof capable.addTable !== 'function') return undefined;
  return async (request) => {
    const { sessionId, ...rest } = request;
    const added = await capable.addTable!(rest);
    onScope(sessionId, request.name);
    return added;
  };
}
