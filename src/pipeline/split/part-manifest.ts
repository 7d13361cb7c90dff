import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogFile } from '../../catalog/types';
import type { StatusInput, TrendsInput } from '../discover';
import type { PresenceEntry } from '../tables/column-presence';

/** Written last into a part's folder: a folder without it is not a part (build-part.ts). */
export const PART_MANIFEST = 'part.json';

interface PartBase {
  identity: string;
  fingerprint: string;
  /** The part's parquet files as writeTables wrote them (paths relative to the part's folder). */
  files: Record<string, CatalogFile[]>;
  /** Its ColumnPresence, for the merge to note again. */
  presence: PresenceEntry[];
  durationMs: number;
}

/** A status folder staged alone: its species under its own taxon code, its cells on grid 0. */
export interface StatusPart extends PartBase {
  kind: 'status';
  input: StatusInput;
  /** Taxonomy code, release and config run name, for the merge's ReleaseKeys. */
  taxon: string;
  release: number;
  runName: string;
  /** `species_code` in the part's rows (the taxon: alone, no newer release renames it). */
  key: string;
  /** RasterGrid.key of the folder's grid: the merge numbers grids in the order the inputs meet them. */
  gridKey: string;
  /** Seasons that failed expert review (catalog caveat, with the merged key). */
  failedSeasons: string[];
  /** What readStatusFolder noted (config, seasonal bands), said again by the merge. */
  notes: string[];
}

/** One trends model staged under its run names; the merge files it under a status species. */
export interface TrendsPart extends PartBase {
  kind: 'trends';
  input: TrendsInput;
}

export type PartManifest = StatusPart | TrendsPart;

/** What staging a part's input tells, before the part is written (build-part.ts adds the rest). */
export type StagedPart<T extends PartManifest> = Omit<T, keyof PartBase>;

/** A part and the folder holding it. */
export interface LocatedPart {
  folder: string;
  manifest: PartManifest;
}

/** The part in `folder`, or undefined when the folder holds none (absent, or not finished). */
export function readPart(folder: string): LocatedPart | undefined {
  const file = join(folder, PART_MANIFEST);
  if (!existsSync(file)) return undefined;
  return { folder, manifest: JSON.parse(readFileSync(file, 'utf8')) as PartManifest };
}
