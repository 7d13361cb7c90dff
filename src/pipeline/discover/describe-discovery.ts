import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { RESOLUTIONS_KM } from '../read/resolution-tokens';
import type { ResolutionKm } from '../read/resolution-tokens';
import type { Discovery, StatusInput, TrendsInput } from './discovery';
import { listProductFiles } from './list-product-files';

/** Decimal units, as file managers and download pages show sizes. */
export function formatSize(bytes: number): string {
  const units: [number, string][] = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
    }
  }
  return `${bytes} B`;
}

function trendsPart(trends: TrendsInput[]): string {
  const releases = [...new Set(trends.map((input) => input.release))].sort();
  return releases
    .map((release) => {
      const seasons = trends.filter((input) => input.release === release).map((input) => input.season);
      return `trends ${release} (${[...new Set(seasons)].join(', ')})`;
    })
    .join(' · ');
}

function statusLine(input: StatusInput, resolutionKm: ResolutionKm, trends: TrendsInput[]): string {
  const files = listProductFiles(input.folder).filter((file) => file.resolution === resolutionKm);
  const count = (folder: string) => files.filter((file) => file.folder === folder).length;
  const weekly = count('weekly');
  const products = [
    weekly > 0 && `weekly (${weekly} product${weekly === 1 ? '' : 's'})`,
    count('seasonal') > 0 && 'seasonal',
    count('ranges') > 0 && 'ranges',
    existsSync(join(input.folder, 'regional_stats.csv'))
      ? 'regional stats'
      : input.regionalStatsParquet && `regional stats (${basename(input.regionalStatsParquet)})`,
  ].filter(Boolean);
  const mine = trends.filter((item) => item.runName === input.runName);
  const has = input.resolutions.map((km) => `${km} km`).join(', ') || 'none';
  return [
    input.runName,
    `release ${input.release}`,
    `${resolutionKm} km`,
    input.resolutions.includes(resolutionKm)
      ? products.join(', ')
      : `no ${resolutionKm} km products (has ${has})`,
    ...(mine.length > 0 ? [trendsPart(mine)] : []),
  ].join(' · ');
}

/** Bytes of the weekly and seasonal rasters of every status input, by resolution. */
function rasterBytes(discovery: Discovery): Map<ResolutionKm, number> {
  const bytes = new Map<ResolutionKm, number>();
  for (const input of discovery.status)
    for (const file of listProductFiles(input.folder))
      if (file.folder !== 'ranges')
        bytes.set(file.resolution, (bytes.get(file.resolution) ?? 0) + file.bytes);
  return bytes;
}

/** What choosing `resolutionKm` costs, beside what the other resolutions present would: "27 km: 4.1 MB of rasters; 9 km also present: 37 MB (about 9× the cells)". */
/** 9 km beside 27 km: "9×"; 27 km beside 9 km: "1/9". */
function cellRatio(chosenKm: ResolutionKm, otherKm: ResolutionKm): string {
  const ratio = (chosenKm / otherKm) ** 2;
  return ratio >= 1 ? `${Math.round(ratio)}×` : `1/${Math.round(1 / ratio)}`;
}

function costLine(discovery: Discovery, resolutionKm: ResolutionKm): string | undefined {
  const bytes = rasterBytes(discovery);
  if (discovery.status.length === 0) return undefined;
  const others = RESOLUTIONS_KM.filter((km) => km !== resolutionKm && bytes.has(km)).map(
    (km) =>
      `${km} km also present: ${formatSize(bytes.get(km)!)} (about ${cellRatio(resolutionKm, km)} the cells)`,
  );
  return [`${resolutionKm} km: ${formatSize(bytes.get(resolutionKm) ?? 0)} of rasters`, ...others].join('; ');
}

/**
 * One line per species-release found ("yebsap-example · release 2023 · 27 km · weekly (6 products),
 * seasonal, ranges, regional stats · trends 2022 (breeding)"), a line per trends model with no status
 * folder, then what the chosen resolution costs. Said before the build so a wrong folder shows at once.
 */
export function describeDiscovery(discovery: Discovery, resolutionKm: ResolutionKm): string[] {
  const statusRuns = new Set(discovery.status.map((input) => input.runName));
  const orphanRuns = [
    ...new Set(discovery.trends.filter((item) => !statusRuns.has(item.runName)).map((item) => item.runName)),
  ];
  const cost = costLine(discovery, resolutionKm);
  return [
    ...discovery.status.map((input) => statusLine(input, resolutionKm, discovery.trends)),
    ...orphanRuns.map(
      (run) =>
        `${run} · ${trendsPart(discovery.trends.filter((item) => item.runName === run))} (no status folder)`,
    ),
    ...(cost ? [cost] : []),
  ];
}
