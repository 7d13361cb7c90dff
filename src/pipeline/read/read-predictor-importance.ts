import type { Row } from '../tables/stage';
import { readCsvTable } from './read-csv';
import { type ReleaseLayout, readWithLayout } from './release-columns';

type PredictorField = 'response' | 'predictor' | 'rank_mean' | 'rank';

/**
 * 2023 `pis/pi_rangewide.csv` has one row per response (count, occurrence) with `rank_mean`
 * (FORMAT.md §3). 2022 `pis/pi_rangewide-ranks.csv` has no response column and calls the mean
 * range-wide rank `rangewide_rank` (ebirdst 2.2022 list_available_pis reads it as is).
 */
const LAYOUTS: ReleaseLayout<PredictorField>[] = [
  {
    name: '2023',
    columns: {
      response: { from: 'response', kind: 'text' },
      predictor: { from: 'predictor', kind: 'text' },
      rank_mean: { from: 'rank_mean', kind: 'number' },
      rank: { from: 'rank', kind: 'integer' },
    },
  },
  {
    name: '2022',
    columns: {
      predictor: { from: 'predictor', kind: 'text' },
      rank_mean: { from: 'rangewide_rank', kind: 'number' },
      rank: { from: 'rank', kind: 'integer' },
    },
  },
];

/** Rows of `predictor_importance`; a 2022 row has no `response` key (the column is absent, not NULL). */
export async function readPredictorImportance(file: string, speciesCode: string): Promise<Row[]> {
  const read = readWithLayout(await readCsvTable(file), LAYOUTS, 'range-wide predictor importance');
  return read.rows.map((row) => ({ species_code: speciesCode, ...row }));
}
