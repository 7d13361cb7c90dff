import type { Table } from 'apache-arrow';
import type { QueryResult } from '../../engine';
import type { StatusSubject } from '../../frame/status-result';
import type { SeasonRow } from '../support/season-weeks';
import type { SpeciesRow } from '../support/resolve-species';
import type { TimeSelection } from '../support/time-selection';
import type { PlaceSelection } from './place-condition';

/** One (species × time × place) of a frame, resolved against the data. */
export interface SubjectSpec {
  species: SpeciesRow;
  seasons: SeasonRow[];
  time: TimeSelection;
  place: PlaceSelection;
}

/** What computing one subject gives: the figures, what they must say, the queries behind them, and the rows a map or chart draws. */
export interface SubjectFigures {
  subject: StatusSubject;
  caveats: string[];
  queries: QueryResult[];
  /** Per-cell rows for a map layer (point geometry from lon/lat, value column `value`). */
  cells?: { table: Table; query: QueryResult };
  /** Every cell in every week of the time, for a map the week slider animates (timing operations). */
  weeklyCells?: { table: Table; query: QueryResult };
  /** Weekly place-wide means for a chart. */
  series?: { points: WeekPoint[]; query: QueryResult };
}

export type WeekPoint = NonNullable<StatusSubject['series']>[number];

/** The fields every subject carries before any figure: who, when, where. */
export function subjectHeader(
  spec: SubjectSpec,
): Pick<StatusSubject, 'species_code' | 'common_name' | 'time_label' | 'place_label' | 'weeks'> {
  return {
    species_code: spec.species.species_code,
    common_name: spec.species.common_name,
    time_label: spec.time.label,
    place_label: spec.place.label,
    weeks: spec.time.weeks,
  };
}
