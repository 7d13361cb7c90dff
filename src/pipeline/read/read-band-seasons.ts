import { PipelineError } from '../pipeline-error';
import { readCsvTable } from './read-csv';
import { type ReleaseLayout, readWithLayout } from './release-columns';

/**
 * `seasonal/band-seasons.csv` (release 2022) names the season of each band of the seasonal
 * rasters, whose own band descriptions may be empty. We have not seen one: `band,season` is the
 * expected header (like band-dates.csv's `band,date`); a header with only `season` is read in
 * band order. Anything else is an error naming the file.
 */
const LAYOUTS: ReleaseLayout<'band' | 'season'>[] = [
  {
    name: '2022 (band,season)',
    columns: { band: { from: 'band', kind: 'integer' }, season: { from: 'season', kind: 'text' } },
  },
  { name: '2022 (season only)', columns: { season: { from: 'season', kind: 'text' } } },
];

/** Season names of the seasonal bands, band 1 first. */
export async function readBandSeasons(file: string): Promise<string[]> {
  const read = readWithLayout(await readCsvTable(file), LAYOUTS, 'seasonal band seasons');
  const fail = (detail: string) =>
    new PipelineError('bad_csv', file, detail, 'Use the band-seasons.csv of the same download');
  if (read.rows.length === 0) throw fail('lists no band');
  return read.rows.map((row, index) => {
    if (read.fields.includes('band') && row.band !== index + 1)
      throw fail(`row ${index + 1} is band ${String(row.band)}, expected ${index + 1}`);
    if (typeof row.season !== 'string') throw fail(`row ${index + 1} has no season`);
    return row.season;
  });
}
