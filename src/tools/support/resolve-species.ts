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

/** SQL over `species`: keeps the newest release of each species (older ones are kept apart as <code>-<release>). */
export const NEWEST_RELEASE_ONLY = 'QUALIFY release = max(release) OVER (PARTITION BY scientific_name)';

/**
 * The species of one release a name stands for. A build may hold two releases of a species, kept
 * apart (the older under `<code>-<release>`); a name (not a code) means the newest, and the answer
 * says which release it used, with eBird's advice not to compare releases.
 */
export function newestReleases<Row extends SpeciesRow>(rows: readonly Row[]): Row[] {
  const newest = new Map<string, Row>();
  for (const row of rows) {
    const held = newest.get(row.scientific_name);
    if (held === undefined || row.release > held.release) newest.set(row.scientific_name, row);
  }
  return rows.filter((row) => newest.get(row.scientific_name) === row);
}

/** What an answer about `species` says about releases, when the build holds more than one of it. */
export function releaseNote(species: SpeciesRow, all: readonly SpeciesRow[]): string | undefined {
  const others = all.filter(
    (row) => row.scientific_name === species.scientific_name && row.species_code !== species.species_code,
  );
  if (others.length === 0) return undefined;
  const list = others.map((row) => `release ${row.release} (${row.species_code})`).join(', ');
  return `These figures are from eBird Status & Trends release ${species.release} (${species.species_code}); this site also holds ${list} of ${species.common_name}. eBird advises against comparing estimates between releases: each release is modelled anew, so differences need not be changes in the birds.`;
}

const SPECIES_SQL =
  'SELECT species_code, common_name, scientific_name, run_name, release, is_resident, trends_release, products, simulated FROM species ORDER BY species_code';

/** Species of this session ranked against `text` (code, run name, common or scientific name; typos allowed). */
export async function rankSpecies(
  context: PerchContext,
  text: string,
  limit: number,
  releases: 'newest' | 'all' = 'newest',
): Promise<{ candidates: SpeciesCandidate[]; query: QueryResult; all: SpeciesRow[] } | ToolFailure> {
  const missing = requireTables(context, ['species']);
  if (missing) return missing;
  const query = await runQuery(context, SPECIES_SQL, { maxRows: 100_000 });
  const rows = previewRows(query.table, query.rows) as unknown as SpeciesRow[];
  const wanted = normalise(text);
  // A code names one release; a name means the newest release of that species.
  const byCode = rows.filter((row) => normalise(row.species_code) === wanted);
  const named = releases === 'all' ? rows : newestReleases(rows);
  const candidates = rankByName(byCode.length > 0 ? byCode : named, text, {
    id: (row) => row.species_code,
    fields: ['species_code', 'run_name', 'common_name', 'scientific_name'],
    isExact: (row) =>
      [row.species_code, row.run_name, row.common_name, row.scientific_name].some(
        (value) => normalise(value ?? '') === wanted,
      ),
    fuzzy: 0.34,
    limit,
  });
  return { candidates, query, all: rows };
}

/**
 * One species for a domain tool. An exact match wins; a single fuzzy candidate (or one scoring
 * twice the next) is taken and the interpretation reported; anything else is `not_found` or
 * `ambiguous` with the candidates, so the model asks instead of guessing.
 */
export async function resolveSpecies(
  context: PerchContext,
  text: string,
): Promise<
  { species: SpeciesRow; interpreted?: string; releaseNote?: string; query: QueryResult } | ToolFailure
> {
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
    const note = releaseNote(winner, ranked.all);
    return { species: winner, interpreted, ...(note ? { releaseNote: note } : {}), query: ranked.query };
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
