import { type QueryResult, sqlString } from '../../engine';
import type { ToolFailure } from '../../registry';
import { regionCondition, resolveRegion, type RegionRow } from './resolve-region';
import { resolveSpecies, type SpeciesRow } from './resolve-species';
import { requireTables } from './scoped-table';
import type { PerchContext } from './tool-context';

/** A species (and optional region) checked against the data, ready to filter a table by. */
export interface Subject {
  species: SpeciesRow;
  region?: RegionRow;
  /** How fuzzy text was read, e.g. "'sapsuker' was read as Yellow-bellied Sapsucker (yebsap)". */
  interpreted: string[];
  queries: QueryResult[];
  /** SQL condition on `alias` (a table with species_code, and country_code/state_code when a region is given). */
  where(alias: string): string;
  /** The answer's coverage in words. */
  describe(): string;
}

export async function resolveSubject(
  context: PerchContext,
  tables: readonly string[],
  species: string,
  region?: string,
): Promise<Subject | ToolFailure> {
  const missing = requireTables(context, tables);
  if (missing) return missing;
  const found = await resolveSpecies(context, species);
  if ('code' in found) return found;
  const interpreted = [found.interpreted, found.releaseNote].filter(
    (text): text is string => text !== undefined,
  );
  let regionRow: RegionRow | undefined;
  if (region !== undefined) {
    const resolved = await resolveRegion(context, region);
    if ('code' in resolved) return resolved;
    regionRow = resolved.region;
    if (resolved.interpreted) interpreted.push(resolved.interpreted);
  }
  const code = found.species.species_code;
  return {
    species: found.species,
    region: regionRow,
    interpreted,
    queries: [found.query],
    where: (alias) =>
      [
        `${alias}.species_code = ${sqlString(code)}`,
        ...(regionRow ? [regionCondition(regionRow, alias)] : []),
      ].join(' AND '),
    describe: () =>
      `${found.species.common_name} (${code}), ${regionRow ? `cells whose ${regionRow.type === 'state' ? 'state' : 'country'} is ${regionRow.name} (${regionRow.region_code})` : 'every modelled cell in this build'}`,
  };
}

/**
 * Caveats about the subject itself. `regionless: 'silent'` leaves out the "no region given" caveat,
 * for tools whose figures are not the build's status cells (ranges, eBird's regional statistics, trend cells, a profile).
 */
export function subjectCaveats(subject: Subject, options: { regionless?: 'silent' } = {}): string[] {
  const caveats = [...subject.interpreted];
  if (subject.species.simulated)
    caveats.unshift('SIMULATED species: fictional values for a demo, never facts about a real bird.');
  if (!subject.region) {
    if (options.regionless !== 'silent')
      caveats.push(
        'No region given: the figures cover every modelled cell in this build (for the eBird example, the 293 cells of the Michigan mask, some of whose centres lie just outside Michigan).',
      );
  } else
    caveats.push(
      `A cell counts as ${subject.region.region_code} when its centre (else most of its footprint) lies there; cells are 27 km squares.`,
    );
  return caveats;
}
