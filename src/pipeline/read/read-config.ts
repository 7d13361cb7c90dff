import { readFile } from 'node:fs/promises';
import { PipelineError } from '../pipeline-error';

export interface SeasonConfig {
  season: string;
  start_date: string;
  end_date: string;
  passed_review: boolean;
  quality: number | null;
}

export interface StatusConfig {
  runName: string;
  release: number;
  isResident: boolean;
  /** ISO dates of weeks 1..52 (week midpoints). */
  weekDates: string[];
  seasons: SeasonConfig[];
}

const FIX = 'Use the config.json of the eBird S&T download as is';

/** Upper-case config keys hold scalars wrapped in 1-element arrays (FORMAT.md §3). */
function scalar(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function dateOfDay(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);
}

export async function readConfig(file: string): Promise<StatusConfig> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new PipelineError('bad_config', file, `not valid JSON (${(error as Error).message})`, FIX);
  }
  const release = Number(scalar(json.SRD_PRED_YEAR));
  const days = json.SRD_PRED_DAYS;
  const runName = scalar(json.SPECIES_CODE);
  if (
    !Number.isInteger(release) ||
    typeof runName !== 'string' ||
    !Array.isArray(days) ||
    days.length !== 52
  ) {
    throw new PipelineError(
      'bad_config',
      file,
      'needs SRD_PRED_YEAR, SPECIES_CODE and 52 SRD_PRED_DAYS',
      FIX,
    );
  }
  const rawSeasons = Array.isArray(json.season_dates) ? (json.season_dates as Record<string, unknown>[]) : [];
  const quality = (json.quality ?? {}) as Record<string, unknown>;
  return {
    runName,
    release,
    isResident: scalar(json.IS_RESIDENT) === true,
    weekDates: days.map((day) => dateOfDay(release, Number(day))),
    seasons: rawSeasons.map((season) => ({
      season: String(season.season),
      start_date: String(season.start_date),
      end_date: String(season.end_date),
      passed_review: season.pass === true,
      quality: Number(season.quality ?? scalar(quality[String(season.season)]) ?? NaN),
    })),
  };
}

/** Weeks (1-based) whose date lies in the season, inclusive; nonbreeding wraps the year end (FORMAT.md §6). */
export function seasonWeeks(season: { start_date: string; end_date: string }, weekDates: string[]): number[] {
  const start = season.start_date.slice(5);
  const end = season.end_date.slice(5);
  const inside = (monthDay: string) =>
    start <= end ? monthDay >= start && monthDay <= end : monthDay >= start || monthDay <= end;
  return weekDates.flatMap((date, index) => (inside(date.slice(5)) ? [index + 1] : []));
}
