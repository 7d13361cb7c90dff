/**
 * Milliseconds of each of `runs` runs of `task`, after one untimed run that warms caches (table
 * loads, compiled plans) so the figures are steady-state; the same rule for the Node engine bench
 * and the browser bench page.
 */
export async function timeRuns(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  await task();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
}
