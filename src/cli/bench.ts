/**
 * `npm run bench`: every speed figure of the project, measured in one run so ratios compare like
 * with like (min/median per case; WASM/native ratios). Not a test: nothing here passes or fails.
 * Options: --quick (small scale data), --only pipeline|build-memory|engine|map|offline.
 */
import { formatBuildMemory, runBuildMemoryBench } from '../bench/build-memory-bench';
import { benchPipeline } from '../bench/pipeline-bench';
import { formatEngineBench, runEngineBench } from '../bench/engine-bench';
import { formatMapBench, runMapBench } from '../bench/map-bench';
import { formatOfflineBench, runOfflineBench } from '../bench/offline-bench';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const exampleDir = process.env.PERCH_TEST_DATA ?? '.cache/test-data';

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

if (only === undefined || only === 'offline') {
  console.log('== offline agent (reader and whole answers, Node)');
  const report = await runOfflineBench({
    dataDir: exampleDir,
    questionsFile: 'src/bench/questions/dev-set.json',
    ...(quick ? { limit: 30 } : {}),
  });
  console.log(formatOfflineBench(report));
}
