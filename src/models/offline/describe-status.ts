import type { Measure, Operation } from '../../frame/query-frame';
import type { StatusResult, StatusSubject } from '../../frame/status-result';
import { describeTime, timePhrase } from './describe-time';
import {
  formatDate,
  formatFigure,
  formatPartOfMonth,
  formatShare,
  formatSignedPercent,
  roundNumbersIn,
} from './format-figure';

/**
 * The words of an answer, one builder per operation, in three parts (issue 12: answers read like
 * a log): `headline`, one plain sentence a person reads first ("The Yellow-bellied Sapsucker
 * reaches Michigan in mid-April and is most numerous around 19 April."), with no week number,
 * ISO date or coordinate; `figures`, the numbers behind it, dates as "19 April" and places by
 * name; `method`, the weeks read, ISO dates, thresholds and coordinates, for the Details. Every
 * number comes from the tool result; a new operation is one entry in OPERATION_TEXT.
 */
export interface SubjectText {
  headline: string;
  figures: string[];
  method: string[];
}

/** What the answer knows beyond the result: the region the data is masked to names "every modelled cell". */
export interface DescribeContext {
  dataArea?: string;
}

/** What a measure is called in a sentence. */
const MEASURE_WORDS: Record<Measure, string> = {
  abundance: 'relative abundance',
  occurrence: 'chance of detection on a standard checklist',
  count: 'expected count where detected',
  proportion_population: 'share of the population',
  range_area: 'range area',
  trend: 'trend',
};

/** A measure's value as written: shares as percentages, the rest as numbers. */
function valueText(measure: Measure, value: number | null): string {
  if (value === null) return 'not modelled';
  if (measure === 'occurrence' || measure === 'proportion_population') return formatShare(value);
  if (measure === 'trend') return `${formatSignedPercent(value)} per year`;
  return formatFigure(value);
}

/**
 * Below this share of the species' own peak (the highest place-wide weekly mean of the year in
 * the same place) a level reads "essentially absent". Relative to the peak, not a fixed number:
 * abundance runs 0–2.6 and occurrence 0–0.78 in the example, and a rare species' peak may be
 * below a common one's winter. A twentieth is a fifth of the arrival rule's default (25% of the
 * peak, thresholds.ts): far below where the bird counts as arrived. In the example winter is
 * 0.24% of the peak (0.00155 vs 0.654) and January's chance 0.4%, while the first arrival week
 * (week 12, 15 March) is already 7%.
 */
const ESSENTIALLY_ABSENT_SHARE = 0.05;

/** No place named: the tool's "every modelled cell" is said as the region the data is masked to, or not at all. */
const EVERY_CELL = /^every modelled cell/;
/** Cells shared by fewer than this many modelled cells are border cells of a masked model (Wisconsin's 8 in the example), not a region worth listing. */
const MIN_REGION_CELLS = 10;

/** The first letter in capitals: sentences may start with a date or a figure's label. */
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Place names said with "the": "the Upper Peninsula", "the western Upper Peninsula", "the United States"; not "Michigan". */
const NEEDS_THE = /\b(Peninsula|Region|Coast|Islands?|States|Kingdom)\b/;

/** A place as it reads after "in": "the Upper Peninsula", "Michigan"; "" for every modelled cell of unmasked data. */
function placeName(label: string, context: DescribeContext): string {
  if (EVERY_CELL.test(label)) return context.dataArea ?? '';
  if (NEEDS_THE.test(label) && !/^the\b/i.test(label)) return `the ${label}`;
  return label;
}

/** " in the Upper Peninsula", " within 50 km of Marquette", "". */
function inPlace(subject: StatusSubject, context: DescribeContext): string {
  const name = placeName(subject.place_label, context);
  if (!name) return '';
  return /^within\b/.test(name) ? ` ${name}` : ` in ${name}`;
}

/** "The Yellow-bellied Sapsucker". */
const bird = (subject: StatusSubject) => `the ${subject.common_name}`;

/** "the week of 19 April" — a week in words, for the figures; its number and ISO date go to the method. */
const weekWords = (point: { date: string }) => `the week of ${formatDate(point.date)}`;
const weekMethod = (point: { week: number; date: string }) => `week ${point.week} (${point.date})`;

/** The weeks the tool read, for the Details: "Weeks read: 14–17 (2023-04-05 to 2023-04-26)." */
function weeksRead(subject: StatusSubject): string[] {
  const { span } = describeTime(subject.time_label);
  if (span) return [`Weeks read: ${span}.`];
  return subject.weeks.length === 52 ? ['Weeks read: all 52 weekly estimates.'] : [];
}

