import { execFileSync } from 'node:child_process';
import { build, type InlineConfig } from 'vite';
import { flatColumnPlugin } from '../engine/flat-column-plugin';

/** The Chromium the benchmarks drive (Debian's, as in the browser tests). */
export const CHROMIUM_PATH = process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium';

/**
 * A benchmark page through Vite's build API into `outDir`, with no config file (the pages need
 * none) and the app's DuckDB wiring: `?url` wasm and worker, excluded from pre-bundling (PLATFORM.md).
 * hyparquet is patched as in the site's build (flat-column-plugin.ts): without it the benches
 * measured a parquet decoder the site does not ship (until 2026-12-08).
 */
export async function buildBenchPage(root: string, outDir: string): Promise<void> {
  await build(benchPageConfig(root, outDir));
}

export function benchPageConfig(root: string, outDir: string): InlineConfig {
  return {
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    plugins: [flatColumnPlugin()],
    worker: { format: 'es', plugins: () => [flatColumnPlugin()] },
    optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 40_000,
      reportCompressedSize: false,
    },
  };
}

/** The Chromium a report was measured with, or its path when it cannot say. */
export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return CHROMIUM_PATH;
  }
}
