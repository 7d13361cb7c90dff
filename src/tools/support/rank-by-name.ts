import MiniSearch from 'minisearch';

/** How a candidate matched: exact (a code or a full name), or a fuzzy guess scored 0–1 against the best. */
export interface NameMatch {
  match: 'exact' | 'fuzzy';
  score: number;
}

export interface NameRanking<Row> {
  /** The row's key (species or region code), unique among the rows. */
  id: (row: Row) => string;
  /** Fields the fuzzy search reads. */
  fields: readonly (keyof Row & string)[];
  isExact: (row: Row) => boolean;
  /** MiniSearch's edit-distance fraction; typos this far apart still match. */
  fuzzy: number;
  limit: number;
}

/**
 * Rows ranked against `text`, the one ranking find_species/find_region and every domain tool's
 * species or region argument use: every exact match if there is one, otherwise up to `limit`
 * fuzzy hits (prefixes and typos allowed), scores relative to the best hit.
 */
export function rankByName<Row extends object>(
  rows: readonly Row[],
  text: string,
  ranking: NameRanking<Row>,
): (Row & NameMatch)[] {
  const exact = rows.filter(ranking.isExact);
  if (exact.length > 0) return exact.map((row) => ({ ...row, match: 'exact' as const, score: 1 }));
  const index = new MiniSearch<Row & { id: string }>({ fields: [...ranking.fields], idField: 'id' });
  index.addAll(rows.map((row) => ({ ...row, id: ranking.id(row) })));
  const byId = new Map(rows.map((row) => [ranking.id(row), row]));
  const hits = index.search(text, { fuzzy: ranking.fuzzy, prefix: true, combineWith: 'OR' });
  const top = hits[0]?.score ?? 1;
  return hits.slice(0, ranking.limit).map((hit) => ({
    ...byId.get(String(hit.id))!,
    match: 'fuzzy' as const,
    score: Number((hit.score / top).toFixed(3)),
  }));
}

/**
 * The candidate a tool may take without asking: an exact match, a sole candidate, or one scoring
 * at least twice the next. Undefined means none matched or it is ambiguous, so the model asks
 * instead of guessing.
 */
export function clearWinner<Candidate extends NameMatch>(
  candidates: readonly Candidate[],
): Candidate | undefined {
  const [first, second] = candidates;
  if (first === undefined) return undefined;
  return first.match === 'exact' || second === undefined || first.score >= 2 * second.score
    ? first
    : undefined;
}