/** "in the western Upper Peninsula, near Iron River" — a cell by its area and nearest town, never by coordinates. */
function cellPlace(cell: { area?: string | null | undefined; near: string | null }): string {
  const town = cell.near ? townOf(cell.near) : '';
  const area = cell.area ? (NEEDS_THE.test(cell.area) ? `the ${cell.area}` : cell.area) : '';
  if (area && town) return `in ${area}, near ${town}`;
  if (area) return `in ${area}`;
  if (town) return `near ${town}`;
  return 'in an unnamed cell';
}
/** "19 km SW of Iron River, MI" → "Iron River"; "at Dowagiac, MI" → "Dowagiac". */
function townOf(near: string): string {
  return near
    .replace(/^.*? of /, '')
    .replace(/^at /, '')
    .replace(/, [A-Z]{2,3}$/, '');
}
/** A cell as listed in the figures: "19 km SW of Iron River, MI (1.02)". */
function cellItem(cell: NonNullable<StatusSubject['top_cells']>[number], measure: Measure): string {
  return `${cell.near ?? cellPlace(cell)} (${valueText(measure, cell.value)})`;
}
/** Coordinates go to the Details only. */
function lonLat(point: { lon: number; lat: number }): string {
  return `${formatFigure(point.lat, 4)}°N, ${formatFigure(Math.abs(point.lon), 4)}°${point.lon < 0 ? 'W' : 'E'}`;
}

/** The level over the time is under a twentieth of the year's peak (ESSENTIALLY_ABSENT_SHARE). */
export function essentiallyAbsent(subject: StatusSubject, measure: Measure): boolean {
  if (measure !== 'abundance' && measure !== 'occurrence') return false;
  const peak = subject.year_peak?.value;
  if (subject.mean === null || peak == null || peak <= 0) return false;
  return subject.mean < ESSENTIALLY_ABSENT_SHARE * peak;
}

function predictedAbsent(subject: StatusSubject): boolean {
  return subject.cells_modelled > 0 && subject.cells_zero === subject.cells_modelled;
}

/** "under 5% of its peak (0.654, in the week of 19 April)" — why a level reads as absent. */
function peakComparison(subject: StatusSubject, measure: Measure): string {
  const peak = subject.year_peak!;
  return `under ${formatShare(ESSENTIALLY_ABSENT_SHARE)} of its peak here (${valueText(measure, peak.value)}, in ${weekWords(peak)})`;
}

/** The place-wide mean and what it is over. */
function meanFigure(subject: StatusSubject, measure: Measure): string {
  const interval =
    subject.lower != null && subject.upper != null
      ? ` (80% interval ${valueText(measure, subject.lower)} to ${valueText(measure, subject.upper)})`
      : '';
  const total =
    subject.total !== null && measure === 'abundance' ? `, total ${formatFigure(subject.total)}` : '';
  return `The mean ${MEASURE_WORDS[measure]} is ${valueText(measure, subject.mean)}${interval} over ${formatFigure(subject.cells_modelled)} modelled cells${total}.`;
}

/** How many cells are above zero: said as a share only when the bird is really there. */
function presenceFigure(subject: StatusSubject, measure: Measure): string[] {
  if (
    subject.cells_present === undefined ||
    subject.present_share === undefined ||
    (measure !== 'abundance' && measure !== 'occurrence') ||
    subject.mean === null ||
    predictedAbsent(subject)
  )
    return [];
  const counted = `${formatFigure(subject.cells_present)} of ${formatFigure(subject.cells_modelled)} modelled cells (${formatShare(subject.present_share)})`;
  return essentiallyAbsent(subject, measure)
    ? [`Only trace levels remain: ${counted} are above zero, nearly all close to it.`]
    : [`It is predicted present in ${counted}.`];
}

/** The plain level of a value answer: "averages 0.35 on a standard checklist", "a 26.5% chance". */
function levelHeadline(subject: StatusSubject, measure: Measure, context: DescribeContext): string {
  const where = `${inPlace(subject, context)}${timePhrase(subject)}`;
  const value = valueText(measure, subject.mean);
  switch (measure) {
    case 'occurrence':
      return `A standard checklist${where} has about a ${value} chance of detecting ${bird(subject)}.`;
    case 'count':
      return `Where ${bird(subject)} is detected${where}, a standard checklist records about ${value} of them.`;
    case 'proportion_population':
      return `About ${formatShare(subject.total ?? 0)} of ${bird(subject)}'s whole population is${where}.`;
    default:
      return `A standard checklist${where} can expect about ${value} ${subject.common_name}s (relative abundance).`;
  }
}

