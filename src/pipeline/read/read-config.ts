import { basename, dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import { PipelineError } from '../pipeline-error';
import { readBandDates } from './read-band-dates';

export interface SeasonConfig {
  season: string;
  start_date: string;
  end_date: string;
  passed_review: boolean;
  quality: number | null;
}

/** Where the week dates came from, best first (issue 15). */
export type WeekDateSource = 'band-dates.csv' | 'SRD_PRED_DAYS' | 'SRD_DATE_VEC';

export interface StatusConfig {
  runName: string;
  release: number;
  isResident: boolean;
  /** ISO dates of weeks 1..52 (week midpoints). */
  weekDates: string[];
  weekDateSource: WeekDateSource;
  /** Empty when config.json has no `season_dates` (release 2021 configs may lack it). */
  seasons: SeasonConfig[];
  /** Things the build should tell a person, e.g. that the config names no seasons. */
  notes: string[];
}

const FIX = 'Use the config.json of the eBird S&T download as is';

/** Upper-case config keys hold scalars wrapped in 1-element arrays (FORMAT.md §3). */
function scalar(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function dateOfDay(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);
}

/**
 * Day of year of an `SRD_DATE_VEC` value (a fraction of the year: the week midpoints of
 * seq(0, 1, length = 53), rounded to 4 digits). ebirdst turns them into days with
 * `round(x * 366)` (label_raster_stack, get_dates: days_in_year = 366); that gives release 2021's
 * band-dates.csv exactly: 0.0096 → 2021-01-04, 0.5096 → 2021-07-06, 0.9904 → 2021-12-28.
 */
export function dayOfYearFraction(fraction: number): number {
  return Math.round(fraction * 366);
}

function is52Numbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.length === 52 && value.every((day) => Number.isFinite(Number(day)));
}

async function weekDates(
  file: string,
  json: Record<string, unknown>,
  release: number,
  bandDatesFile: string | undefined,
): Promise<{ dates: string[]; source: WeekDateSource }> {
  if (bandDatesFile) return { dates: await readBandDates(bandDatesFile, release), source: 'band-dates.csv' };
  if (is52Numbers(json.SRD_PRED_DAYS))
    return {
      dates: json.SRD_PRED_DAYS.map((day) => dateOfDay(release, Number(day))),
      source: 'SRD_PRED_DAYS',
    };
  if (is52Numbers(json.SRD_DATE_VEC))
    return {
      dates: json.SRD_DATE_VEC.map((fraction) => dateOfDay(release, dayOfYearFraction(Number(fraction)))),
      source: 'SRD_DATE_VEC',
    };
  throw new PipelineError(
    'bad_config',
    file,
    'has neither 52 SRD_PRED_DAYS (release 2022+) nor 52 SRD_DATE_VEC (release 2021), and there is no weekly/band-dates.csv',
    FIX,
  );
}

/**
 * Reads config.json. The week dates come from `weekly/band-dates.csv` when the download has it,
 * else `SRD_PRED_DAYS`, else `SRD_DATE_VEC`: release 2021's dates are not the day numbers of
 * 2022's SRD_PRED_DAYS (2021 week 27 is 07-06, 2022's is 07-05), so they are never assumed.
 */
export async function readConfig(file: string, bandDatesFile?: string): Promise<StatusConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new PipelineError(
      'input_not_found',
      file,
      'is missing: every eBird S&T status download has a config.json',
      'Download the species again, or pass the folder that holds config.json',
    );
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new PipelineError('bad_config', file, `not valid JSON (${(error as Error).message})`, FIX);
  }
  const release = Number(scalar(json.SRD_PRED_YEAR));
  if (!Number.isInteger(release))
    throw new PipelineError('bad_config', file, 'needs SRD_PRED_YEAR (the release year)', FIX);
  const notes: string[] = [];
  // eBird names the species folder after the run (yebsap-example), so it stands in for a config
  // that does not say SPECIES_CODE; the species' names still come from its ranges or taxonomy.csv.
  const stated = scalar(json.SPECIES_CODE);
  const runName = typeof stated === 'string' && stated ? stated : basename(dirname(file));
  if (runName !== stated)
    notes.push(`${file} has no SPECIES_CODE: the run is named after its folder, ${runName}.`);
  const weeks = await weekDates(file, json, release, bandDatesFile);
  const rawSeasons = Array.isArray(json.season_dates) ? (json.season_dates as Record<string, unknown>[]) : [];
  if (rawSeasons.length === 0)
    notes.push(
      `${file} has no season_dates: the seasons table has no rows for ${runName} (season dates and expert review unknown).`,
    );
  const quality = (json.quality ?? {}) as Record<string, unknown>;
  return {
    runName,
    release,
    isResident: scalar(json.IS_RESIDENT) === true,
    weekDates: weeks.dates,
    weekDateSource: weeks.source,
    seasons: rawSeasons.map((season) => {
      const score = Number(season.quality ?? scalar(quality[String(season.season)]) ?? NaN);
      return {
        season: String(season.season),
        start_date: String(season.start_date),
        end_date: String(season.end_date),
        passed_review: season.pass === true,
        quality: Number.isFinite(score) ? score : null,
      };
    }),
    notes,
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
