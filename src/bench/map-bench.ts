import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/browser-context';
import { startStaticServer, type StaticServer } from '../../test/static-server';
import { buildBenchPage, chromiumVersion } from './build-bench-page';
import { chromiumMissingReason } from './engine-bench-page';
import { timing, type Timing } from './engine-bench-queries';
import type { LongTask, MapBenchStep, MapBenchUpload } from './map-browser/map-bench-page';

/**
 * Map benchmark (issue 7: "1M animated cells stay smooth"): the real map view (src/ui/map-view.ts)
 * in a Vite-built page, in real Chromium, with a synthetic weekly point layer of ≈1M features
 * (typed arrays, week filter on the GPU) and, in the same run, a reference layer the size of the
 * real example (293 cells × 52 weeks = 15,236 features). Per size: time to the first frame after
 * adding the layer (the one upload), then `steps` slider steps (setTime → next drawn frame), the
 * main-thread long tasks of each phase, and the JS heap with the layer held. Not a test.
 */
export interface MapBenchOptions {
  /** @default round(1_000_000 / weeks): ≈1M features */
  cells?: number;
  /** @default 52 */
  weeks?: number;
  /** Slider steps timed after each upload. @default 10 */
  steps?: number;
  /** Times the layer is added (and removed) per size, for min/median of the first frame. @default 3 */
  uploads?: number;
  /** @default 293, the example's valid cells (FORMAT.md) */
  referenceCells?: number;
}

export interface LongTaskSummary {
  count: number;
  maxMs: number;
  totalMs: number;
}

export interface MapBenchCase {
  cells: number;
  weeks: number;
  features: number;
  /** addLayer → the frame that drew the layer is on screen (second animation frame after the draw). */
  firstFrameMs: Timing;
  /** addLayer → deck.gl's onAfterRender: attributes built and GPU work queued (JS only). */
  firstFrameSubmitMs: Timing;
  /** The page's own `perch:layer-upload` measure (same span as firstFrameMs, taken by map-view). */
  uploadMeasureMs: Timing | null;
  /** peakTime + layerTimes, which the app runs on the main thread before adding the layer. */
  prepareMs: Timing;
  /** setTime → the next frame on screen. */
  stepMs: Timing;
  /** setTime → deck.gl's onAfterRender (JS only). */
  stepSubmitMs: Timing;
  stepSamples: number;
  uploadLongTasks: LongTaskSummary;
  stepLongTasks: LongTaskSummary;
  /** Steps whose frame took a main-thread task over 50 ms. */
  stepsWithLongTask: number;
  heap: HeapDelta;
}

export interface HeapDelta {
  /** V8 heap in use (after a forced GC) with no layer, and its growth while the layer is held. */
  baseMB: number;
  layerMB: number;
  /** ArrayBuffer backing stores (typed arrays live here, outside the V8 heap). */
  arrayBuffersBaseMB: number;
  arrayBuffersLayerMB: number;
}

export interface MapBenchReport {
  chromium: string;
  renderer: string;
  canvas: [number, number];
  pageBuildMs: number;
  reference: MapBenchCase;
  large: MapBenchCase;
  /** large / reference, medians. */
  ratio: { features: number; firstFrameMs: number; stepMs: number; layerHeapMB: number };
  caveat: string;
}

const CAVEAT =
  'Headless Chromium draws WebGL with SwiftShader (software, on the CPU): the GPU filter and the upload run on the CPU here, so absolute times are pessimistic for a real GPU; the large/reference ratio is the figure to compare across runs. Chromium also waits for SwiftShader on the main thread when it commits the canvas, so long tasks here include the software renderer’s time, not only the page’s JS (compare "JS until onAfterRender").';
const PAGE_ROOT = fileURLToPath(new URL('./map-browser/', import.meta.url));

