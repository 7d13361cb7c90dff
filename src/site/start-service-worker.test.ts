import { afterEach, describe, expect, it } from 'vitest';
import type { CacheMessage, PageToWorkerMessage, WorkerToPageMessage } from './site-messages';
import { startServiceWorker } from './start-service-worker';

/** navigator.serviceWorker as the page sees it on a first visit, with a worker that records what it is asked. */
function firstVisitContainer() {
  const asked: PageToWorkerMessage[] = [];
  const worker = { postMessage: (message: PageToWorkerMessage) => asked.push(message) };
  const container = Object.assign(new EventTarget(), {
    controller: null as typeof worker | null,
    ready: Promise.resolve({ active: worker }),
    register: async () => ({}),
  });
  const answer = (message: WorkerToPageMessage) =>
    container.dispatchEvent(new MessageEvent('message', { data: message }));
  return { container, worker, asked, answer };
}

const realNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
afterEach(() => {
  if (realNavigator) Object.defineProperty(globalThis, 'navigator', realNavigator);
  else Reflect.deleteProperty(globalThis, 'navigator');
});

describe('startServiceWorker: two caching jobs at once', () => {
  it('"Keep all data offline" hears only its own job, not the first visit\'s tables', async () => {
    const sw = firstVisitContainer();
    Object.defineProperty(globalThis, 'navigator', {
      value: { serviceWorker: sw.container },
      configurable: true,
    });
    const kept: string[] = [];
    const site = startServiceWorker({
      base: '/',
      onUpdate: () => {},
      onFirstVisitCache: (state) => kept.push(state),
    })!;
    // The first visit read a table before sw.js controlled the page; then sw.js takes over.
    site.noteTableRead('regions');
    sw.container.controller = sw.worker;
    sw.container.dispatchEvent(new Event('controllerchange'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const button: CacheMessage[] = [];
    site.cacheAllData((message) => button.push(message));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const tablesJob = sw.asked.find((message) => message.type === 'cache-tables')!.job;
    const allJob = sw.asked.find((message) => message.type === 'cache-all-data')!.job;
    expect(tablesJob).not.toBe(allJob);
    // The worker answers both, interleaved; the first visit's job ends last.
    sw.answer({ job: allJob, type: 'cache-progress', done: 0, total: 2_200_813 });
    sw.answer({ job: tablesJob, type: 'cache-progress', done: 0, total: 1_866_507 });
    sw.answer({ job: allJob, type: 'cache-progress', done: 2_200_813, total: 2_200_813 });
    sw.answer({ job: allJob, type: 'cache-done', total: 2_200_813, failed: [] });
    sw.answer({ job: tablesJob, type: 'cache-progress', done: 1_866_507, total: 1_866_507 });
    sw.answer({ job: tablesJob, type: 'cache-done', total: 1_866_507, failed: [] });
    expect(button).toEqual([
      { job: allJob, type: 'cache-progress', done: 0, total: 2_200_813 },
      { job: allJob, type: 'cache-progress', done: 2_200_813, total: 2_200_813 },
      { job: allJob, type: 'cache-done', total: 2_200_813, failed: [] },
    ]);
    // The first visit's job still ends on its own message.
    expect(kept).toEqual(['pending', 'kept']);
  });
});

describe('startServiceWorker: registered at the page’s first quiet moment', () => {
  function countingContainer() {
    const sw = firstVisitContainer();
    let registrations = 0;
    sw.container.register = async () => {
      registrations++;
      return {};
    };
    Object.defineProperty(globalThis, 'navigator', {
      value: { serviceWorker: sw.container },
      configurable: true,
    });
    return { sw, registrations: () => registrations };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('registers sw.js only once registerAfter settles', async () => {
    const { registrations } = countingContainer();
    let quiet!: () => void;
    startServiceWorker({
      base: '/',
      onUpdate: () => {},
      registerAfter: new Promise<void>((resolve) => (quiet = resolve)),
    });
    await tick();
    expect(registrations()).toBe(0);
    quiet();
    await tick();
    expect(registrations()).toBe(1);
  });

  it('"Keep all data offline" registers at once and asks for every file, quiet moment or not', async () => {
    const { sw, registrations } = countingContainer();
    const site = startServiceWorker({
      base: '/',
      onUpdate: () => {},
      registerAfter: new Promise<void>(() => {}),
    })!;
    site.cacheAllData(() => {});
    await tick();
    expect(registrations()).toBe(1);
    expect(sw.asked.map((message) => message.type)).toEqual(['cache-all-data']);
  });
});
