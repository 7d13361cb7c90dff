import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { flatColumnPlugin } from './src/engine/flat-column-plugin.ts';
import { cspPlugin, GEMINI_ORIGIN, parseConnectSources } from './src/site/csp-plugin.ts';
import { precachePlugin, SERVICE_WORKER_ENTRY } from './src/site/precache-plugin.ts';

// BASE lets the same build run under a sub-path, the way GitHub Pages serves a project site.
const base = process.env.BASE ?? '/';
// PERCH_CONNECT_SRC: OpenAI-compatible origins the page may call (csp-plugin.ts).
const connectSources = parseConnectSources(process.env.PERCH_CONNECT_SRC);

export default defineConfig({
  base,
  // The agent worker is bundled on its own: it reads parquet, so hyparquet's patch applies there.
  worker: { format: 'es', plugins: () => [flatColumnPlugin()] },
  // DuckDB-WASM ships its own worker and wasm; pre-bundling breaks their URLs (PLATFORM.md).
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
  plugins: [cspPlugin(connectSources), precachePlugin(), flatColumnPlugin()],
  // Shown by the page and returned by the worker's init: tells two builds apart (PERCH_BUILD).
  define: {
    'import.meta.env.PERCH_BUILD': JSON.stringify(process.env.PERCH_BUILD || 'dev'),
    // The same sources, enforced again inside the agent worker (src/worker/connect-policy.ts).
    'import.meta.env.PERCH_CONNECT_SOURCES': JSON.stringify(
      JSON.stringify([GEMINI_ORIGIN, ...connectSources]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        [SERVICE_WORKER_ENTRY]: fileURLToPath(new URL('./src/site/service-worker.ts', import.meta.url)),
      },
      // The service worker must keep one stable URL (sw.js at the root of the site).
      output: {
        entryFileNames: (chunk) =>
          chunk.name === SERVICE_WORKER_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Builds the real example once per run and exports PERCH_TEST_DATA (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // A safety net, not a speed goal (speed lives in npm run bench): DuckDB-WASM instantiates in
    // 1.7–2.8 s in Node (PLATFORM.md), and a browser test answers two questions across a reload,
    // which took 22 s alone and over 60 s while a benchmark shared the machine's two cores.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // hyparquet is transformed as the site's build transforms it (engine/flat-column-plugin.ts), so
    // the tests read parquet through the same code the browser runs.
    server: { deps: { inline: ['hyparquet'] } },
    // vitest's default on this 2-core machine is one worker: CI's tests took 1,140 s with 12.5 of 42 core-minutes
    // used (browser tests mostly wait on Chromium's software compositor). Two files at a time overlap that wait.
    maxWorkers: 2,
  },
});
