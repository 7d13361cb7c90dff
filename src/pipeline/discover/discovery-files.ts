import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { resolutionOfFileName } from '../read/resolution-tokens';
import type { ResolutionKm } from '../read/resolution-tokens';
import type { Discovery } from './discovery';

/** A file the build may read, under a key that does not depend on where the download sits. */
export interface InputFile {
  /** `status/2023/yebsap-example/weekly/…`, `trends/2022/…`, `shared/2023/regional-stats_2023.parquet`. */
  key: string;
  path: string;
}

function listFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}

/**
 * The files behind a discovery at one resolution: everything in each status folder except products
 * of another resolution (a 3 km weekly file is never read for a 27 km build, so it must not cost a
 * rebuild either), the shared regional-stats parquet and the trends files. Each path once.
 */
export function discoveryFiles(discovery: Discovery, resolutionKm: ResolutionKm): InputFile[] {
  const files: InputFile[] = [];
  for (const input of discovery.status) {
    for (const path of listFiles(input.folder)) {
      const resolution = resolutionOfFileName(basename(path));
      // Range outlines (.gpkg) may stand in for another resolution (find-status-files rangesAt): kept.
      if (resolution !== undefined && resolution !== resolutionKm && !path.endsWith('.gpkg')) continue;
      files.push({ key: `status/${input.release}/${input.runName}/${relative(input.folder, path)}`, path });
    }
    if (input.regionalStatsParquet)
      files.push({
        key: `shared/${input.release}/${basename(input.regionalStatsParquet)}`,
        path: input.regionalStatsParquet,
      });
  }
  for (const input of discovery.trends)
    for (const path of [input.trends, input.folds, input.summary])
      if (path) files.push({ key: `trends/${input.release}/${basename(path)}`, path });
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.path) && seen.add(file.path));
}