function levelText(subject: StatusSubject, result: StatusResult, context: DescribeContext): SubjectText {
  const measure = result.measure;
  const where = `${inPlace(subject, context)}${timePhrase(subject)}`;
  const method = weeksRead(subject);
  if (subject.mean === null)
    return { headline: `${capital(bird(subject))} is not modelled${where}.`, figures: [], method };
  if (predictedAbsent(subject))
    return {
      headline: `${capital(bird(subject))} is predicted absent${where}.`,
      figures: [`All ${formatFigure(subject.cells_modelled)} modelled cells are 0.`],
      method,
    };
  if (essentiallyAbsent(subject, measure))
    return {
      headline: `${capital(bird(subject))} is essentially absent${inPlace(subject, context).replace(/^ in /, ' from ')}${timePhrase(subject)}.`,
      figures: [
        `Its mean ${MEASURE_WORDS[measure]} is ${valueText(measure, subject.mean)}, ${peakComparison(subject, measure)}.`,
        ...presenceFigure(subject, measure),
        ...bestWeekFigure(subject, measure),
        ...bestCellFigures(subject, measure),
      ],
      method: [...method, ...bestWeekMethod(subject), meanMethod(subject, measure)],
    };
  const figures =
    measure === 'proportion_population'
      ? [
          `That is the sum over ${formatFigure(subject.cells_modelled)} modelled cells, ${formatShare(subject.mean)} per cell on average.`,
        ]
      : [meanFigure(subject, measure), ...presenceFigure(subject, measure)];
  return {
    headline: levelHeadline(subject, measure, context),
    figures: [...figures, ...bestWeekFigure(subject, measure), ...bestCellFigures(subject, measure)],
    method: [...method, ...bestWeekMethod(subject)],
  };
}

function meanMethod(subject: StatusSubject, measure: Measure): string {
  return `The mean is over ${formatFigure(subject.cells_modelled)} modelled cells${subject.total !== null && measure === 'abundance' ? ` (total ${formatFigure(subject.total)})` : ''}; "essentially absent" means under ${formatShare(ESSENTIALLY_ABSENT_SHARE)} of the highest weekly mean of the year in the same place${subject.year_peak ? `, in week ${subject.year_peak.week} (${subject.year_peak.date})` : ''}.`;
}

function bestWeekFigure(subject: StatusSubject, measure: Measure): string[] {
  return subject.peak && subject.weeks.length > 1 && subject.peak.value !== null
    ? [
        `The best week is ${weekWords(subject.peak)}, with a mean of ${valueText(measure, subject.peak.value)}.`,
      ]
    : [];
}
function bestWeekMethod(subject: StatusSubject): string[] {
  return subject.peak && subject.weeks.length > 1 ? [`Best week: ${weekMethod(subject.peak)}.`] : [];
}

function bestCellFigures(subject: StatusSubject, measure: Measure): string[] {
  const [top] = subject.top_cells ?? [];
  const sentences: string[] = [];
  if (top && top.value !== null && top.value > 0)
    sentences.push(
      `The best cell${top.near ? `, ${top.near},` : ''} has ${valueText(measure, top.value)}${subject.weeks.length > 1 ? ' on average' : ''}.`,
    );
  if (subject.weeks.length > 1 && subject.cell_week_max != null && subject.cell_week_max > 0)
    sentences.push(
      `At the best cell in its best week it reaches ${valueText(measure, subject.cell_week_max)}.`,
    );
  return sentences;
}