export async function runMapBench(options: MapBenchOptions = {}): Promise<MapBenchReport> {
  const weeks = options.weeks ?? 52;
  const cells = options.cells ?? Math.round(1_000_000 / weeks);
  const steps = options.steps ?? 10;
  const uploads = options.uploads ?? 3;
  const missing = chromiumMissingReason();
  if (missing) throw new Error(`browser_missing: ${missing}. Install Chromium to run the map bench`);
  const site = await mkdtemp(join(tmpdir(), 'perch-map-bench-'));
  let server: StaticServer | null = null;
  let context: BrowserContext | null = null;
  try {
    const started = performance.now();
    await buildBenchPage(PAGE_ROOT, site);
    const pageBuildMs = performance.now() - started;
    server = await startStaticServer(site);
    context = await launchChromium({ width: 1280, height: 800 });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${server.url}index.html`);
    await page
      .waitForFunction(() => document.getElementById('status')?.textContent === 'ready', undefined, {
        timeout: 60_000,
      })
      .catch((error: Error) => {
        throw new Error(
          `map_bench_page: the map never drew its first frame (${errors.join('; ') || error.message}). Check the page build`,
        );
      });
    const canvas = await page.evaluate(() => window.perchMapBench.canvasSize());
    if (!canvas[0] || !canvas[1])
      throw new Error(`map_bench_page: the map is ${canvas.join('×')} px. Check the page's CSS`);
    const cdp = await context.newCDPSession(page);
    const run = { steps, uploads, weeks };
    const reference = await measureCase(page, cdp, {
      ...run,
      cells: options.referenceCells ?? 293,
      name: 'ref',
    });
    const large = await measureCase(page, cdp, { ...run, cells, name: 'large' });
    if (errors.length) throw new Error(`map_bench_page: page errors during the bench: ${errors.join('; ')}`);
    return {
      chromium: chromiumVersion(),
      renderer: await page.evaluate(() => window.perchMapBench.renderer()),
      canvas,
      pageBuildMs,
      reference,
      large,
      ratio: {
        features: large.features / reference.features,
        firstFrameMs: large.firstFrameMs.median / reference.firstFrameMs.median,
        stepMs: large.stepMs.median / reference.stepMs.median,
        layerHeapMB:
          (large.heap.layerMB + large.heap.arrayBuffersLayerMB) /
          Math.max(0.01, reference.heap.layerMB + reference.heap.arrayBuffersLayerMB),
      },
      caveat: CAVEAT,
    };
  } finally {
    await context?.close().catch(() => {});
    await server?.close();
    await rm(site, { recursive: true, force: true });
  }
}

async function measureCase(
  page: Page,
  cdp: CDPSession,
  run: { name: string; cells: number; weeks: number; steps: number; uploads: number },
): Promise<MapBenchCase> {
  const uploadResults: MapBenchUpload[] = [];
  const stepResults: MapBenchStep[] = [];
  const heaps: { base: HeapSample; layer: HeapSample }[] = [];
  for (let upload = 0; upload < run.uploads; upload++) {
    const id = `${run.name}-${upload}`;
    const base = await heapSample(cdp);
    const added = await page.evaluate(
      ([layer, cells, weeks]) => window.perchMapBench.upload(layer, cells, weeks),
      [id, run.cells, run.weeks] as const,
    );
    uploadResults.push(added);
    for (let step = 1; step <= run.steps; step++) {
      // A week away from the last, so every step changes which features pass the filter.
      const week = ((upload * 17 + step * 7) % run.weeks) + 1;
      stepResults.push(await page.evaluate((next) => window.perchMapBench.step(next), week));
    }
    heaps.push({ base, layer: await heapSample(cdp) });
    await page.evaluate((layer) => window.perchMapBench.remove(layer), id);
  }
  // Long-task entries arrive after their task ends: one idle frame, then read them all.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const tasks = await page.evaluate(() => window.perchMapBench.longTasks());
  const stepTasks = stepResults.map((step) => tasksIn(tasks, step.window));
  const measures = uploadResults
    .map((upload) => upload.uploadMeasureMs)
    .filter((value): value is number => value !== null);
  return {
    cells: run.cells,
    weeks: run.weeks,
    features: uploadResults[0].featureCount,
    firstFrameMs: timing(uploadResults.map((upload) => upload.firstFrameMs)),
    firstFrameSubmitMs: timing(uploadResults.map((upload) => upload.submitMs)),
    uploadMeasureMs: measures.length ? timing(measures) : null,
    prepareMs: timing(uploadResults.map((upload) => upload.prepareMs)),
    stepMs: timing(stepResults.map((step) => step.ms)),
    stepSubmitMs: timing(stepResults.map((step) => step.submitMs)),
    stepSamples: stepResults.length,
    uploadLongTasks: summarize(uploadResults.flatMap((upload) => tasksIn(tasks, upload.window))),
    stepLongTasks: summarize(stepTasks.flat()),
    stepsWithLongTask: stepTasks.filter((list) => list.length > 0).length,
    heap: {
      baseMB: medianOf(heaps.map((heap) => heap.base.usedMB)),
      layerMB: medianOf(heaps.map((heap) => heap.layer.usedMB - heap.base.usedMB)),
      arrayBuffersBaseMB: medianOf(heaps.map((heap) => heap.base.arrayBuffersMB)),
      arrayBuffersLayerMB: medianOf(
        heaps.map((heap) => heap.layer.arrayBuffersMB - heap.base.arrayBuffersMB),
      ),
    },
  };
}

