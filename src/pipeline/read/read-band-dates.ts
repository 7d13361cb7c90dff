import { PipelineError } from '../pipeline-error';
import { readCsvTable } from './read-csv';
import { type ReleaseLayout, readWithLayout } from './release-columns';

const LAYOUTS: ReleaseLayout<'band' | 'date'>[] = [
  {
    name: '2021 and later',
    columns: { band: { from: 'band', kind: 'integer' }, date: { from: 'date', kind: 'date' } },
  },
];

/**
 * `weekly/band-dates.csv`: the ISO date of each weekly band (FORMAT.md §3). It is the one source
 * that states the dates as eBird wrote them into the bands, so it wins over the config's day
 * numbers; it must list bands 1..52 in order, in the release year.
 */
export async function readBandDates(file: string, release: number): Promise<string[]> {
  const { rows } = readWithLayout(await readCsvTable(file), LAYOUTS, 'weekly band dates');
  const fail = (detail: string) =>
    new PipelineError('bad_csv', file, detail, 'Use the band-dates.csv of the same download as config.json');
  if (rows.length !== 52) throw fail(`has ${rows.length} row(s), expected 52 weekly bands`);
  return rows.map((row, index) => {
    if (row.band !== index + 1)
      throw fail(`row ${index + 1} is band ${String(row.band)}, expected ${index + 1}`);
    const date = row.date;
    if (typeof date !== 'string') throw fail(`row ${index + 1} has no date`);
    if (!date.startsWith(`${release}-`))
      throw fail(
        `band ${index + 1} is dated ${date}, outside release year ${release} (config.json SRD_PRED_YEAR)`,
      );
    return date;
  });
}
