import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildData } from './build-data';
import { makeTinyTrends, TINY_TREND_POINTS } from './test-support/ebirdst-layout-fixtures';
import { makeTinyEbirdst } from './test-support/make-tiny-ebirdst';

const RUN = 'tinysp-example';

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * A copy of the public repository's layout (github.com/ebird/ebirdst_example-data): `example-data/<year>/file-list.txt`
 * naming paths from `example-data/`, the 2022 status and ppms/ listed but not served, so fetching them fails the download.
 */
async function exampleRepository(): Promise<{ root: string; status: string[]; trends: string[] }> {
  const root = join(mkdtempSync(join(tmpdir(), 'perch-repo-')), 'example-data');
  const status = join(root, '2023', RUN);
  makeTinyEbirdst(status);
  await makeTinyTrends(join(root, '2022', RUN, 'trends'), RUN, 2022);
  const statusPaths = listFiles(status).map((path) => relative(root, path));
  const trendsPaths = listFiles(join(root, '2022')).map((path) => relative(root, path));
  writeFileSync(
    join(root, '2023', 'file-list.txt'),
    [...statusPaths, `2023/${RUN}/ppms/${RUN}_ppm_abd-mae_mean_27km_2023.tif`].join('\n'),
  );
  writeFileSync(
    join(root, '2022', 'file-list.txt'),
    [
      `2022/${RUN}/config.json`,
      `2022/${RUN}/weekly/${RUN}_abundance_median_27km_2022.tif`,
      ...trendsPaths,
    ].join('\n'),
  );
  return { root, status: statusPaths, trends: trendsPaths };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Serves `root` under /example-data on 127.0.0.1 and records every path asked for. */
async function serve(root: string | undefined): Promise<{ baseUrl: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const file =
      root && path.startsWith('/example-data/') ? join(root, path.slice('/example-data/'.length)) : '';
    if (!file || path.includes('..') || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end('Not Found');
      return;
    }
    response.writeHead(200).end(readFileSync(file));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}/example-data`, requests };
}

describe('buildData with no --ebirdst (the default download)', () => {
  it('fetches 2023 status and 2022 trends from the repository layout and builds both', async () => {
    const repository = await exampleRepository();
    const { baseUrl, requests } = await serve(repository.root);
    const work = mkdtempSync(join(tmpdir(), 'perch-download-'));
    const cacheDir = join(work, 'cache');
    const out = join(work, 'out');
    const report = await buildData({ prebuild: false, outDir: out, download: { baseUrl, cacheDir } });
    expect([report.source, report.simulated]).toEqual(['download', false]);
    // Files land as the lists name them, so discovery reads <cache>/2023/<run> and <cache>/2022/<run>/trends.
    expect(
      listFiles(cacheDir)
        .map((path) => relative(cacheDir, path))
        .sort(),
    ).toEqual(['.complete', ...repository.status, ...repository.trends].sort());
    expect(requests.sort()).toEqual(
      ['2023/file-list.txt', '2022/file-list.txt', ...repository.status, ...repository.trends]
        .map((path) => `/example-data/${path}`)
        .sort(),
    );
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const species = (
      await connection.runAndReadAll(
        `SELECT species_code, release, trends_release FROM '${out}/species.parquet'`,
      )
    ).getRows();
    expect(species).toEqual([['tinysp', 2023, 2022]]);
    const [trends] = (
      await connection.runAndReadAll(
        `SELECT count(*)::INTEGER, min(species_code) FROM '${out}/trends.parquet'`,
      )
    ).getRows();
    expect(trends).toEqual([TINY_TREND_POINTS.length, 'tinysp']);
    expect(report.found[0]).toBe(
      `${RUN} · release 2023 · 27 km · weekly (1 product), ranges · trends 2022 (breeding)`,
    );

    // A complete cache is not fetched again, and the same inputs keep the build.
    requests.length = 0;
    const again = await buildData({ prebuild: false, outDir: out, download: { baseUrl, cacheDir } });
    expect([again.skipped, requests]).toEqual([true, []]);
  });

  it('a 404 builds the simulated demo and puts the reason in the catalog notes for the page', async () => {
    const { baseUrl } = await serve(undefined);
    const work = mkdtempSync(join(tmpdir(), 'perch-download-'));
    const cacheDir = join(work, 'cache');
    const out = join(work, 'out');
    const report = await buildData({ prebuild: false, outDir: out, download: { baseUrl, cacheDir } });
    expect([report.source, report.simulated]).toEqual(['simulated', true]);
    expect(report.notes[0]).toBe(
      `download_failed: ${baseUrl}/2023/file-list.txt: HTTP 404. Pass downloaded folders with --ebirdst <dir>`,
    );
    const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.simulated).toBe(true);
    expect(catalog.notes).toEqual([
      `Simulated demo: the real eBird example could not be downloaded (HTTP 404: ${baseUrl}/2023/file-list.txt). Run npm run data -- --ebirdst <folder> with an eBird Status & Trends download for real data.`,
    ]);
    expect(existsSync(cacheDir) || existsSync(`${cacheDir}.partial`)).toBe(false);
  });

  it('a file of the list that 404s fails the download without a half-filled cache', async () => {
    const repository = await exampleRepository();
    const missing = join(repository.root, repository.status.find((path) => path.endsWith('config.json'))!);
    writeFileSync(join(dirname(missing), 'moved.json'), readFileSync(missing));
    const { rmSync } = await import('node:fs');
    rmSync(missing);
    const { baseUrl } = await serve(repository.root);
    const { downloadExample } = await import('./download-example');
    const cacheDir = join(mkdtempSync(join(tmpdir(), 'perch-download-')), 'cache');
    mkdirSync(dirname(cacheDir), { recursive: true });
    const result = await downloadExample({ baseUrl, cacheDir });
    expect(result).toMatchObject({
      ok: false,
      detail: 'HTTP 404',
      url: `${baseUrl}/2023/${RUN}/config.json`,
    });
    expect([existsSync(cacheDir), existsSync(`${cacheDir}.partial`)]).toEqual([false, false]);
  });
});
