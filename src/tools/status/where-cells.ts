import { previewRows, type QueryResult, sqlString } from '../../engine';
import type { StatusSubject } from '../../frame/status-result';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';
import { cellAreas } from './cell-area';
import { nearestTowns } from './near-town';

/** A cell (status or trend) with its value over the time. */
export interface ValuedCell {
  cell_id: number;
  lon: number;
  lat: number;
  region_code: string | null;
  value: number | null;
}

/** How many cells and regions to list when the frame gives no top_n. */
export const DEFAULT_TOP_N = 5;

/**
 * The top (or bottom) `n` modelled cells by value, each with its nearest town, and the regions
 * (state, else country) ranked by the mean of their cells' values. where_lowest lists the lowest
 * modelled cells — zeros included, NULL (not modelled) never.
 */
export async function whereCells(
  context: PerchContext,
  cells: readonly ValuedCell[],
  n: number,
  which: 'highest' | 'lowest',
): Promise<{ top: Pick<StatusSubject, 'top_cells' | 'top_regions'>; queries: QueryResult[] }> {
  const order = (a: number, b: number) => (which === 'highest' ? b - a : a - b);
  const modelled = cells
    .filter((cell) => cell.value !== null)
    .sort((a, b) => order(a.value!, b.value!) || a.cell_id - b.cell_id);
  const chosen = modelled.slice(0, n);
  const towns = await nearestTowns(context, chosen);
  const areas = await cellAreas(context, chosen);
  const byRegion = new Map<string, { sum: number; cells: number }>();
  for (const cell of modelled) {
    const code = cell.region_code ?? 'none';
    const entry = byRegion.get(code) ?? { sum: 0, cells: 0 };
    entry.sum += cell.value!;
    entry.cells += 1;
    byRegion.set(code, entry);
  }
  const regions = [...byRegion]
    .map(([code, entry]) => ({ code, value: entry.sum / entry.cells, cells: entry.cells }))
    .sort((a, b) => order(a.value, b.value) || a.code.localeCompare(b.code))
    .slice(0, n);
  const names = await regionNames(
    context,
    regions.map((region) => region.code),
  );
  return {
    top: {
      top_cells: chosen.map((cell, index) => ({
        cell_id: cell.cell_id,
        lon: cell.lon,
        lat: cell.lat,
        value: cell.value,
        near: towns.names[index],
        area: areas.names[index] ?? null,
        region_code: cell.region_code,
      })),
      top_regions: regions.map((region) => ({
        ...region,
        name:
          names.names.get(region.code) ??
          (region.code === 'none' ? 'no state or country (at sea or unassigned)' : region.code),
      })),
    },
    queries: [
      ...(towns.query ? [towns.query] : []),
      ...(areas.query ? [areas.query] : []),
      ...(names.query ? [names.query] : []),
    ],
  };
}

async function regionNames(
  context: PerchContext,
  codes: readonly string[],
): Promise<{ names: Map<string, string>; query?: QueryResult }> {
  const known = codes.filter((code) => code !== 'none');
  if (known.length === 0 || !context.session.datasets.includes('regions')) return { names: new Map() };
  const query = await runQuery(
    context,
    `SELECT region_code, name FROM regions WHERE region_code IN (${known.map(sqlString).join(', ')})`,
    { maxRows: known.length },
  );
  const rows = previewRows(query.table, query.rows) as { region_code: string; name: string }[];
  return { names: new Map(rows.map((row) => [row.region_code, row.name])), query };
}
