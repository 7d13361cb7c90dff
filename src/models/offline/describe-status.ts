import type { Measure, Operation } from '../../frame/query-frame';
import type { StatusResult, StatusSubject } from '../../frame/status-result';
import { formatDate, formatFigure, formatShare, formatSignedPercent } from './format-figure';

/**
 * The sentences of an answer, one builder per operation: the plain sentence first ("Sapsuckers
 * are most numerous in Michigan around 19 April"), then the figures behind it. Every number
 * comes from the tool result; a new operation is one entry in OPERATION_SENTENCES.
 */

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

/** Below this share of the peak-like level a place-wide mean reads as "essentially absent" (winter in the example: 0.0015 vs a 0.65 peak). */
const NEAR_ZERO = 0.005;

type Builder = (subject: StatusSubject, result: StatusResult) => string[];

/** A place label as it reads after "in": "the Upper Peninsula", "the area within 50 km of Marquette", "Michigan". */
function placeName(label: string): string {
  if (/^within\b/.test(label)) return `the area ${label}`;
  if (/\b(Peninsula|Region|Coast|Islands?)\b/.test(label) && !/^the\b/i.test(label)) return `the ${label}`;
  return label;
}
/** No place named: the tool's "every modelled cell" goes unsaid in a sentence (the Details say what the data covers). */
const EVERY_CELL = /^every modelled cell/;
const where = (subject: StatusSubject) =>
  subject.place_label && !EVERY_CELL.test(subject.place_label) ? ` in ${placeName(subject.place_label)}` : '';
