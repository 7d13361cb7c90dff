import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Catalog } from '../catalog/types';
import { chromiumVersion } from './build-bench-page';
import { chromiumMissingReason } from './engine-bench-page';
import {
  type CatalogFigures,
  measureSiteCatalog,
  runScaleHost,
  SCALE_HOSTS,
  type ScaleHost,
  type ScaleHostRun,
} from './scale-browser';
import { timeNativeQuestion, type NativeQuestionTiming } from './scale-native';
import { scaleQuestions, type ScaleQuestion } from './scale-questions';
import { buildScaleSite, type ScaleSite } from './scale-site';
import { DEFAULT_SCALE_SITE, QUICK_SCALE_SITE } from './scale-site-params';

/**
 * `npm run bench -- --only scale [--quick]` (issue 16): a site at the scale of a real one, served
 * three ways, asked a fixed mix of 20 questions in Chromium through the real browser engine,
 * with native DuckDB on the same files as the reference. Steps: (1) build or reuse the site,
 * (2) measure catalog.json, (3) write the questions and time them natively, (4) run them on each
 * host in a fresh Chromium. Formatting and the goal lines are in scale-bench-format.ts.
 */
export interface ScaleBenchOptions {
  /** 12 species of 2,000–15,000 cells instead of 200 of 20,000–150,000. @default false */
  quick?: boolean;
  /** Number of species, keeping the sizes of `quick` or the default (a smaller full-size site). */
  species?: number;
  /** @default every host: range, pages-like, no-range */
  hosts?: ScaleHost[];
  /** Rounds of the whole mix after the first pass. @default 10 */
  rounds?: number;
  /** Native runs per question. @default 5 (quick: 3) */
  nativeRuns?: number;
  /**
   * When the site has fewer species than this, catalog.json and the species lookup are also
   * measured on a site of this many small species (200–1,500 cells), built just for that: their
   * cost grows with the species count, not with range sizes. 0 turns it off. @default 200 (quick: 0)
   */
  catalogSpecies?: number;
  /** @default '.cache/scale-site' */
  cacheRoot?: string;
  onProgress?: (line: string) => void;
}

export interface ScaleBenchQuestion extends ScaleQuestion {
  native: NativeQuestionTiming;
}

export interface ScaleBenchReport {
  site: ScaleSite;
  catalog: { bytes: number; gzipBytes: number };
  /** Sizes of the per-species weekly files. */
  weeklyFiles: { min: number; median: number; max: number };
  questions: ScaleBenchQuestion[];
  chromium: string | { skipped: string };
  hosts: ScaleHostRun[];
  /** catalog.json and the species lookup on the many-species site (see `catalogSpecies`). */
  catalogSite?: { dir: string; species: number; bytes: number; gzipBytes: number } & CatalogFigures;
}

export async function runScaleBench(options: ScaleBenchOptions = {}): Promise<ScaleBenchReport> {
  const progress = options.onProgress ?? (() => {});
  const hosts = options.hosts ?? (Object.keys(SCALE_HOSTS) as ScaleHost[]);
  const unknown = hosts.filter((host) => !Object.hasOwn(SCALE_HOSTS, host));
  if (unknown.length > 0)
    throw new Error(`unknown scale host: ${unknown.join(', ')}. Use: ${Object.keys(SCALE_HOSTS).join(', ')}`);
  const params = { ...(options.quick ? QUICK_SCALE_SITE : DEFAULT_SCALE_SITE) };
  if (options.species !== undefined) params.species = options.species;
  const site = await buildScaleSite({ ...params, cacheRoot: options.cacheRoot, onProgress: progress });
  const catalog = JSON.parse(readFileSync(join(site.dir, 'catalog.json'), 'utf8')) as Catalog;
  const weeklyBytes = catalog.tables.weekly.files.map((file) => file.bytes).sort((a, b) => a - b);

  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  let questions: ScaleQuestion[];
  try {
    questions = await scaleQuestions(site.dir, site.species, connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  const nativeRuns = options.nativeRuns ?? (options.quick ? 3 : 5);
  const timed: ScaleBenchQuestion[] = [];
  for (const question of questions) {
    timed.push({ ...question, native: await timeNativeQuestion(site.dir, question, nativeRuns) });
    progress(
      `  native ${question.name} ${question.species}: ${timed.at(-1)!.native.ms.median.toFixed(1)} ms`,
    );
  }

  const report: ScaleBenchReport = {
    site,
    catalog: catalogSize(site.dir),
    weeklyFiles: {
      min: weeklyBytes[0],
      median: weeklyBytes[weeklyBytes.length >> 1],
      max: weeklyBytes[weeklyBytes.length - 1],
    },
    questions: timed,
    chromium: chromiumVersion(),
    hosts: [],
  };
  const missing = chromiumMissingReason();
  if (missing) {
    if (process.env.PERCH_REQUIRE_BROWSER === '1')
      throw new Error(`browser_missing: ${missing}. PERCH_REQUIRE_BROWSER=1 needs the Chromium half`);
    report.chromium = { skipped: missing };
    return report;
  }
  // A name from the middle of the list with two letters swapped: find_species must tolerate typos.
  const lookup = withTypo(site.species[site.species.length >> 1].commonName);
  for (const host of hosts) {
    progress(`== scale: ${host} host (${SCALE_HOSTS[host].description})`);
    report.hosts.push(
      await runScaleHost({
        host,
        siteDir: site.dir,
        questions,
        lookup,
        rounds: options.rounds ?? 10,
        onProgress: progress,
      }),
    );
  }
  const catalogSpecies = options.catalogSpecies ?? (options.quick ? 0 : 200);
  if (site.species.length < catalogSpecies) {
    progress(`== scale: catalog.json and species lookup at ${catalogSpecies} species (small ranges)`);
    const many = await buildScaleSite({
      species: catalogSpecies,
      minCells: 200,
      maxCells: 1_500,
      seed: params.seed,
      cacheRoot: options.cacheRoot,
      onProgress: progress,
    });
    const figures = await measureSiteCatalog(
      many.dir,
      withTypo(many.species[many.species.length >> 1].commonName),
    );
    report.catalogSite = {
      dir: many.dir,
      species: many.species.length,
      ...catalogSize(many.dir),
      ...figures,
    };
  }
  return report;
}

function catalogSize(dir: string): { bytes: number; gzipBytes: number } {
  const text = readFileSync(join(dir, 'catalog.json'));
  return { bytes: text.byteLength, gzipBytes: gzipSync(text).byteLength };
}

/** `Simulated Warbler 101` → `simulated warbelr 101`. */
function withTypo(name: string): string {
  const words = name.toLowerCase().split(' ');
  const word = words[1] ?? words[0];
  const swapped = word.length > 3 ? `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}` : word;
  words[words.length > 1 ? 1 : 0] = swapped;
  return words.join(' ');
}
