import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { PipelineError } from '../pipeline-error';
import type { Discovery, IgnoredEntry, StatusInput, TrendsInput } from './discovery';
import { findStatusInput } from './find-status-input';
import { findTrendsInputs } from './find-trends-inputs';

const YEAR_NAME = /^\d{4}$/;
const SHARED_SIDE_FILE = /^regional-stats_\d{4}\.parquet$/;

interface Found {
  status: StatusInput[];
  trends: TrendsInput[];
  ignored: IgnoredEntry[];
}

/** A species folder: status products, and trends beside them (a trends release folder) or in `trends/` (ebirdst 3.2022+). */
function searchSpecies(folder: string, into: Found): boolean {
  const status = findStatusInput(folder);
  const trends = [...findTrendsInputs(folder), ...findTrendsInputs(join(folder, 'trends'))];
  if (status) into.status.push(status);
  into.trends.push(...trends);
  return status !== undefined || trends.length > 0;
}

/**
 * The folders inside `folder`, each searched as a species folder; a `<year>` folder is searched one
 * level further while `yearLevels` allows. The depth is bounded on purpose (data dir → year →
 * species → trends, the R package's layout): a deep walk of a home folder would find stray copies.
 */
function searchChildren(folder: string, yearLevels: number, into: Found): boolean {
  let found = false;
  for (const name of readdirSync(folder).sort()) {
    if (name.startsWith('.')) continue;
    const path = join(folder, name);
    if (!statSync(path).isDirectory()) {
      // Attached to the species folders beside it (find-status-input.ts), not an input of its own.
      if (!SHARED_SIDE_FILE.test(name))
        into.ignored.push({ path, reason: 'a file beside the species or year folders, not a product' });
      continue;
    }
    if (searchSpecies(path, into)) found = true;
    else if (YEAR_NAME.test(name) && yearLevels > 0) {
      if (searchChildren(path, yearLevels - 1, into)) found = true;
      else into.ignored.push({ path, reason: 'a year folder holding no species folder' });
    } else
      into.ignored.push({
        path,
        reason: 'no config.json, no product rasters and no *_ebird-trends_<year>.parquet here or in trends/',
      });
  }
  return found;
}

function searchRoot(folder: string, into: Found): boolean {
  if (searchSpecies(folder, into)) return true;
  // A `<year>` folder holds species folders; any other folder may hold year folders (ebirdst_data_dir()) or species folders.
  return searchChildren(folder, YEAR_NAME.test(basename(folder)) ? 0 : 1, into);
}

function checkFolder(path: string): string {
  const absolute = resolve(path);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory())
    throw new PipelineError(
      'input_not_found',
      absolute,
      'is not a folder',
      'Pass the folder of an eBird S&T download with --ebirdst <dir>',
    );
  return realpathSync(absolute);
}

const inside = (inner: string, outer: string) => inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/** Drops a second copy of one input: the same species folder (real path) or the same species and release by another path. */
function takeOnce<T>(
  items: T[],
  keys: (item: T) => [string, string],
  describe: (item: T, first: T) => string,
) {
  const byPath = new Map<string, T>();
  const byIdentity = new Map<string, T>();
  const kept: T[] = [];
  const notes: string[] = [];
  for (const item of items) {
    const [path, identity] = keys(item);
    if (byPath.has(path)) continue; // one folder reached from two given paths: noted with the paths
    const first = byIdentity.get(identity);
    byPath.set(path, item);
    if (first) {
      notes.push(describe(item, first));
      continue;
    }
    byIdentity.set(identity, item);
    kept.push(item);
  }
  return { kept, notes };
}

/**
 * Finds every eBird S&T input in any mix of paths: an ebirdst R package data dir
 * (`<dir>/<year>/<species>/…`), a `<year>` folder, a species status folder (config.json), a trends
 * folder (`*_ebird-trends_<year>.parquet`), a species folder with `trends/` inside (ebirdst 3.2022)
 * or holding only `trends/` (3.2023, 4.2023), or a folder of such folders. Steps: (1) each path must
 * be a folder, (2) a path given twice, or inside another given path, is noted, (3) each path is
 * searched to a bounded depth and must hold something (`unknown_layout` otherwise, naming it and what
 * was looked for), (4) each species folder and trends file is taken once.
 */
export function discoverInputs(paths: string[]): Discovery {
  const roots = paths.map((given) => ({ given, real: checkFolder(given) }));
  const notes: string[] = [];
  const found: Found = { status: [], trends: [], ignored: [] };
  roots.forEach((root, index) => {
    const earlier = roots.slice(0, index);
    const same = earlier.find((other) => other.real === root.real);
    if (same) {
      notes.push(`${root.given} is the same folder as ${same.given}: taken once`);
      return;
    }
    const outer = roots.find((other) => other !== root && inside(root.real, other.real));
    if (outer) notes.push(`${root.given} is inside ${outer.given}, also given: its inputs are taken once`);
    if (!searchRoot(root.real, found))
      throw new PipelineError(
        'unknown_layout',
        root.real,
        'has neither config.json (status release) nor *_ebird-trends_<year>.parquet (trends release), ' +
          'here, in trends/, in its folders, or in <year>/<species>/ and <year>/<species>/trends/ below it',
        'Pass eBird S&T downloads: a species folder, a <year> folder, or the ebirdst R package data dir (ebirdst_data_dir())',
      );
  });
  const status = takeOnce(
    found.status,
    (input) => [input.folder, `${input.runName} ${input.release}`],
    (input, first) =>
      `${input.folder} holds ${input.runName} release ${input.release} again (first found in ${first.folder}): taken once`,
  );
  const trends = takeOnce(
    found.trends,
    (input) => [input.trends, `${input.runName} ${input.season} ${input.release}`],
    (input, first) =>
      `${input.trends} is ${input.runName} ${input.season} trends ${input.release} again (first found as ${first.trends}): taken once`,
  );
  return {
    status: status.kept,
    trends: trends.kept,
    ignored: found.ignored,
    notes: [...notes, ...status.notes, ...trends.notes],
  };
}
