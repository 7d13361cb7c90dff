import { previewRows, type QueryResult, sqlString } from '../../engine';
import { toolFailure, type ToolFailure } from '../../registry';
import { clearWinner, type NameMatch, rankByName } from './rank-by-name';
import { REGION_LIST_SQL, type RegionListRow } from './region-list';
import { runQuery } from './run-query';
import { requireTables } from './scoped-table';
import type { PerchContext } from './tool-context';

export interface RegionRow {
  region_code: string;
  name: string;
  type: 'country' | 'state';
  parent_code: string | null;
}

export type RegionCandidate = RegionRow & NameMatch;

/**
 * Regions ranked against `text`: "USA-MI", "MI" (a US postal code, read as USA-MI because the data
 * keys states as country-postal), "Michigan", "united states", "USA". Typos allowed.
 */
export async function rankRegions(
  context: PerchContext,
  text: string,
  limit: number,
): Promise<{ candidates: RegionCandidate[]; query: QueryResult } | ToolFailure> {
  const missing = requireTables(context, ['regions']);
  if (missing) return missing;
  const query = await runQuery(context, REGION_LIST_SQL, { maxRows: 100_000 });
  const rows: RegionRow[] = (previewRows(query.table, query.rows) as unknown as RegionListRow[]).map(
    ({ code, ...region }) => ({ region_code: code, ...region }),
  );
  const wanted = text.trim().toLowerCase();
  const candidates = rankByName(rows, text, {
    id: (row) => row.region_code,
    fields: ['region_code', 'name'],
    isExact: (row) =>
      row.region_code.toLowerCase() === wanted ||
      row.name.toLowerCase() === wanted ||
      (row.type === 'state' && row.region_code.toLowerCase() === `usa-${wanted}`),
    fuzzy: 0.3,
    limit,
  });
  return { candidates, query };
}

/** One region for a domain tool, or a failure listing candidates. */
export async function resolveRegion(
  context: PerchContext,
  text: string,
): Promise<{ region: RegionRow; interpreted?: string } | ToolFailure> {
  const ranked = await rankRegions(context, text, 5);
  if ('code' in ranked) return ranked;
  if (ranked.candidates.length === 0)
    return toolFailure('not_found', `not_found: no country or state matches '${text}'.`, {
      hint: 'Call find_region to see region codes as the data keys them (USA, USA-MI).',
    });
  const winner = clearWinner(ranked.candidates);
  if (winner !== undefined) {
    return {
      region: winner,
      interpreted:
        winner.match === 'exact' ? undefined : `'${text}' was read as ${winner.name} (${winner.region_code})`,
    };
  }
  const names = ranked.candidates
    .map((candidate) => `${candidate.name} (${candidate.region_code})`)
    .join(', ');
  return toolFailure(
    'ambiguous',
    `ambiguous: '${text}' matches several regions: ${names}. Call again with the region code.`,
  );
}

/** The WHERE condition selecting a region's rows in a table with country_code/state_code. */
export function regionCondition(region: RegionRow, alias: string): string {
  const column = region.type === 'state' ? 'state_code' : 'country_code';
  return `${alias}.${column} = ${sqlString(region.region_code)}`;
}