interface HeapSample {
  usedMB: number;
  arrayBuffersMB: number;
}

/** V8 heap and ArrayBuffer backing stores after a forced GC (CDP), so garbage is not counted. */
async function heapSample(cdp: CDPSession): Promise<HeapSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  return { usedMB: usage.usedSize / 2 ** 20, arrayBuffersMB: (usage.backingStorageSize ?? 0) / 2 ** 20 };
}

function tasksIn(tasks: LongTask[], [start, end]: [number, number]): LongTask[] {
  return tasks.filter((task) => task.start >= start && task.start < end);
}

function summarize(tasks: LongTask[]): LongTaskSummary {
  return {
    count: tasks.length,
    maxMs: Math.max(0, ...tasks.map((task) => task.duration)),
    totalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
  };
}

function medianOf(values: number[]): number {
  return timing(values).median;
}

export function formatMapBench(report: MapBenchReport): string {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const t = (value: Timing | null) => (value ? `${ms(value.min)} / ${ms(value.median)}` : 'n/a');
  const tasks = (summary: LongTaskSummary) =>
    `${summary.count} (max ${ms(summary.maxMs)}, total ${ms(summary.totalMs)})`;
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  const small = compact(report.reference.features);
  const large = compact(report.large.features);
  const rows: [string, (c: MapBenchCase) => string][] = [
    ['features', (c) => `${c.features.toLocaleString('en-US')} (${c.cells} cells × ${c.weeks} weeks)`],
    ['first frame after addLayer (on screen), min / median', (c) => t(c.firstFrameMs)],
    ['  JS until onAfterRender, min / median', (c) => t(c.firstFrameSubmitMs)],
    ['  perch:layer-upload measure (the same JS span), min / median', (c) => t(c.uploadMeasureMs)],
    ['  peakTime + layerTimes before it, min / median', (c) => t(c.prepareMs)],
    ['slider step → next frame on screen, min / median', (c) => `${t(c.stepMs)} (${c.stepSamples} steps)`],
    ['  JS until onAfterRender, min / median', (c) => t(c.stepSubmitMs)],
    ['long tasks during uploads', (c) => tasks(c.uploadLongTasks)],
    [
      'long tasks during steps',
      (c) => `${tasks(c.stepLongTasks)}; steps with one: ${c.stepsWithLongTask}/${c.stepSamples}`,
    ],
    ['JS heap: base / + layer held', (c) => `${mb(c.heap.baseMB)} / +${mb(c.heap.layerMB)}`],
    [
      'ArrayBuffers: base / + layer held',
      (c) => `${mb(c.heap.arrayBuffersBaseMB)} / +${mb(c.heap.arrayBuffersLayerMB)}`,
    ],
  ];
  return [
    `${report.chromium}; WebGL renderer: ${report.renderer}; canvas ${report.canvas.join('×')} px; page build ${ms(report.pageBuildMs)}`,
    `caveat: ${report.caveat}`,
    ...rows.flatMap(([label, value]) => [
      label,
      `  ${small} (reference): ${value(report.reference)}`,
      `  ${large}:${' '.repeat(small.length + 12 - large.length)}${value(report.large)}`,
    ]),
    `ratio ${large}/${small} (medians): features ×${report.ratio.features.toFixed(1)}, first frame ×${report.ratio.firstFrameMs.toFixed(1)}, slider step ×${report.ratio.stepMs.toFixed(2)}, memory held ×${report.ratio.layerHeapMB.toFixed(1)}`,
  ].join('\n');
}

/** 15236 → "15k", 1000012 → "1M". */
function compact(count: number): string {
  return count >= 1e6 ? `${Math.round(count / 1e5) / 10}M` : `${Math.round(count / 1e3)}k`;
}
