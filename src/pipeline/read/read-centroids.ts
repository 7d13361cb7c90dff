import { PipelineError } from '../pipeline-error';
import type { Row } from '../tables/stage';
import { readCsvTable } from './read-csv';
import { type ReleaseLayout, readWithLayout } from './release-columns';

type CentroidField = 'date' | 'longitude' | 'latitude' | 'prev_dist_km';

/**
 * 2022+ name the week's date `date` (FORMAT.md §3); 2021 calls the same date `week`
 * (`2021-01-04`, a date, not a week number).
 */
const LAYOUTS: ReleaseLayout<CentroidField>[] = [
  {
    name: '2022 and later',
    columns: {
      date: { from: 'date', kind: 'date' },
      longitude: { from: 'longitude', kind: 'number' },
      latitude: { from: 'latitude', kind: 'number' },
      prev_dist_km: { from: 'prev_dist_km', kind: 'number' },
    },
  },
  {
    name: '2021',
    columns: {
      date: { from: 'week', kind: 'date' },
      longitude: { from: 'longitude', kind: 'number' },
      latitude: { from: 'latitude', kind: 'number' },
      prev_dist_km: { from: 'prev_dist_km', kind: 'number' },
    },
  },
];

/**
 * Reads the weekly range-wide centroids into `centroids` rows. Each row's date must be one of the
 * release's week dates: a date that is not is an error, not a row with no week.
 */
export async function readCentroids(file: string, speciesCode: string, weekDates: string[]): Promise<Row[]> {
  const read = readWithLayout(await readCsvTable(file), LAYOUTS, 'weekly centroids');
  return read.rows.map((row, index) => {
    const week = weekDates.indexOf(String(row.date)) + 1;
    if (week === 0)
      throw new PipelineError(
        'bad_csv',
        file,
        `row ${index + 1}: ${String(row.date)} is not one of the 52 week dates (${weekDates[0]} … ${weekDates[51]})`,
        'Use the centroids and weekly files of the same download',
      );
    return {
      species_code: speciesCode,
      week,
      date: row.date,
      lon: row.longitude,
      lat: row.latitude,
      prev_dist_km: row.prev_dist_km,
    };
  });
}
