import { SIMULATED_NAME_STEMS } from '../pipeline/simulate/simulate-species';
import { createHash } from 'node:crypto';
import { DATA_VERSION } from '../catalog/data-version';

/**
 * The species of the scale site (issue 16) as numbers only, before any SQL: how many cells each
 * has and where its range sits on the 27 km Equal Earth grid. Everything comes from a seeded
 * sequence, so the same options always give the same site (and the same cache folder).
 */
export interface ScaleSiteParams {
  /** @default 200 */
  species: number;
  /** Fewest cells of a species. @default 20_000 */
  minCells: number;
  /** Most cells of a species. @default 150_000 */
  maxCells: number;
  /** @default 16 */
  seed: number;
}

export const DEFAULT_SCALE_SITE: ScaleSiteParams = {
  species: 200,
  minCells: 20_000,
  maxCells: 150_000,
  seed: 16,
} as const satisfies ScaleSiteParams;

/** `--quick`: small enough to build in seconds and to run the whole mix in a few minutes. */
export const QUICK_SCALE_SITE: ScaleSiteParams = {
  species: 12,
  minCells: 2_000,
  maxCells: 15_000,
  seed: 16,
} as const satisfies ScaleSiteParams;

/** Bump when the generated rows or layout change, so an old cached site is not reused. */
export const SCALE_SITE_VERSION = 3;

/** One simulated species: its range is the first `cells` cells of a rectangle, row by row. */
export interface ScaleSpecies {
  index: number;
  code: string;
  commonName: string;
  scientificName: string;
  cells: number;
  /** Grid row and column of the rectangle's north-west cell (2023 27 km grid, 1276 × 618). */
  row0: number;
  column0: number;
  width: number;
  height: number;
  /** Peak relative abundance (birds per 2 km, 1 h count), 0.3–2.3. */
  peak: number;
  /** Weeks by which this species' migration runs late, 0–6. */
  phase: number;
}

const GRID = { rows: 618, columns: 1276 };
/**
 * Where ranges are centred: grid row 140, column 350 is about 38° N, 98° W (Kansas), so every
 * range covers US states and the regional questions have cells; ±35 rows and ±55 columns of
 * jitter keep them from being one stack.
 */
const CENTRE = { row: 140, column: 350, rowJitter: 35, columnJitter: 55 };
/** A continent is wider than tall at this latitude; 440 columns ≈ 120° of longitude at 40° N. */
const MAX_WIDTH = 440;
/**
 * cells = min·(max/min)^(u^0.875) for u spread evenly over (0, 1): the median (u = 0.5) is
 * min·(max/min)^0.545 = 60,000 for 20,000–150,000 (issue 16 asks for a median around 60k), and
 * most species are small, as in eBird S&T.
 */
const SIZE_EXPONENT = 0.875;

/** mulberry32: a tiny seeded generator, so the site does not depend on Math.random. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function scaleSpecies(params: ScaleSiteParams): ScaleSpecies[] {
  if (!(params.species >= 1 && params.minCells >= 1 && params.maxCells >= params.minCells))
    throw new Error(
      `invalid scale site: ${params.species} species of ${params.minCells}–${params.maxCells} cells`,
    );
  const random = seededRandom(params.seed);
  const positions = Array.from({ length: params.species }, (_, index) => (index + 0.5) / params.species);
  // Fisher–Yates with the seeded generator: species codes do not run from small to large.
  for (let index = positions.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [positions[index], positions[other]] = [positions[other], positions[index]];
  }
  const ratio = params.maxCells / params.minCells;
  const digits = Math.max(3, String(params.species).length);
  return positions.map((position, index) => {
    const cells = Math.round(params.minCells * ratio ** (position ** SIZE_EXPONENT));
    const aspect = 1.1 + 0.4 * random();
    const width = Math.min(MAX_WIDTH, GRID.columns, Math.ceil(Math.sqrt(cells * aspect)));
    const height = Math.ceil(cells / width);
    const centreRow = CENTRE.row + CENTRE.rowJitter * (2 * random() - 1);
    const centreColumn = CENTRE.column + CENTRE.columnJitter * (2 * random() - 1);
    const name = SIMULATED_NAME_STEMS[index % SIMULATED_NAME_STEMS.length];
    return {
      index,
      code: `sim${String(index + 1).padStart(digits, '0')}`,
      commonName: `Simulated ${name} ${index + 1}`,
      scientificName: `Fictavis ${name.toLowerCase()}${index + 1}`,
      cells,
      row0: clamp(Math.round(centreRow - height / 2), 0, GRID.rows - height),
      column0: clamp(Math.round(centreColumn - width / 2), 0, GRID.columns - width),
      width,
      height,
      peak: 0.3 + 2 * random(),
      phase: Math.floor(7 * random()),
    };
  });
}

/** The cache key of a site: its parameters, the generator version and the data version it was written in. */
export function scaleSiteHash(params: ScaleSiteParams): string {
  const key = JSON.stringify({ version: SCALE_SITE_VERSION, data: DATA_VERSION, ...params });
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}
