/**
 * vitest globalSetup: builds the real eBird S&T example into .cache/test-data once per run
 * (incremental, so a second run only hashes the inputs) and exports PERCH_TEST_DATA through the
 * environment: the forks pool starts workers after globalSetup, and they inherit process.env.
 * Without ../shared the variable stays unset and dependent tests skip, printing why.
 */
import { buildExampleForTests, exampleMissingReason } from '../src/pipeline/test-support/example-build';

export default async function setup(): Promise<void> {
  const missing = exampleMissingReason();
  if (missing) {
    console.warn(`[global-setup] PERCH_TEST_DATA not set: ${missing}`);
    return;
  }
  const started = Date.now();
  process.env.PERCH_TEST_DATA = await buildExampleForTests();
  console.log(`[global-setup] PERCH_TEST_DATA=${process.env.PERCH_TEST_DATA} (${Date.now() - started} ms)`);
}
