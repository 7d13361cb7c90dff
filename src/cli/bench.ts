/**
 * `npm run bench`: every speed figure of the project, measured in one run so ratios compare like
 * with like (min/median per case; WASM/native ratios). Not a test: nothing here passes or fails.
 * Options: --quick (small scale data), --only pipeline|build-memory|engine|map|attach|cold-start|offline|scale.
 * `scale` runs only when named (it builds a ~20 GB site on first use); `--hosts range,no-range`
 * picks its hosts (default range,pages-like,no-range), `--species <n>` builds fewer species of the
 * same sizes.
 */
import { formatAttachBench, runAttachBench } from '../bench/attach-bench';
import { formatColdStart, runColdStartBench } from '../bench/cold-start-bench';
import { formatBuildMemory, runBuildMemoryBench } from '../bench/build-memory-bench';
import { benchPipeline } from '../bench/pipeline-bench';
import { formatEngineBench, runEngineBench } from '../bench/engine-bench';
import { formatMapBench, runMapBench } from '../bench/map-bench';
import { formatOfflineBench, runOfflineBench } from '../bench/offline-bench';
import { runScaleBench } from '../bench/scale-bench';
import { formatScaleBench } from '../bench/scale-bench-format';
import type { ScaleHost } from '../bench/scale-browser';
import { buildExampleForTests, exampleMissingReason } from '../pipeline/test-support/example-build';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const exampleDir = process.env.PERCH_TEST_DATA ?? (await exampleData());

/** The example built as the tests build it (incremental): a fresh clone has no .cache/test-data yet. */
async function exampleData(): Promise<string> {
  const missing = exampleMissingReason();
  if (missing)
    throw new Error(`bench: ${missing}. Put ../shared beside the repository, or set PERCH_TEST_DATA.`);
  return buildExampleForTests();
}

if (only === undefined || only === 'pipeline') {
  console.log('== pipeline');
  const result = await benchPipeline(quick ? { repeats: 2, scaleSpecies: 10, scaleCells: 1_000 } : {});
  console.log(JSON.stringify(result, null, 2));
}
if (only === undefined || only === 'build-memory') {
  console.log('== build memory (one continental species, child process)');
  console.log(formatBuildMemory(runBuildMemoryBench(quick ? 20_000 : 100_000)));
}
if (only === undefined || only === 'engine') {
  console.log('== engine');
  const report = await runEngineBench({
    exampleDir,
    scaleRows: quick ? 1_000_000 : 10_000_000,
    runs: quick ? 3 : 5,
  });
  console.log(formatEngineBench(report));
}
if (only === undefined || only === 'map') {
  console.log('== map');
  const report = await runMapBench(quick ? { cells: 2_000, steps: 3, uploads: 2 } : {});
  console.log(formatMapBench(report));
}

if (only === undefined || only === 'attach') {
  console.log('== reading one species over HTTP: parquet + hyparquet (the engine) vs an ATTACHed .duckdb');
  console.log(formatAttachBench(await runAttachBench(quick ? { cells: 20_000, runs: 2 } : {})));
}

if (only === undefined || only === 'cold-start') {
  console.log(
    '== start-up: the built app, no key, in Chromium (cold profile, warm second visit, later answers)',
  );
  console.log(formatColdStart(await runColdStartBench({ dataDir: exampleDir, runs: quick ? 2 : 5 })));
}

if (only === undefined || only === 'offline') {
  console.log('== offline agent (reader and whole answers, Node)');
  const report = await runOfflineBench({
    dataDir: exampleDir,
    questionsFile: 'src/bench/questions/dev-set.json',
    ...(quick ? { limit: 30 } : {}),
  });
  console.log(formatOfflineBench(report));
}

// Not part of the default run: the full scale site is ~20 GB and takes tens of minutes to build.
if (only === 'scale') {
  const hosts = argv.includes('--hosts')
    ? (argv[argv.indexOf('--hosts') + 1].split(',') as ScaleHost[])
    : undefined;
  const species = argv.includes('--species') ? Number(argv[argv.indexOf('--species') + 1]) : undefined;
  console.log(
    `== scale (${species ?? (quick ? 12 : 200)} species${quick ? ', quick' : ''}; Chromium vs native DuckDB)`,
  );
  const report = await runScaleBench({ quick, hosts, species, onProgress: (line) => console.log(line) });
  console.log(formatScaleBench(report));
}