function whereText(direction: 'highest' | 'lowest'): Builder {
  return (subject, result, context) => {
    const [top] = subject.top_cells ?? [];
    const measure = result.measure;
    const where = `${inPlace(subject, context)}${timePhrase(subject)}`;
    if (!top)
      return {
        headline: `${capital(bird(subject))} has no modelled cells${where}.`,
        figures: [],
        method: weeksRead(subject),
      };
    const listed = `The ${direction} of ${formatFigure(subject.cells_modelled)} modelled cells: ${(subject.top_cells ?? []).map((cell) => cellItem(cell, measure)).join('; ')}.`;
    if (measure === 'trend')
      return {
        headline: `${capital(bird(subject))} is ${direction === 'highest' ? 'increasing fastest' : 'decreasing fastest'}${inPlace(subject, context)} ${cellPlace(top)}, at ${valueText(measure, top.value)}.`,
        figures: [listed],
        method: [],
      };
    const absent = essentiallyAbsent(subject, measure);
    const verb = WHERE_VERBS[measure][direction === 'highest' ? 0 : 1];
    const named = mainCell(subject.top_cells ?? []);
    const from = `${inPlace(subject, context).replace(/^ in /, ' from ')}${timePhrase(subject)}`;
    const when = timePhrase(subject).trim();
    const lead = when ? `${capital(when)}, ${bird(subject)}` : capital(bird(subject));
    // The cell's area names the place; the place asked is said only when the cell has none.
    const within = named.area ? '' : inPlace(subject, context);
    const headline = predictedAbsent(subject)
      ? `${capital(bird(subject))} is predicted absent${from}: every modelled cell is 0.`
      : absent && direction === 'highest'
        ? `${capital(bird(subject))} is essentially absent${from}; the little there is lies ${cellPlace(named)}.`
        : top.value === 0
          ? `${lead} is predicted absent in ${formatFigure(subject.cells_zero)} of ${formatFigure(subject.cells_modelled)} modelled cells${within}; the lowest listed lie ${cellPlace(named)}.`
          : `${lead} is ${verb}${within} ${cellPlace(named)}.`;
    const level = absent
      ? [
          `The mean over the place is ${valueText(measure, subject.mean)}, ${peakComparison(subject, measure)}.`,
          ...presenceFigure(subject, measure),
        ]
      : [meanFigure(subject, measure), ...presenceFigure(subject, measure)];
    const regions = (subject.top_regions ?? []).filter((region) => region.cells >= MIN_REGION_CELLS);
    return {
      headline,
      figures: [listed, ...level, ...regionalFigures(subject)],
      method: [
        ...weeksRead(subject),
        ...(regions.length > 1
          ? [
              `Mean by region: ${regions.map((region) => `${region.name} ${valueText(measure, region.value)}`).join(', ')}.`,
            ]
          : []),
        ...(absent ? [meanMethod(subject, measure)] : []),
        ...regionalMethod(subject),
      ],
    };
  };
}

/** How a where-answer says its direction, per measure. */
const WHERE_VERBS: Record<Measure, [string, string]> = {
  abundance: ['most numerous', 'least numerous'],
  occurrence: ['most likely to be seen', 'least likely to be seen'],
  count: ['seen in the largest numbers where detected', 'seen in the smallest numbers where detected'],
  proportion_population: ['most concentrated', 'least concentrated'],
  range_area: ['widest', 'narrowest'],
  trend: ['increasing fastest', 'decreasing fastest'],
};

/**
 * The cell a where-answer names: the first of the top cells in the area most of them share, so a
 * best cell just over the state line does not name the state ("northern Wisconsin") when three of
 * the five are in the western Upper Peninsula.
 */
function mainCell<Cell extends { area?: string | null | undefined }>(cells: readonly Cell[]): Cell {
  const counts = new Map<string, number>();
  for (const cell of cells) if (cell.area) counts.set(cell.area, (counts.get(cell.area) ?? 0) + 1);
  let best: string | undefined;
  for (const [area, count] of counts) if (best === undefined || count > counts.get(best)!) best = area;
  return cells.find((cell) => cell.area === best) ?? cells[0]!;
}

