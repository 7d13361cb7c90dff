/**
 * Pipeline benchmark (for `npm run bench`, never a timed test): build time and output bytes for
 * the eBird S&T example and for a simulated scale dataset, and the bytes one species-week query
 * must read at 100 species.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildData } from '../pipeline/index';
import { EXAMPLE_FOLDERS, exampleMissingReason } from '../pipeline/test-support/example-build';

export interface PipelineBenchOptions {
  /** Builds per case (min/median over them). @default 3 */
  repeats?: number;
  /** Cells of the scale dataset; 40,000 is the design size but takes minutes. @default 4000 */
  scaleCells?: number;
  /** @default 100 */
  scaleSpecies?: number;
}

export interface PipelineBenchResult {
  example?: { minMs: number; medianMs: number; bytes: number };
  exampleSkipped?: string;
  scale: {
    species: number;
    cells: number;
    minMs: number;
    medianMs: number;
    bytes: number;
    weeklyBytes: number;
  };
  /** Row groups of one species file whose week min/max admit week 24, plus that file's footer: what min/max pruning leaves to read. */
  speciesWeek: { bytesRead: number; weeklyBytes: number; ratio: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeBuilds(
  repeats: number,
  build: (out: string) => Promise<{ bytes: number; tables: Record<string, { bytes: number }> }>,
) {
  const times: number[] = [];
  let last = { bytes: 0, tables: {} as Record<string, { bytes: number }> };
  for (let i = 0; i < repeats; i++) {
    const out = join(mkdtempSync(join(tmpdir(), 'perch-bench-')), 'data');
    const started = performance.now();
    last = await build(out);
    times.push(performance.now() - started);
  }
  return {
    minMs: Math.min(...times),
    medianMs: median(times),
    bytes: last.bytes,
    weeklyBytes: last.tables.weekly?.bytes ?? 0,
  };
}

export async function benchPipeline(options: PipelineBenchOptions = {}): Promise<PipelineBenchResult> {
  const repeats = options.repeats ?? 3;
  const species = options.scaleSpecies ?? 100;
  const cells = options.scaleCells ?? 4000;
  const missing = exampleMissingReason();
  const example = missing
    ? undefined
    : await timeBuilds(repeats, (out) => buildData({ ebirdst: EXAMPLE_FOLDERS, outDir: out, force: true }));
  let scaleOut = '';
  // One scale build: 100 species × 4,000 cells took 87–99 s here, too slow to repeat.
  const scale = await timeBuilds(1, (out) => {
    scaleOut = out;
    return buildData({ outDir: out, simulate: { species, cells }, force: true });
  });
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const file = join(scaleOut, 'weekly', 'species_code=sim001.parquet');
  const groups = (
    await connection.runAndReadAll(
      `SELECT row_group_id, row_group_bytes FROM parquet_metadata('${file}') WHERE path_in_schema = 'week' AND stats_min::INTEGER <= 24 AND stats_max::INTEGER >= 24`,
    )
  ).getRows();
  const fileBytes = Number(
    (
      await connection.runAndReadAll(`SELECT file_size_bytes FROM parquet_file_metadata('${file}')`)
    ).getRows()[0][0],
  );
  const groupBytes = groups.reduce((sum, row) => sum + Number(row[1]), 0);
  // The footer is read once per file; approximate it as the file bytes not in any row group.
  const allGroups = Number(
    (
      await connection.runAndReadAll(
        `SELECT sum(row_group_bytes) FROM (SELECT DISTINCT row_group_id, row_group_bytes FROM parquet_metadata('${file}'))`,
      )
    ).getRows()[0][0],
  );
  const bytesRead = groupBytes + Math.max(0, fileBytes - allGroups);
  return {
    example: example && { minMs: example.minMs, medianMs: example.medianMs, bytes: example.bytes },
    exampleSkipped: missing,
    scale: { species, cells, ...scale },
    speciesWeek: { bytesRead, weeklyBytes: scale.weeklyBytes, ratio: bytesRead / scale.weeklyBytes },
  };
}
