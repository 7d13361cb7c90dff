import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PipelineError } from './pipeline-error';

/**
 * The public example repository (GPL-3). Its `<year>/file-list.txt` lists paths from this base
 * (`2023/yebsap-example/weekly/…`), so the base must not end in a year: with `/2023` here every
 * file was fetched from `…/2023/2023/…` and 404'd (issue 15).
 */
export const EXAMPLE_BASE_URL =
  'https://raw.githubusercontent.com/ebird/ebirdst_example-data/main/example-data';

interface ExamplePart {
  list: string;
  /** Which listed paths to fetch. */
  keep: (path: string) => boolean;
}

/**
 * What the default build takes: status 2023 and the trends of release 2022 (the newest trends in the
 * repository, beside 2022's status), as in ../shared/data/ebirdst-example. `ppms/` (model performance
 * rasters: 76 of the 108 files the 2023 list names) is skipped because no table reads it.
 */
export const EXAMPLE_PARTS: readonly ExamplePart[] = [
  { list: '2023/file-list.txt', keep: (path) => /^2023\/[^/]+\//.test(path) && !/\/ppms\//.test(path) },
  { list: '2022/file-list.txt', keep: (path) => /^2022\/[^/]+\/trends\/[^/]+$/.test(path) },
];

/** Written into the cache's `.complete` marker: a cache of another layout is downloaded again. */
const CACHE_LAYOUT = 'example-data: 2023 status, 2022 trends; <cache>/<year>/<species>/…';

export interface DownloadOptions {
  baseUrl?: string;
  cacheDir: string;
  /** Per request; a closed network must fail fast, not hang the build. @default 5000 */
  timeoutMs?: number;
}

export interface DownloadFailure {
  url: string;
  /** "HTTP 404", "cannot reach it (connect ECONNREFUSED …)". */
  detail: string;
  error: PipelineError;
}

/** The cache folder (`<cache>/2023/yebsap-example/…`, `<cache>/2022/yebsap-example/trends/…`), or why it could not be filled. */
export type DownloadResult = { ok: true; folder: string } | ({ ok: false } & DownloadFailure);

const ACTION = 'Pass downloaded folders with --ebirdst <dir>';

function failure(url: string, detail: string, action = ACTION): DownloadFailure {
  return { url, detail, error: new PipelineError('download_failed', url, detail, action) };
}

async function fetchBytes(url: string, timeoutMs: number): Promise<Uint8Array | DownloadFailure> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    return failure(
      url,
      `cannot reach it (${cause})`,
      'Check the network, or pass downloaded folders with --ebirdst <dir>',
    );
  }
  if (!response.ok) return failure(url, `HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The paths a file list names that this part keeps; a path climbing out of the cache fails. */
function listedPaths(text: string, part: ExamplePart, listUrl: string): string[] | DownloadFailure {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const unsafe = lines.find((line) => line.split('/').includes('..') || line.startsWith('/'));
  if (unsafe) return failure(listUrl, `unsafe path ${unsafe}`);
  const kept = lines.filter(part.keep);
  return kept.length > 0
    ? kept
    : failure(listUrl, `lists none of the files the build needs (${lines.length} lines)`);
}

async function downloadInto(
  partial: string,
  baseUrl: string,
  timeoutMs: number,
): Promise<DownloadFailure | undefined> {
  for (const part of EXAMPLE_PARTS) {
    const listUrl = `${baseUrl}/${part.list}`;
    const list = await fetchBytes(listUrl, timeoutMs);
    if (!(list instanceof Uint8Array)) return list;
    const paths = listedPaths(new TextDecoder().decode(list), part, listUrl);
    if (!Array.isArray(paths)) return paths;
    for (const path of paths) {
      const bytes = await fetchBytes(`${baseUrl}/${path}`, timeoutMs * 6);
      if (!(bytes instanceof Uint8Array)) return bytes;
      const target = join(partial, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
  }
  return undefined;
}

/**
 * Downloads the example into `cacheDir` once (a complete download leaves a `.complete` marker naming
 * its layout) and returns the folder, laid out as in the repository, for discovery to read. A failure
 * comes back as data: the build then makes the simulated demo and says why.
 */
export async function downloadExample(options: DownloadOptions): Promise<DownloadResult> {
  const baseUrl = (options.baseUrl ?? EXAMPLE_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const marker = join(options.cacheDir, '.complete');
  if (existsSync(marker) && readFileSync(marker, 'utf8').split('\n')[0] === CACHE_LAYOUT)
    return { ok: true, folder: options.cacheDir };
  const partial = `${options.cacheDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const failed = await downloadInto(partial, baseUrl, timeoutMs);
  if (failed) {
    rmSync(partial, { recursive: true, force: true });
    return { ok: false, ...failed };
  }
  writeFileSync(join(partial, '.complete'), `${CACHE_LAYOUT}\n${baseUrl}\n${new Date().toISOString()}\n`);
  rmSync(options.cacheDir, { recursive: true, force: true });
  mkdirSync(dirname(options.cacheDir), { recursive: true });
  renameSync(partial, options.cacheDir);
  return { ok: true, folder: options.cacheDir };
}
