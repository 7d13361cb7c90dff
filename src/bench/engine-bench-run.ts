import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatEngineBench, runEngineBench } from './engine-bench';

/**
 * `npx tsx src/bench/engine-bench-run.ts [--scale-rows N] [--runs N] [--no-chromium] [--json]`:
 * runs the engine benchmark (native, Node WASM, Chromium WASM) and prints the table. The example
 * is PERCH_TEST_DATA or .cache/test-data (build it with `npx tsx src/cli/data.ts --out
 * .cache/test-data --ebirdst …`, see README); without it only scale data is measured.
 */
const { values } = parseArgs({
  options: {
    'scale-rows': { type: 'string' },
    runs: { type: 'string' },
    'no-chromium': { type: 'boolean' },
    json: { type: 'boolean' },
  },
});
const exampleDir = process.env.PERCH_TEST_DATA ?? join(process.cwd(), '.cache/test-data');
const hasExample = existsSync(join(exampleDir, 'catalog.json'));
if (!hasExample)
  console.warn(`engine bench: no example at ${exampleDir} (catalog.json missing); measuring scale data only`);
const report = await runEngineBench({
  exampleDir: hasExample ? exampleDir : undefined,
  scaleRows: values['scale-rows'] ? Number(values['scale-rows']) : undefined,
  runs: values.runs ? Number(values.runs) : undefined,
  chromium: !values['no-chromium'],
});
console.log(values.json ? JSON.stringify(report, null, 2) : formatEngineBench(report));