/** eBird's whole-range regional statistics for the season, most populous first. */
function regionalFigures(subject: StatusSubject): string[] {
  const rows = subject.regional_stats ?? [];
  if (rows.length === 0) return [];
  const parts = rows.map((row) =>
    [
      `${row.name ?? row.code} holds ${row.total_pop_fraction === null ? 'an unknown share' : formatShare(row.total_pop_fraction)} of the whole population`,
      row.range_occupied_fraction === null
        ? ''
        : `its range covers ${formatShare(row.range_occupied_fraction)} of it`,
      row.abundance_mean === null ? '' : `mean abundance ${formatFigure(row.abundance_mean)}`,
      row.max_week ? `most in the week of ${formatDate(row.max_week)}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  );
  return [`By eBird's regional statistics for the season: ${parts.join('; ')}.`];
}
function regionalMethod(subject: StatusSubject): string[] {
  const weeks = (subject.regional_stats ?? []).filter((row) => row.max_week);
  return weeks.length > 0
    ? [
        `Peak weeks of eBird's regional statistics: ${weeks.map((row) => `${row.name ?? row.code} ${row.max_week}`).join(', ')}.`,
      ]
    : [];
}

function whenText(direction: 'highest' | 'lowest'): Builder {
  return (subject, result, context) => {
    const measure = result.measure;
    const where = `${inPlace(subject, context)}${timePhrase(subject)}`;
    if (!subject.week)
      return {
        headline: `${capital(bird(subject))} has no modelled weeks${where}.`,
        figures: [],
        method: weeksRead(subject),
      };
    const verb = WHERE_VERBS[measure][direction === 'highest' ? 0 : 1];
    const during = timePhrase(subject)
      ? `${capital(timePhrase(subject).trim())}, ${bird(subject)}`
      : capital(bird(subject));
    return {
      headline: `${during} is ${verb}${inPlace(subject, context)} around ${formatDate(subject.week.date)}.`,
      figures: [
        `In ${weekWords(subject.week)} its mean ${MEASURE_WORDS[measure]} is ${valueText(measure, subject.week.value)}${weekTotal(subject.week, measure, subject.cells_modelled)}.`,
      ],
      method: [
        ...weeksRead(subject),
        `The ${direction} weekly mean is in ${weekMethod(subject.week)}, of ${formatFigure(subject.weeks.length)} weeks read.`,
      ],
    };
  };
}

/** A week's sum over cells, where it means something: an abundance index, or the share of the population in the place. */
function weekTotal(point: { total?: number | null }, measure: Measure, cells: number): string {
  if (point.total == null) return '';
  if (measure === 'abundance')
    return ` over ${formatFigure(cells)} modelled cells (total ${formatFigure(point.total)})`;
  if (measure === 'proportion_population') return `, ${formatShare(point.total)} of the whole population`;
  return '';
}

function thresholdFigure(subject: StatusSubject, measure: Measure): string {
  return subject.threshold ? valueText(measure, subject.threshold.value) : 'the threshold';
}
function thresholdMethod(subject: StatusSubject, measure: Measure): string[] {
  return subject.threshold
    ? [
        `Threshold: ${valueText(measure, subject.threshold.value)}, ${roundNumbersIn(subject.threshold.rule)}.`,
      ]
    : [];
}

/** "and is most numerous around 19 April" — the peak, said with an arrival or a stay. */
function peakClause(subject: StatusSubject, measure: Measure): string {
  if (!subject.peak || subject.peak.value === null) return '';
  return ` and is ${measure === 'abundance' ? 'most numerous' : 'most likely to be seen'} around ${formatDate(subject.peak.date)}`;
}
function peakFigure(subject: StatusSubject, measure: Measure): string[] {
  return subject.peak && subject.peak.value !== null
    ? [`Its peak, in ${weekWords(subject.peak)}, is a mean of ${valueText(measure, subject.peak.value)}.`]
    : [];
}
function peakMethod(subject: StatusSubject): string[] {
  return subject.peak ? [`Peak: ${weekMethod(subject.peak)}.`] : [];
}

function edgeText(edge: 'first' | 'last'): Builder {
  return (subject, result, context) => {
    const measure = result.measure;
    const place = placeName(subject.place_label, context);
    if (!subject.week)
      return {
        headline: `The mean ${MEASURE_WORDS[measure]} of ${bird(subject)}${inPlace(subject, context)} never reaches ${thresholdFigure(subject, measure)}${timePhrase(subject)}.`,
        figures: [],
        method: [...weeksRead(subject), ...thresholdMethod(subject, measure)],
      };
    const date = subject.week.date;
    const headline =
      edge === 'first'
        ? `${capital(bird(subject))} ${place ? `reaches ${place}` : 'arrives'} in ${formatPartOfMonth(date)} (around ${formatDate(date)})${peakClause(subject, measure)}.`
        : `${capital(bird(subject))} leaves${place ? ` ${place}` : ''} in ${formatPartOfMonth(date)} (around ${formatDate(date)}).`;
    return {
      headline,
      figures: [
        `${capital(weekWords(subject.week))} is the ${edge} week whose mean ${MEASURE_WORDS[measure]} (${valueText(measure, subject.week.value)}) is at least ${thresholdFigure(subject, measure)}.`,
        ...peakFigure(subject, measure),
      ],
      method: [
        `${capital(edge)} week at or above the threshold: ${weekMethod(subject.week)}.`,
        ...thresholdMethod(subject, measure),
        ...peakMethod(subject),
        ...weeksRead(subject),
      ],
    };
  };
}

const stayText: Builder = (subject, result, context) => {
  const measure = result.measure;
  if (!subject.stay)
    return {
      headline: `The mean ${MEASURE_WORDS[measure]} of ${bird(subject)}${inPlace(subject, context)} never reaches ${thresholdFigure(subject, measure)}.`,
      figures: [],
      method: thresholdMethod(subject, measure),
    };
  const { first, last, weeks } = subject.stay;
  return {
    headline: `${capital(bird(subject))} stays${inPlace(subject, context)} about ${formatFigure(weeks)} weeks, from ${formatPartOfMonth(first.date)} to ${formatPartOfMonth(last.date)}.`,
    figures: [
      `Its mean ${MEASURE_WORDS[measure]} is at least ${thresholdFigure(subject, measure)} from ${weekWords(first)} to ${weekWords(last)}.`,
      ...peakFigure(subject, measure),
    ],
    method: [
      `First and last weeks at or above the threshold: ${weekMethod(first)} and ${weekMethod(last)}.`,
      ...thresholdMethod(subject, measure),
      ...peakMethod(subject),
    ],
  };
};

function changeText(verb: 'rises' | 'drops'): Builder {
  return (subject, result, context) => {
    const measure = result.measure;
    const change = subject.change;
    if (!change)
      return {
        headline: `${capital(bird(subject))} has too few modelled weeks${inPlace(subject, context)} to measure a change.`,
        figures: [],
        method: weeksRead(subject),
      };
    return {
      headline: `${capital(bird(subject))}'s numbers ${verb === 'rises' ? 'rise' : 'drop'} fastest${inPlace(subject, context)} from ${weekWords(change.from)} to ${weekWords(change.to)}.`,
      figures: [
        `The mean ${MEASURE_WORDS[measure]} goes from ${valueText(measure, change.from.value)} to ${valueText(measure, change.to.value)} (${change.change > 0 ? '+' : '-'}${formatFigure(Math.abs(change.change))}).`,
      ],
      method: [
        `From ${weekMethod(change.from)} to ${weekMethod(change.to)}, the largest week-to-week ${verb === 'rises' ? 'rise' : 'drop'}.`,
        ...weeksRead(subject),
      ],
    };
  };
}

const cellsAboveText: Builder = (subject, result, context) => {
  const measure = result.measure;
  if (!subject.cells_above) return levelText(subject, result, context);
  const { count, share, threshold } = subject.cells_above;
  return {
    headline: `${formatShare(share)} of the modelled cells${inPlace(subject, context)} have a mean ${MEASURE_WORDS[measure]} of at least ${valueText(measure, threshold)}${timePhrase(subject)}.`,
    figures: [`That is ${formatFigure(count)} of ${formatFigure(subject.cells_modelled)} modelled cells.`],
    method: [...weeksRead(subject), ...thresholdMethod(subject, measure)],
  };
};

const centreText: Builder = (subject, _result, context) => {
  const centre = subject.centre;
  const when = timePhrase(subject);
  if (!centre)
    return {
      headline: `${capital(bird(subject))} has no modelled cells${inPlace(subject, context)}${when}, so there is no centre.`,
      figures: [],
      method: weeksRead(subject),
    };
  const lead = when ? `${capital(when.trim())}, the centre` : 'The centre';
  return {
    headline: `${lead} of ${bird(subject)}'s population${inPlace(subject, context)} lies ${cellPlace(centre)}.`,
    figures: centre.near ? [`That is ${centre.near.replace(/^at /, 'at ')}.`] : [],
    method: [`The abundance-weighted mean of the cell centres: ${lonLat(centre)}.`, ...weeksRead(subject)],
  };
};

type Builder = (subject: StatusSubject, result: StatusResult, context: DescribeContext) => SubjectText;

const OPERATION_TEXT: Record<Operation, Builder> = {
  value: levelText,
  where_highest: whereText('highest'),
  where_lowest: whereText('lowest'),
  when_highest: whenText('highest'),
  when_lowest: whenText('lowest'),
  first_week_above: edgeText('first'),
  last_week_above: edgeText('last'),
  length_of_stay: stayText,
  biggest_rise: changeText('rises'),
  biggest_drop: changeText('drops'),
  cells_above: cellsAboveText,
  centre: centreText,
  which_larger: levelText,
  rank_species: () => ({ headline: '', figures: [], method: [] }),
};

/** Units as a birder says them. */
const AREA_WORDS: Record<string, string> = { 'mi²': 'square miles', 'km²': 'km²' };
const RANGE_SEASON: Record<string, string> = {
  breeding: 'breeding range',
  nonbreeding: 'winter (non-breeding) range',
  prebreeding_migration: 'spring-migration range',
  postbreeding_migration: 'fall-migration range',
  resident: 'year-round range',
};

function areaText(subject: StatusSubject, context: DescribeContext): SubjectText {
  const area = subject.area;
  if (!area)
    return {
      headline: `There is no range polygon for ${bird(subject)}${inPlace(subject, context)}${timePhrase(subject)}.`,
      figures: [],
      method: [],
    };
  const unit = area.unit.startsWith('%') ? `${area.unit}` : ` ${AREA_WORDS[area.unit] ?? area.unit}`;
  const km2 = area.unit === 'km²' ? '' : ` (${formatFigure(area.km2)} km²)`;
  const range = RANGE_SEASON[area.season] ?? `${area.season.replace(/_/g, ' ')} range`;
  const share =
    area.of_km2 && area.share !== undefined && !area.unit.startsWith('%')
      ? [
          `That is ${formatShare(area.share)} of the ${formatFigure(area.of_km2)} km² ${subject.cells_in_place > 0 ? 'of modelled cells there' : 'prediction area'}.`,
        ]
      : [];
  return {
    headline: `${capital(bird(subject))}'s ${range}${inPlace(subject, context)} covers about ${formatFigure(area.value)}${unit}${km2}.`,
    figures: share,
    method: area.extent
      ? [
          `The range polygons span longitude ${formatFigure(area.extent.xmin)} to ${formatFigure(area.extent.xmax)} and latitude ${formatFigure(area.extent.ymin)} to ${formatFigure(area.extent.ymax)}.`,
        ]
      : [],
  };
}

function trendText(subject: StatusSubject, context: DescribeContext): SubjectText {
  const trend = subject.trend;
  const where = inPlace(subject, context);
  if (!trend)
    return { headline: `There are no trend cells for ${bird(subject)}${where}.`, figures: [], method: [] };
  const regional = trend.regional;
  const years = `${trend.start_year}–${trend.end_year}`;
  const direction = regional
    ? regional.upper_ppy < 0
      ? 'is declining'
      : regional.lower_ppy > 0
        ? 'is increasing'
        : 'shows no clear trend'
    : trend.median_ppy < 0
      ? 'is declining by its median trend cell'
      : trend.median_ppy > 0
        ? 'is increasing by its median trend cell'
        : 'is stable by its median trend cell';
  const figures = [
    ...(regional
      ? [
          `eBird's regional trend is ${formatSignedPercent(regional.median_ppy)} per year over ${years} (80% interval ${formatSignedPercent(regional.lower_ppy)} to ${formatSignedPercent(regional.upper_ppy)}, across ${formatFigure(regional.folds)} model runs)${trend.cumulative_percent === null ? '' : `, ${formatSignedPercent(trend.cumulative_percent)} over the whole period`}.`,
        ]
      : trend.cumulative_percent === null
        ? []
        : [`Compounded over ${years}, that is ${formatSignedPercent(trend.cumulative_percent)} in all.`]),
    `Of ${formatFigure(trend.cells)} trend cells, ${formatFigure(trend.cells_negative)} decline and ${formatFigure(trend.cells_positive)} increase; only ${formatFigure(trend.cells_interval_excludes_zero)} have an 80% interval that excludes zero (${formatFigure(trend.cells_surely_declining)} declining, ${formatFigure(trend.cells_surely_increasing)} increasing).`,
    `The median cell changes ${formatSignedPercent(trend.median_ppy)} per year and the mean ${formatSignedPercent(trend.mean_ppy)}${trend.weighted_ppy === null ? '' : `; weighted by abundance, ${formatSignedPercent(trend.weighted_ppy)}`}.`,
  ];
  return {
    headline: `${capital(bird(subject))}'s population${where} ${direction} (${years}).`,
    figures,
    method: [],
  };
}

/** The words for one subject, by measure first (area and trend read their own fields), then by operation. */
export function describeSubject(
  subject: StatusSubject,
  result: StatusResult,
  context: DescribeContext = {},
): SubjectText {
  if (result.measure === 'range_area') return areaText(subject, context);
  if (result.measure === 'trend' && (result.operation === 'value' || result.operation === 'which_larger'))
    return trendText(subject, context);
  return OPERATION_TEXT[result.operation](subject, result, context);
}

/**
 * Names a subject among `subjects` by what tells them apart: its species, place and/or time, only
 * those that differ ("Michigan, breeding" is noise when every subject is both).
 */
function subjectLabel(
  subjects: readonly StatusSubject[],
  context: DescribeContext,
): (subject: StatusSubject) => string {
  const varies = (pick: (subject: StatusSubject) => string) => new Set(subjects.map(pick)).size > 1;
  const species = varies((subject) => subject.species_code);
  const place = varies((subject) => subject.place_label);
  const time = varies((subject) => subject.time_label);
  return (subject) =>
    [
      species ? subject.common_name : '',
      place ? placeName(subject.place_label, context) || 'every modelled cell' : '',
      time ? describeTime(subject.time_label).plain || 'the whole year' : '',
    ]
      .filter(Boolean)
      .join(', ');
}

/**
 * Two subjects. With a comparison (which_larger): which is larger and by how much, then each
 * figure. Without (two places' arrival, two weeks' means): each subject's own sentence, and its
 * figures and method under its label.
 */
export function describeComparison(result: StatusResult, context: DescribeContext = {}): SubjectText {
  const label = subjectLabel(result.subjects, context);
  const each = result.subjects.map((subject) => describeSubject(subject, result, context));
  const labelled = (pick: (text: SubjectText) => string[]) =>
    each.flatMap((text, index) => {
      const lines = pick(text);
      return lines.length > 0 ? [`${capital(label(result.subjects[index]!))}: ${lines.join(' ')}`] : [];
    });
  const shared = new Set(each.map((text) => JSON.stringify(text.method))).size === 1;
  const method = shared ? (each[0]?.method ?? []) : labelled((text) => text.method);
  if (!result.comparison || result.subjects.length < 2)
    return {
      headline: each.map((text) => text.headline).join(' '),
      figures: labelled((text) => text.figures),
      method,
    };
  const largest = result.subjects[result.comparison.larger]!;
  const others = result.subjects.filter((subject) => subject !== largest);
  const next = [...others].sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0))[0]!;
  const ratio =
    result.comparison.ratio !== null && Number.isFinite(result.comparison.ratio)
      ? `, ${formatFigure(result.comparison.ratio)} times as much`
      : '';
  const measure = result.measure === 'trend' ? 'abundance' : result.measure;
  const levels =
    result.measure === 'trend'
      ? labelled((text) => [text.headline, ...text.figures])
      : result.subjects.map(
          (subject) => `${capital(label(subject))}: ${valueText(result.measure, subject.mean)}.`,
        );
  return {
    headline: `The ${MEASURE_WORDS[result.measure]} is higher for ${label(largest)} than for ${label(next)}.`,
    figures: [...levels, `The difference is ${valueText(measure, result.comparison.difference)}${ratio}.`],
    method,
  };
}