/** The first letter in capitals: sentences may start with a date or a figure's label. */
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Cells shared by fewer than this many modelled cells are border cells of a masked model (Wisconsin's 8 in the example), not a region worth listing. */
const MIN_REGION_CELLS = 10;
/** The whole year goes unsaid in a sentence, as every modelled cell does. */
export const when = (subject: Pick<StatusSubject, 'time_label' | 'weeks'>) => {
  if (!subject.time_label || /^(the )?whole year$/.test(subject.time_label)) return '';
  // One day ("Thanksgiving (November 23)", "June 14") is "on"; a week ("mid-June", "this week"), month or season "in".
  const day =
    subject.weeks.length === 1 && !/^(the )?(week|early|mid|late|this|next|last)\b/i.test(subject.time_label);
  return ` ${day ? 'on' : 'in'} ${subject.time_label}`;
};
const weekText = (point: { week: number; date: string }) =>
  `the week of ${formatDate(point.date)} (week ${point.week}, ${point.date})`;

function meanSentence(subject: StatusSubject, result: StatusResult): string {
  const measure = result.measure;
  if (measure === 'proportion_population' && subject.total !== null) {
    return `${capital(subject.time_label ? `in ${subject.time_label}, ` : '')}${formatShare(subject.total)} of the ${subject.common_name} population is${where(subject)} (the sum over ${formatFigure(subject.cells_modelled)} modelled cells; ${formatShare(subject.mean ?? 0)} per cell on average).`;
  }
  if (subject.mean === null)
    return `${subject.common_name} is not modelled${where(subject)}${when(subject)}.`;
  const absent = subject.cells_modelled > 0 && subject.cells_zero === subject.cells_modelled;
  if (absent)
    return `${subject.common_name} is predicted absent${where(subject)}${when(subject)}: all ${formatFigure(subject.cells_modelled)} modelled cells are 0.`;
  const interval =
    subject.lower != null && subject.upper != null
      ? ` (between ${valueText(measure, subject.lower)} and ${valueText(measure, subject.upper)})`
      : '';
  const rare = measure === 'abundance' && subject.mean < NEAR_ZERO ? ' — essentially absent' : '';
  return `The mean ${MEASURE_WORDS[measure]} of the ${subject.common_name}${where(subject)}${when(subject)} is ${valueText(measure, subject.mean)}${interval}${rare}, over ${formatFigure(subject.cells_modelled)} modelled cells${subject.total !== null && measure === 'abundance' ? ` (total ${formatFigure(subject.total)})` : ''}.`;
}

function cellList(subject: StatusSubject, measure: Measure): string {
  return (subject.top_cells ?? [])
    .map(
      (cell) =>
        `${cell.near ?? `${formatFigure(cell.lat)}°N ${formatFigure(Math.abs(cell.lon))}°${cell.lon < 0 ? 'W' : 'E'}`} (${valueText(measure, cell.value)})`,
    )
    .join('; ');
}

function regionList(subject: StatusSubject, measure: Measure): string {
  return (subject.top_regions ?? [])
    .map((region) => `${region.name} ${valueText(measure, region.value)}`)
    .join(', ');
}

function whereSentences(direction: 'highest' | 'lowest'): Builder {
  return (subject, result) => {
    const [top] = subject.top_cells ?? [];
    const measure = result.measure;
    if (!top) return [`${subject.common_name} has no modelled cells${where(subject)}${when(subject)}.`];
    const place = top.near
      ? `near ${top.near.replace(/^.*? of /, '')}`
      : `at ${formatFigure(top.lat)}°N ${formatFigure(Math.abs(top.lon))}°W`;
    const sentences = [
      measure === 'trend'
        ? `The ${subject.common_name} is ${direction === 'highest' ? 'increasing fastest' : 'decreasing fastest'}${where(subject)} ${place}: ${valueText(measure, top.value)}.`
        : `${subject.common_name} ${MEASURE_WORDS[measure]}${where(subject)}${when(subject)} is ${direction} ${place} (${valueText(measure, top.value)}).`,
      `The ${direction} of ${formatFigure(subject.cells_modelled)} modelled cells: ${cellList(subject, measure)}.`,
    ];
    if (measure !== 'trend')
      sentences.push(meanSentence(subject, result), ...spreadSentences(subject, result, { bestCell: false }));
    sentences.push(...regionalSentences(subject));
    const regions = (subject.top_regions ?? []).filter((region) => region.cells >= MIN_REGION_CELLS);
    if (regions.length > 1)
      sentences.push(`By region: ${regionList({ ...subject, top_regions: regions }, measure)}.`);
    return sentences;
  };
}

function whenSentences(direction: 'highest' | 'lowest'): Builder {
  return (subject, result) => {
    if (!subject.week)
      return [`${subject.common_name} has no modelled weeks${where(subject)}${when(subject)}.`];
    const verb =
      direction === 'highest'
        ? result.measure === 'abundance'
          ? 'most numerous'
          : `highest in ${MEASURE_WORDS[result.measure]}`
        : result.measure === 'abundance'
          ? 'least numerous'
          : `lowest in ${MEASURE_WORDS[result.measure]}`;
    return [
      `The ${subject.common_name} is ${verb}${where(subject)}${when(subject)} in ${weekText(subject.week)}: mean ${MEASURE_WORDS[result.measure]} ${valueText(result.measure, subject.week.value)}${weekTotal(subject.week, result.measure, subject.cells_modelled)}.`,
    ];
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

/** eBird's whole-range regional statistics for the season, most populous first. */
function regionalSentences(subject: StatusSubject): string[] {
  const rows = subject.regional_stats ?? [];
  if (rows.length === 0) return [];
  const parts = rows.map((row) =>
    [
      `${row.name ?? row.code} holds ${row.total_pop_fraction === null ? 'an unknown share' : formatShare(row.total_pop_fraction)} of the population`,
      row.range_occupied_fraction === null
        ? ''
        : `its range covers ${formatShare(row.range_occupied_fraction)} of it`,
      row.abundance_mean === null ? '' : `mean abundance ${formatFigure(row.abundance_mean)}`,
      row.max_week ? `most in the week of ${formatDate(row.max_week)} (${row.max_week})` : '',
    ]
      .filter(Boolean)
      .join(', '),
  );
  return [`By eBird's regional statistics for the whole range: ${parts.join('; ')}.`];
}

function peakSentence(subject: StatusSubject, result: StatusResult): string[] {
  return subject.peak && subject.peak.value !== null
    ? [`It peaks in ${weekText(subject.peak)} (mean ${valueText(result.measure, subject.peak.value)}).`]
    : [];
}

function thresholdText(subject: StatusSubject, measure: Measure): string {
  return subject.threshold
    ? `${valueText(measure, subject.threshold.value)} (${subject.threshold.rule})`
    : 'the threshold';
}

function edgeSentences(edge: 'first' | 'last'): Builder {
  return (subject, result) => {
    if (!subject.week)
      return [
        `The mean ${MEASURE_WORDS[result.measure]} of the ${subject.common_name}${where(subject)} never reaches ${thresholdText(subject, result.measure)}${when(subject)}.`,
      ];
    const place =
      subject.place_label && !EVERY_CELL.test(subject.place_label) ? placeName(subject.place_label) : '';
    const headline =
      edge === 'first'
        ? `The ${subject.common_name} arrives${place ? ` in ${place}` : ''} around ${formatDate(subject.week.date)}.`
        : `The ${subject.common_name} leaves${place ? ` ${place}` : ''} around ${formatDate(subject.week.date)}.`;
    return [
      headline,
      `${capital(weekText(subject.week))} is the ${edge} week whose mean ${MEASURE_WORDS[result.measure]} (${valueText(result.measure, subject.week.value)}) is at least ${thresholdText(subject, result.measure)}.`,
      ...peakSentence(subject, result),
    ];
  };
}

/** Where and when within the place and time: present in how many cells, the best week, the best cell. */
function spreadSentences(
  subject: StatusSubject,
  result: StatusResult,
  options: { bestCell: boolean },
): string[] {
  const sentences: string[] = [];
  const absent = subject.cells_modelled > 0 && subject.cells_zero === subject.cells_modelled;
  if (
    !absent &&
    subject.cells_present !== undefined &&
    subject.present_share !== undefined &&
    (result.measure === 'abundance' || result.measure === 'occurrence') &&
    subject.mean !== null
  ) {
    sentences.push(
      `It is predicted present in ${formatFigure(subject.cells_present)} of ${formatFigure(subject.cells_modelled)} modelled cells (${formatShare(subject.present_share)}).`,
    );
  }
  if (subject.peak && subject.weeks.length > 1 && subject.peak.value !== null) {
    sentences.push(
      `The best week is ${weekText(subject.peak)}, with a mean of ${valueText(result.measure, subject.peak.value)}.`,
    );
  }
  const [top] = subject.top_cells ?? [];
  if (options.bestCell && top && top.value !== null && top.value > 0)
    sentences.push(
      `The best cell${top.near ? `, ${top.near},` : ''} has ${valueText(result.measure, top.value)}${subject.weeks.length > 1 ? ' on average' : ''}.`,
    );
  if (
    options.bestCell &&
    subject.weeks.length > 1 &&
    subject.cell_week_max != null &&
    subject.cell_week_max > 0
  )
    sentences.push(
      `At the best cell in its best week it reaches ${valueText(result.measure, subject.cell_week_max)}.`,
    );
  return sentences;
}

const OPERATION_SENTENCES: Record<Operation, Builder> = {
  value: (subject, result) => [
    meanSentence(subject, result),
    ...spreadSentences(subject, result, { bestCell: true }),
  ],
  where_highest: whereSentences('highest'),
  where_lowest: whereSentences('lowest'),
  when_highest: whenSentences('highest'),
  when_lowest: whenSentences('lowest'),
  first_week_above: edgeSentences('first'),
  last_week_above: edgeSentences('last'),
  length_of_stay: (subject, result) =>
    subject.stay
      ? [
          `The ${subject.common_name} stays${where(subject)} about ${formatFigure(subject.stay.weeks)} weeks, from ${formatDate(subject.stay.first.date)} to ${formatDate(subject.stay.last.date)} (${subject.stay.first.date} to ${subject.stay.last.date}).`,
          `Those are the first and last weeks (${subject.stay.first.week} and ${subject.stay.last.week}) whose mean ${MEASURE_WORDS[result.measure]} is at least ${thresholdText(subject, result.measure)}.`,
          ...peakSentence(subject, result),
        ]
      : [
          `The mean ${MEASURE_WORDS[result.measure]} of the ${subject.common_name}${where(subject)} never reaches ${thresholdText(subject, result.measure)}.`,
        ],
  biggest_rise: changeSentences('rises'),
  biggest_drop: changeSentences('drops'),
  cells_above: (subject, result) =>
    subject.cells_above
      ? [
          `${formatFigure(subject.cells_above.count)} of ${formatFigure(subject.cells_modelled)} modelled cells${where(subject)} (${formatShare(subject.cells_above.share)}) have a mean ${MEASURE_WORDS[result.measure]} of at least ${valueText(result.measure, subject.cells_above.threshold)}${when(subject)}.`,
        ]
      : [meanSentence(subject, result)],
  centre: (subject) =>
    subject.centre
      ? [
          `The centre of the ${subject.common_name} population${where(subject)}${when(subject)} is ${subject.centre.near ? `near ${subject.centre.near.replace(/^.*? of /, '')}` : 'at'} (${formatFigure(subject.centre.lat, 4)}°N, ${formatFigure(Math.abs(subject.centre.lon), 4)}°${subject.centre.lon < 0 ? 'W' : 'E'}${subject.centre.near ? `, ${subject.centre.near}` : ''}).`,
        ]
      : [
          `The ${subject.common_name} has no modelled cells${where(subject)}${when(subject)}, so there is no centre.`,
        ],
  which_larger: (subject, result) => [meanSentence(subject, result)],
  rank_species: () => [],
};

function changeSentences(verb: 'rises' | 'drops'): Builder {
  return (subject, result) =>
    subject.change
      ? [
          `The ${subject.common_name} ${verb} fastest${where(subject)} from ${formatDate(subject.change.from.date)} to ${formatDate(subject.change.to.date)} (weeks ${subject.change.from.week}–${subject.change.to.week}): the mean ${MEASURE_WORDS[result.measure]} goes from ${valueText(result.measure, subject.change.from.value)} to ${valueText(result.measure, subject.change.to.value)} (${subject.change.change > 0 ? '+' : '-'}${formatFigure(Math.abs(subject.change.change))}).`,
        ]
      : [`The ${subject.common_name} has too few modelled weeks${where(subject)} to measure a change.`];
}

/** Units as a birder says them. */
const AREA_WORDS: Record<string, string> = { 'mi²': 'square miles', 'km²': 'km²' };

function areaSentences(subject: StatusSubject): string[] {
  if (!subject.area)
    return [`There is no range polygon for the ${subject.common_name}${where(subject)}${when(subject)}.`];
  const area = subject.area;
  const unit = area.unit.startsWith('%') ? `${area.unit}` : ` ${AREA_WORDS[area.unit] ?? area.unit}`;
  const km2 = area.unit === 'km²' ? '' : ` (${formatFigure(area.km2)} km²)`;
  const sentences = [
    `The ${subject.common_name}'s ${area.season.replace(/_/g, ' ')} range${where(subject)} covers ${formatFigure(area.value)}${unit}${km2}.`,
  ];
  if (area.of_km2 && area.share !== undefined && !area.unit.startsWith('%'))
    sentences.push(
      `That is ${formatShare(area.share)} of the ${formatFigure(area.of_km2)} km² ${subject.cells_in_place > 0 ? 'of modelled cells there' : 'prediction area'}.`,
    );
  if (area.extent)
    sentences.push(
      `It spans longitude ${formatFigure(area.extent.xmin, 5)} to ${formatFigure(area.extent.xmax, 5)} and latitude ${formatFigure(area.extent.ymin, 4)} to ${formatFigure(area.extent.ymax, 4)}.`,
    );
  return sentences;
}

function trendSentences(subject: StatusSubject): string[] {
  const trend = subject.trend;
  if (!trend) return [`There are no trend cells for the ${subject.common_name}${where(subject)}.`];
  const regional = trend.regional;
  const years = `${trend.start_year}–${trend.end_year}`;
  const headline = regional
    ? `${regional.upper_ppy < 0 ? `The ${subject.common_name}'s population${where(subject)} is declining` : regional.lower_ppy > 0 ? `The ${subject.common_name}'s population${where(subject)} is increasing` : `There is no clear trend in the ${subject.common_name}'s population${where(subject)}`}: the regional trend is ${formatSignedPercent(regional.median_ppy)} per year over ${years} (80% interval ${formatSignedPercent(regional.lower_ppy)} to ${formatSignedPercent(regional.upper_ppy)}, across ${formatFigure(regional.folds)} model runs).`
    : `The ${subject.common_name}'s population${where(subject)} is ${trend.median_ppy < 0 ? 'declining' : trend.median_ppy > 0 ? 'increasing' : 'stable'} by its median trend cell (${years}).`;
  return [
    headline,
    `Over ${formatFigure(trend.cells)} trend cells the median is ${formatSignedPercent(trend.median_ppy)} per year.`,
    `Mean ${formatSignedPercent(trend.mean_ppy)} per year${trend.weighted_ppy === null ? '' : `, abundance-weighted ${formatSignedPercent(trend.weighted_ppy)}`}; ${formatFigure(trend.cells_negative)} of ${formatFigure(trend.cells)} cells decline and ${formatFigure(trend.cells_positive)} increase.`,
    `Only ${formatFigure(trend.cells_interval_excludes_zero)} cells have an 80% interval that excludes zero: ${formatFigure(trend.cells_surely_declining)} declining and ${formatFigure(trend.cells_surely_increasing)} increasing.`,
    ...(trend.cumulative_percent === null
      ? []
      : [`Compounded over ${years}, that is ${formatSignedPercent(trend.cumulative_percent)} in all.`]),
  ];
}

/** The sentences for one subject, by measure first (area and trend read their own fields), then by operation. */
export function subjectSentences(subject: StatusSubject, result: StatusResult): string[] {
  if (result.measure === 'range_area') return areaSentences(subject);
  if (result.measure === 'trend' && (result.operation === 'value' || result.operation === 'which_larger'))
    return trendSentences(subject);
  return OPERATION_SENTENCES[result.operation](subject, result);
}

/** Two to four subjects: which is largest, and by how much over the next. */
export function comparisonSentence(result: StatusResult): string | undefined {
  if (!result.comparison || result.subjects.length < 2) return undefined;
  const largest = result.subjects[result.comparison.larger]!;
  const others = result.subjects.filter((subject) => subject !== largest);
  const label = subjectLabel(result.subjects);
  const next = [...others].sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0))[0]!;
  const ratio =
    result.comparison.ratio !== null && Number.isFinite(result.comparison.ratio)
      ? ` — ${formatFigure(result.comparison.ratio)} times as much`
      : '';
  const measure = result.measure === 'trend' ? 'abundance' : result.measure;
  return `It is largest for ${label(largest)} (${valueText(result.measure, largest.mean)}), ahead of ${label(next)} by ${valueText(measure, result.comparison.difference)}${ratio}.`;
}

/**
 * Names a subject among `subjects` by what tells them apart: its species, place and/or time, only
 * those that differ ("Michigan, breeding" is noise when every subject is both).
 */
function subjectLabel(subjects: readonly StatusSubject[]): (subject: StatusSubject) => string {
  const varies = (pick: (subject: StatusSubject) => string) => new Set(subjects.map(pick)).size > 1;
  const species = varies((subject) => subject.species_code);
  const place = varies((subject) => subject.place_label);
  const time = varies((subject) => subject.time_label);
  return (subject) =>
    [
      species ? subject.common_name : '',
      place ? placeName(subject.place_label) : '',
      time ? subject.time_label : '',
    ]
      .filter(Boolean)
      .join(', ');
}

/** Three or four subjects (the seasons): one line, each with its figure, in the order asked. */
export function listSentence(result: StatusResult): string {
  const [first] = result.subjects;
  const label = subjectLabel(result.subjects);
  const items = result.subjects.map(
    (subject) => `${label(subject)}: ${valueText(result.measure, subject.mean)}`,
  );
  return `The mean ${MEASURE_WORDS[result.measure]} of the ${first!.common_name}${where(first!)} — ${items.join('; ')}.`;
}

/** rank_species: one line per species. */
export function rankingSentences(result: StatusResult): string[] {
  const ranking = result.ranking ?? [];
  if (ranking.length === 0) return ['No species of this data has values here.'];
  const [first] = ranking;
  const head =
    ranking.length === 1
      ? `This data holds one species, the ${first!.common_name} (${valueText(result.measure, first!.value)}).`
      : `Most common first: ${ranking.map((row, index) => `${index + 1}. ${row.common_name} (${valueText(result.measure, row.value)})`).join('; ')}.`;
  return [head];
}
