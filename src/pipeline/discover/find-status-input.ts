import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PipelineError } from '../pipeline-error';
import { RESOLUTIONS_KM } from '../read/resolution-tokens';
import type { StatusInput } from './discovery';
import { listProductFiles } from './list-product-files';

const YEAR_NAME = /^\d{4}$/;

/** `SPECIES_CODE` and `SRD_PRED_YEAR` when config.json has them; the reader checks the file properly later. */
function configHints(file: string): { runName?: string; release?: number } {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Upper-case config keys hold scalars in 1-element arrays (FORMAT.md §3).
    const scalar = (value: unknown) => (Array.isArray(value) ? value[0] : value);
    const runName = scalar(json.SPECIES_CODE);
    const release = Number(scalar(json.SRD_PRED_YEAR));
    return {
      ...(typeof runName === 'string' && runName ? { runName } : {}),
      ...(Number.isInteger(release) && release > 2000 ? { release } : {}),
    };
  } catch {
    // A broken config.json is read_config's to report (bad_config names the file); discovery only looks.
    return {};
  }
}

/**
 * The status input a species folder holds, or undefined when it holds no config.json and no product
 * rasters. Product rasters without config.json are a broken download: that fails naming the file.
 */
export function findStatusInput(folder: string): StatusInput | undefined {
  const config = join(folder, 'config.json');
  const products = listProductFiles(folder);
  const hasConfig = existsSync(config);
  if (!hasConfig && products.length === 0) return undefined;
  if (!hasConfig)
    throw new PipelineError(
      'input_not_found',
      config,
      `is missing: the folder holds ${products.length} eBird S&T product file(s) (${products[0].folder}/${products[0].name}, …) but no config.json beside them`,
      'Download the species again (ebirdst_download_status() writes config.json), or copy in the config.json of the same species and release',
    );
  const hints = configHints(config);
  const weeklyYear = (products.find((file) => file.folder === 'weekly') ?? products[0])?.year;
  const parent = basename(dirname(folder));
  const [release, releaseFrom] =
    weeklyYear !== undefined
      ? [weeklyYear, 'file names' as const]
      : hints.release !== undefined
        ? [hints.release, 'config.json' as const]
        : YEAR_NAME.test(parent)
          ? [Number(parent), 'folder name' as const]
          : [undefined, undefined];
  if (release === undefined || releaseFrom === undefined)
    throw new PipelineError(
      'bad_config',
      config,
      'names no release year (no SRD_PRED_YEAR), and no product file name or <year> parent folder gives one',
      'Use the config.json of the eBird S&T download as is, or keep the folder inside its <year> folder',
    );
  const runName = hints.runName ?? products[0]?.name.split('_')[0] ?? basename(folder);
  const present = new Set(products.map((file) => file.resolution));
  const shared = join(dirname(folder), `regional-stats_${release}.parquet`);
  return {
    folder,
    runName,
    release,
    releaseFrom,
    resolutions: RESOLUTIONS_KM.filter((km) => present.has(km)),
    ...(existsSync(shared) ? { regionalStatsParquet: shared } : {}),
  };
}
