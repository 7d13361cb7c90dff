import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailability } from './browser-context';
import { ask, builtApp, type IntegratedApp, openApp, startIntegratedApp, turnEnded } from './integrated-app';

/** A string of the @google/genai SDK's own code (its x-goog-api-client header), in no other module. */
const GEMINI_SDK_MARKER = 'google-genai-sdk';
/** A string of hyparquet-compressors' brotli decoder: the codecs an added file may need, never the pipeline's ZSTD. */
const CODECS_MARKER = '[BrotliDecompress] invalid distance';

const availability = browserAvailability();
const dataDir = process.env.PERCH_TEST_DATA;
if (availability.run && !dataDir)
  console.warn(
    'offline-visitor-scripts skipped: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example).',
  );

/**
 * A visitor with no key never loads or parses the Gemini client (377 KB of the agent worker's
 * 1.31 MB before it was split off, 2026-12-06): the build keeps it in its own chunk, imported at
 * the first Gemini turn (src/worker/create-model.ts). Nor the parquet codecs the pipeline does not
 * write (engine/parquet-to-ipc.ts): imported when an added file needs one.
 */
describe.skipIf(!availability.run || !dataDir)('the scripts a visitor with no key loads', () => {
  let app: IntegratedApp;

  beforeAll(async () => {
    app = await startIntegratedApp(dataDir!);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answer an offline question without the Gemini client or the other parquet codecs, each kept in its own chunk', async () => {
    const assets = join(await builtApp(dataDir!), 'assets');
    const geminiChunks = readdirSync(assets).filter(
      (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(GEMINI_SDK_MARKER),
    );
    expect(geminiChunks).toHaveLength(1);
    expect(geminiChunks[0]).not.toMatch(/^agent-worker-/);
    const codecChunks = readdirSync(assets).filter(
      (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(CODECS_MARKER),
    );
    expect(codecChunks).toHaveLength(1);
    expect(codecChunks[0]).not.toMatch(/^agent-worker-/);

    const scripts: string[] = [];
    // The service worker's precache fetches every file of the build (offline use): only what the
    // page and its workers request is loaded and parsed.
    app.context.on('request', (request) => {
      if (request.serviceWorker()) return;
      const name = basename(new URL(request.url()).pathname);
      if (name.endsWith('.js')) scripts.push(name);
    });
    const { page, errors } = await openApp(app, '', { width: 390, height: 844 });
    await ask(page, 'When does the Yellow-bellied Sapsucker peak in Michigan?');
    const turn = await turnEnded(page);
    expect(await turn.locator('.answer').textContent()).toMatch(/Yellow-bellied Sapsucker/);

    expect(scripts.some((name) => name.startsWith('agent-worker-'))).toBe(true);
    expect(scripts.filter((name) => geminiChunks.includes(name) || codecChunks.includes(name))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
