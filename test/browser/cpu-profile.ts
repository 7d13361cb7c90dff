import type { CDPSession, Page } from 'playwright-core';

/** A V8 CPU profile as CDP's Profiler.stop returns it (the fields used here). */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Nodes that are not the page's JavaScript: native work (WebGL readback, layout, paint) and idle time. */
const NOT_SCRIPT = new Set(['(program)', '(idle)', '(root)']);

export interface ScriptProfiler {
  /** JavaScript time (GC included) inside [start, start + duration] of the page clock, per window, in ms. */
  stop(windows: readonly { start: number; duration: number }[]): Promise<number[]>;
}

/**
 * Samples the page's main thread every 1 ms with V8's profiler, to split a long task into the
 * page's own scripting and native time. Profile timestamps are mapped onto `performance.now()`
 * by reading the page clock right after the profiler starts (a few ms of error).
 */
export async function startScriptProfiler(page: Page): Promise<ScriptProfiler> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  const pageStart = await page.evaluate(() => performance.now());
  return {
    async stop(windows) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await cdp.detach();
      const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
      const totals = windows.map(() => 0);
      let clock = pageStart;
      profile.samples.forEach((id, index) => {
        const delta = (profile.timeDeltas[index] ?? 0) / 1000;
        clock += delta;
        if (NOT_SCRIPT.has(names.get(id) ?? '')) return;
        windows.forEach((window, at) => {
          if (clock >= window.start && clock <= window.start + window.duration) totals[at] += delta;
        });
      });
      return totals;
    },
  };
}