/** Three or four subjects (the seasons): the largest first in words, then each with its figure, in the order asked. */
export function describeList(result: StatusResult, context: DescribeContext = {}): SubjectText {
  const [first] = result.subjects;
  const label = subjectLabel(result.subjects, context);
  const measure = result.measure;
  const ranked = [...result.subjects].filter((subject) => subject.mean !== null);
  ranked.sort((a, b) => b.mean! - a.mean!);
  const top = ranked[0];
  const items = result.subjects.map(
    (subject) =>
      `${label(subject)} ${valueText(measure, subject.mean)}${essentiallyAbsent(subject, measure) ? ' (essentially absent)' : ''}`,
  );
  return {
    headline: top
      ? `${capital(bird(first!))} ${measure === 'abundance' ? 'is most numerous' : `has the highest ${MEASURE_WORDS[measure]}`}${inPlace(first!, context)} in ${label(top)}.`
      : `${capital(bird(first!))} is not modelled${inPlace(first!, context)} at these times.`,
    figures: [`Mean ${MEASURE_WORDS[measure]}: ${items.join('; ')}.`],
    method: result.subjects.flatMap((subject) => {
      const { span } = describeTime(subject.time_label);
      return span ? [`${capital(label(subject))}: ${span}.`] : [];
    }),
  };
}

/** rank_species: one line per species. */
export function describeRanking(result: StatusResult): SubjectText {
  const ranking = result.ranking ?? [];
  if (ranking.length === 0)
    return { headline: 'No species of this data has values here.', figures: [], method: [] };
  const [first] = ranking;
  return ranking.length === 1
    ? {
        headline: `This data holds one species, the ${first!.common_name} (${valueText(result.measure, first!.value)}).`,
        figures: [],
        method: [],
      }
    : {
        headline: `The ${first!.common_name} is the most common here.`,
        figures: [
          `Most common first: ${ranking.map((row, index) => `${index + 1}. ${row.common_name} (${valueText(result.measure, row.value)})`).join('; ')}.`,
        ],
        method: [],
      };
}
