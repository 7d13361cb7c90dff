import { previewRows, type QueryResult } from '../../engine';
import { toolFailure, type ToolFailure } from '../../registry';
import { clearWinner, type NameMatch, rankByName } from './rank-by-name';
import { runQuery } from './run-query';
import { requireTables } from './scoped-table';
import type { PerchContext } from './tool-context';

export interface SpeciesRow {
  species_code: string;
  common_name: string;
  scientific_name: string;
  run_name: string;
  release: number;
  is_resident: boolean;
  trends_release: number | null;
  products: string;
  simulated: boolean;
}

/** exact: the text is the code, run name or a full name; fuzzy: a ranked guess. */
export type SpeciesCandidate = SpeciesRow & NameMatch;

const SPECIES_SQL =
  'SELECT species_code, common_name, scientific_name, run_name, release, is_resident, trends_release, products, simulated FROM species ORDER BY species_code';

/** Species of this session ranked against `text` (code, run name, common or scientific name; typos allowed). */
export async function rankSpecies(
  context: PerchContext,
  text: string,
  limit: number,
): Promise<{ candidates: SpeciesCandidate[]; query: QueryResult } | ToolFailure> {
  const missing = requireTables(context, ['species']);
  if (missing) return missing;
  const query = await runQuery(context, SPECIES_SQL, { maxRows: 100_000 });
  const rows = previewRows(query.table, query.rows) as unknown as SpeciesRow[];
  const wanted = normalise(text);
  const candidates = rankByName(rows, text, {
    id: (row) => row.species_code,
    fields: ['species_code', 'run_name', 'common_name', 'scientific_name'],
    isExact: (row) =>
      [row.species_code, row.run_name, row.common_name, row.scientific_name].some(
        (value) => normalise(value ?? '') === wanted,
      ),
    fuzzy: 0.34,
    limit,
  });
  return { candidates, query };
}

/**
 * One species for a domain tool. An exact match wins; a single fuzzy candidate (or one scoring
 * twice the next) is taken and the interpretation reported; anything else is `not_found` or
 * `ambiguous` with the candidates, so the model asks instead of guessing.
 */
export async function resolveSpecies(
  context: PerchContext,
  text: string,
): Promise<{ species: SpeciesRow; interpreted?: string; query: QueryResult } | ToolFailure> {
  const ranked = await rankSpecies(context, text, 5);
  if ('code' in ranked) return ranked;
  const names = ranked.candidates
    .map((candidate) => `${candidate.common_name} (${candidate.species_code})`)
    .join(', ');
  if (ranked.candidates.length === 0) {
    return toolFailure('not_found', `not_found: no species matches '${text}' in this session's data.`, {
      hint: 'Call find_species with part of a name to list the species available.',
    });
  }
  const winner = clearWinner(ranked.candidates);
  if (winner !== undefined) {
    const interpreted =
      winner.match === 'exact'
        ? undefined
        : `'${text}' was read as ${winner.common_name} (${winner.species_code})`;
    return { species: winner, interpreted, query: ranked.query };
  }
  return toolFailure(
    'ambiguous',
    `ambiguous: '${text}' matches several species: ${names}. Call again with the species code.`,
    { hint: 'Ask the user which one they meant (ask_user) if the question does not say.' },
  );
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}
