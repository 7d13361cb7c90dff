import { previewRows } from '../../engine';
import type { StatusResult } from '../../frame/status-result';
import { isToolFailure, type ToolFailure } from '../../registry';
import { NEWEST_RELEASE_ONLY } from '../support/resolve-species';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';
import type { SubjectFigures } from './subject-spec';

/** Species rank_species ranks when the frame names none: every species of the session's data, at most this many (a ranking row is ~80 bytes of the 16 KB budget). */
export const MAX_RANKED_SPECIES = 60;

/** The codes of every species in the data, in code order. */
export async function everySpeciesCode(context: PerchContext): Promise<string[]> {
  const query = await runQuery(
    context,
    // One row per species: an older release kept apart (<code>-<release>) is not another species.
    `SELECT species_code FROM species ${NEWEST_RELEASE_ONLY} ORDER BY species_code LIMIT ${MAX_RANKED_SPECIES}`,
    { maxRows: MAX_RANKED_SPECIES },
  );
  return (previewRows(query.table, query.rows) as { species_code: string }[]).map((row) => row.species_code);
}

/**
 * The ranking: each species' headline figure over the place and time (the `value` operation's
 * mean: mean over modelled cells, range area, abundance-weighted trend), largest first; species
 * the place does not cover rank last with value null, and a caveat says why.
 */
export function rankSpecies(
  outcomes: readonly { code: string; name: string; figures: SubjectFigures | ToolFailure }[],
): { ranking: NonNullable<StatusResult['ranking']>; caveats: string[] } {
  const caveats: string[] = [];
  const ranking = outcomes.map((outcome) => {
    if (isToolFailure(outcome.figures)) {
      caveats.push(`${outcome.name}: ${outcome.figures.message.replace(/^[a-z_]+: /, '')}`);
      return { species_code: outcome.code, common_name: outcome.name, value: null };
    }
    return { species_code: outcome.code, common_name: outcome.name, value: outcome.figures.subject.mean };
  });
  ranking.sort(
    (a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.species_code.localeCompare(b.species_code),
  );
  return { ranking, caveats };
}
