import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolutionOfFileName } from '../read/resolution-tokens';
import type { ResolutionKm } from '../read/resolution-tokens';

/** The product subfolders of a status species folder that hold one file per product and resolution. */
export const PRODUCT_FOLDERS = ['weekly', 'seasonal', 'ranges'] as const;
export type ProductFolder = (typeof PRODUCT_FOLDERS)[number];

export interface ProductFile {
  path: string;
  name: string;
  folder: ProductFolder;
  resolution: ResolutionKm;
  /** The year in the name (`…_27km_2023.tif` → 2023): the release. */
  year: number;
  bytes: number;
}

/**
 * Every file in weekly/, seasonal/ and ranges/ whose name carries a resolution token, with its size
 * from `stat` (never opened: a 3 km weekly product can be several GB). Which product a file is stays
 * the readers' business (read/find-status-files.ts); only the resolution and year are read here.
 */
export function listProductFiles(folder: string): ProductFile[] {
  return PRODUCT_FOLDERS.flatMap((sub) => {
    const directory = join(folder, sub);
    if (!existsSync(directory) || !statSync(directory).isDirectory()) return [];
    return readdirSync(directory)
      .sort()
      .flatMap((name) => {
        const resolution = resolutionOfFileName(name);
        if (resolution === undefined) return [];
        const path = join(directory, name);
        const stats = statSync(path);
        if (!stats.isFile()) return [];
        const year = Number(name.match(/_(\d{4})\.\w+$/)![1]);
        return [{ path, name, folder: sub, resolution, year, bytes: stats.size }];
      });
  });
}
