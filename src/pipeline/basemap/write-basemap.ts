import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASEMAP_FILE } from '../../catalog/basemap-file';
import type { CatalogBasemap } from '../../catalog/types';
import { gazetteerSource, loadTowns } from '../gazetteer/load-towns';
import type { Stage } from '../tables/stage';
import { stagedCells } from '../tables/stage-geography';
import { buildBasemapFile } from './build-basemap-file';
import { loadNaturalEarth, naturalEarthSource } from './natural-earth-shapes';

/**
 * Writes basemap.json for the staged cells into `outDir` and returns its catalog entry; null
 * (and no file) for a build without cells.
 */
export async function writeBasemap(stage: Stage, outDir: string): Promise<CatalogBasemap | null> {
  const cells = (await stagedCells(stage)).map((cell) => [cell.lon, cell.lat] as const);
  const file = buildBasemapFile(
    cells,
    { '50m': loadNaturalEarth('50m'), '110m': loadNaturalEarth('110m') },
    loadTowns(),
    [naturalEarthSource(), `GeoNames via ${gazetteerSource()}`],
  );
  if (!file) return null;
  const text = JSON.stringify(file);
  writeFileSync(join(outDir, BASEMAP_FILE), text);
  return {
    path: BASEMAP_FILE,
    bytes: Buffer.byteLength(text),
    sha256: createHash('sha256').update(text).digest('hex'),
    sources: file.sources,
  };
}
