import { mkdirSync, writeFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PipelineError } from './pipeline-error';

/** The public example release (GPL-3): `example-data/2023/file-list.txt` lists its files. */
export const EXAMPLE_BASE_URL =
  'https://raw.githubusercontent.com/ebird/ebirdst_example-data/main/example-data/2023';

export interface DownloadOptions {
  baseUrl?: string;
  cacheDir: string;
  /** Per request; a closed network must fail fast, not hang the build. @default 5000 */
  timeoutMs?: number;
}

async function fetchBytes(url: string, timeoutMs: number): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new PipelineError(
      'download_failed',
      url,
      `cannot reach it (${cause})`,
      'Check the network, or pass downloaded folders with --ebirdst <dir>',
    );
  }
  if (!response.ok)
    throw new PipelineError(
      'download_failed',
      url,
      `HTTP ${response.status}`,
      'Pass downloaded folders with --ebirdst <dir>',
    );
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Downloads the example release into `cacheDir` (once: a complete download leaves a `.complete`
 * marker) and returns the release folders it holds (status and trends), as --ebirdst would take.
 */
export async function downloadExample(options: DownloadOptions): Promise<string[]> {
  const baseUrl = options.baseUrl ?? EXAMPLE_BASE_URL;
  const timeoutMs = options.timeoutMs ?? 5000;
  const marker = join(options.cacheDir, '.complete');
  if (!existsSync(marker)) {
    const list = new TextDecoder().decode(await fetchBytes(`${baseUrl}/file-list.txt`, timeoutMs));
    const paths = list
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    if (paths.length === 0)
      throw new PipelineError(
        'download_failed',
        `${baseUrl}/file-list.txt`,
        'lists no files',
        'Pass downloaded folders with --ebirdst <dir>',
      );
    const partial = `${options.cacheDir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    for (const path of paths) {
      if (path.includes('..'))
        throw new PipelineError(
          'download_failed',
          `${baseUrl}/file-list.txt`,
          `unsafe path ${path}`,
          'Pass downloaded folders with --ebirdst <dir>',
        );
      const target = join(partial, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, await fetchBytes(`${baseUrl}/${path}`, timeoutMs * 6));
    }
    writeFileSync(join(partial, '.complete'), new Date().toISOString());
    rmSync(options.cacheDir, { recursive: true, force: true });
    mkdirSync(dirname(options.cacheDir), { recursive: true });
    renameSync(partial, options.cacheDir);
  }
  return [options.cacheDir];
}
