import { defineConfig } from 'vitest/config';

// BASE lets the same build run under a sub-path, the way GitHub Pages serves a project site.
const base = process.env.BASE ?? '/';

export default defineConfig({
  base,
  worker: { format: 'es' },
  // DuckDB-WASM ships its own worker and wasm; pre-bundling breaks their URLs (PLATFORM.md).
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Builds the real example once per run and exports PERCH_TEST_DATA (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // DuckDB-WASM instantiates in 1.7–2.8 s in Node (PLATFORM.md); browser tests launch Chromium.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
