import { describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '../frame/month-names';
import { MEASURE_NAMES, OPERATION_NAMES, queryFrameSchema, type QueryFrame } from '../frame/query-frame';
import { SUPPORTED } from '../tools/status/supported';
import {
  fitFrame,
  operationsFor,
  readingChips,
  timeChoices,
  type Chip,
  type ChipContext,
} from './chip-options';
import { monthSpans, weekDate } from './month-spans';
import { frameInWords } from './reading-words';

const NAMES = { yebsap: 'Yellow-bellied Sapsucker', 'USA-MI': 'Michigan', rethaw: 'Red-tailed Hawk' };
const CONTEXT: ChipContext = { names: NAMES, year: 2023 };
const PEAK: QueryFrame = {
  species: ['yebsap'],
  measure: 'abundance',
  operation: 'when_highest',
  times: [],
  places: [{ kind: 'region', code: 'USA-MI' }],
};

const chipOf = (chips: Chip[], part: Chip['part'], index = 0) =>
  chips.find((chip) => chip.part === part && chip.index === index)!;

describe('readingChips', () => {
  it('gives one chip per part, labelled in words, the current reading first', () => {
    const chips = readingChips({ ...PEAK, operation: 'where_highest', top_n: 10 }, CONTEXT);
    expect(chips.map((chip) => [chip.part, chip.label])).toEqual([
      ['species', 'Yellow-bellied Sapsucker'],
      ['measure', 'relative abundance'],
      ['operation', 'where highest'],
      ['time', 'all year'],
      ['place', 'Michigan'],
      ['top_n', 'top 10'],
    ]);
    for (const chip of chips) expect(chip.options[0]!.current).toBe(true);
    for (const chip of chips) expect(chip.options.filter((option) => option.current)).toHaveLength(1);
  });

  it('every option of every chip is a valid frame whose operation the measure supports', () => {
    const frames: QueryFrame[] = [
      PEAK,
      {
        ...PEAK,
        operation: 'first_week_above',
        threshold: { value: 0.1, of: 'value' },
        times: [{ kind: 'season', season: 'breeding' }],
      },
      {
        ...PEAK,
        operation: 'which_larger',
        times: [
          { kind: 'season', season: 'breeding' },
          { kind: 'season', season: 'nonbreeding' },
        ],
      },
      { ...PEAK, species: [], operation: 'rank_species' },
      { ...PEAK, measure: 'trend', operation: 'value' },
      {
        ...PEAK,
        measure: 'range_area',
        operation: 'value',
        times: [{ kind: 'season', season: 'breeding' }],
        units: 'mi2',
      },
      {
        ...PEAK,
        operation: 'centre',
        places: [{ kind: 'near', name: 'Marquette', lon: -87.4, lat: 46.5, radius_km: 50 }],
      },
    ];
    let count = 0;
    for (const frame of frames)
      for (const chip of readingChips(frame, CONTEXT))
        for (const option of chip.options) {
          expect(queryFrameSchema.safeParse(option.frame).success, `${chip.part} → ${option.label}`).toBe(
            true,
          );
          expect(SUPPORTED[option.frame.measure]).toContain(option.frame.operation);
          count++;
        }
    expect(count).toBeGreaterThan(100);
  });

  it('changing the time to winter changes only the times: the non-breeding season', () => {
    const winter = chipOf(readingChips(PEAK, CONTEXT), 'time').options.find(
      (option) => option.label === 'winter',
    )!;
    expect(winter.frame).toEqual({ ...PEAK, times: [{ kind: 'season', season: 'nonbreeding' }] });
  });

  it('the time chip offers the year, the four seasons and the twelve months of the release year', () => {
    const labels = chipOf(readingChips(PEAK, CONTEXT), 'time').options.map((option) => option.label);
    expect(labels).toEqual([
      'all year',
      'winter',
      'spring migration',
      'breeding season',
      'fall migration',
      ...MONTH_NAMES,
    ]);
    // Without a release year there are no months to compute.
    expect(chipOf(readingChips(PEAK, { names: NAMES }), 'time').options).toHaveLength(5);
  });

  it('a time the reader found (mid-June) stays the current option, with the standard ones after it', () => {
    const midJune = { kind: 'weeks', from: 24, to: 24, label: 'mid-June' } as const;
    const chip = chipOf(readingChips({ ...PEAK, times: [midJune] }, CONTEXT), 'time');
    expect(chip.label).toBe('mid-June');
    expect(chip.options[0]).toMatchObject({ label: 'mid-June', current: true });
    // Back to the whole year is no time, as the reader reads a question naming none.
    expect(chip.options.find((option) => option.label === 'all year')!.frame).toEqual(PEAK);
  });

  it("no time is the measure's default: the whole year, breeding season for a range, the trend years for a trend", () => {
    expect(chipOf(readingChips(PEAK, CONTEXT), 'time').label).toBe('all year');
    const range = chipOf(
      readingChips({ ...PEAK, measure: 'range_area', operation: 'value' }, CONTEXT),
      'time',
    );
    expect(range.label).toBe('breeding season');
    expect(range.options.map((option) => option.label)).toEqual([
      'breeding season',
      'winter',
      'spring migration',
      'fall migration',
    ]);
    expect(
      chipOf(readingChips({ ...PEAK, measure: 'trend', operation: 'value' }, CONTEXT), 'time'),
    ).toMatchObject({ label: 'breeding season (trend years)', options: [{ current: true }] });
  });

  it('a comparison of two times has a chip for each; editing one keeps the other', () => {
    const frame: QueryFrame = {
      ...PEAK,
      operation: 'which_larger',
      times: [
        { kind: 'season', season: 'breeding' },
        { kind: 'season', season: 'nonbreeding' },
      ],
    };
    const second = chipOf(readingChips(frame, CONTEXT), 'time', 1);
    expect(second.label).toBe('winter');
    const june = second.options.find((option) => option.label === 'June')!;
    expect(june.frame.times).toEqual([
      { kind: 'season', season: 'breeding' },
      { kind: 'weeks', from: 23, to: 26, label: 'June' },
    ]);
  });

  it('the measure chip lists every measure; a measure without the operation falls back to the average', () => {
    const frame: QueryFrame = { ...PEAK, operation: 'centre' };
    const options = chipOf(readingChips(frame, CONTEXT), 'measure').options;
    expect(options.map((option) => option.frame.measure).sort()).toEqual([...MEASURE_NAMES].sort());
    expect(options.find((option) => option.frame.measure === 'proportion_population')!.frame.operation).toBe(
      'centre',
    );
    expect(options.find((option) => option.frame.measure === 'occurrence')!.frame.operation).toBe('value');
    // Trends are one breeding-season window: a time does not carry over.
    expect(options.find((option) => option.frame.measure === 'trend')!.frame.times).toEqual([]);
  });

  it("a threshold in the measure's unit is dropped when the measure changes; a share of the peak is kept", () => {
    const byValue: QueryFrame = {
      ...PEAK,
      operation: 'first_week_above',
      threshold: { value: 0.1, of: 'value' },
    };
    const toOccurrence = (frame: QueryFrame) =>
      chipOf(readingChips(frame, CONTEXT), 'measure').options.find(
        (option) => option.frame.measure === 'occurrence',
      )!.frame;
    expect(toOccurrence(byValue).threshold).toBeUndefined();
    expect(toOccurrence({ ...byValue, threshold: { value: 0.25, of: 'peak_share' } }).threshold).toEqual({
      value: 0.25,
      of: 'peak_share',
    });
  });

  it('the place chip offers every modelled cell, the current place and places named earlier', () => {
    const marquette = { kind: 'near', name: 'Marquette', lon: -87.4, lat: 46.5, radius_km: 50 } as const;
    const chip = chipOf(
      readingChips(PEAK, {
        ...CONTEXT,
        seen: { species: [], places: [{ kind: 'region', code: 'USA-MI' }, marquette] },
      }),
      'place',
    );
    expect(chip.options.map((option) => option.label)).toEqual([
      'Michigan',
      'all modelled cells',
      'near Marquette',
    ]);
    expect(chip.options[1]!.frame.places).toEqual([]);
  });

  it('a species named earlier in the conversation is offered on the species chip', () => {
    const chip = chipOf(
      readingChips(PEAK, { ...CONTEXT, seen: { species: ['yebsap', 'rethaw'], places: [] } }),
      'species',
    );
    expect(chip.options.map((option) => option.label)).toEqual([
      'Yellow-bellied Sapsucker',
      'Red-tailed Hawk',
    ]);
    expect(chip.options[1]!.frame.species).toEqual(['rethaw']);
  });

  it('codes without names are shown as codes, part ids in words', () => {
    const chips = readingChips(
      { ...PEAK, species: ['amerob'], places: [{ kind: 'part', part: 'upper_peninsula' }] },
      { names: {} },
    );
    expect(chipOf(chips, 'species').label).toBe('amerob');
    expect(chipOf(chips, 'place').label).toBe('Upper Peninsula');
  });
});

describe('operationsFor', () => {
  it('offers only operations SUPPORTED for the measure', () => {
    for (const measure of MEASURE_NAMES) {
      const operations = operationsFor({ ...PEAK, measure, operation: 'value' });
      expect(operations.every((operation) => SUPPORTED[measure].includes(operation))).toBe(true);
      expect(operations).toContain('value');
    }
    expect(operationsFor({ ...PEAK, measure: 'occurrence', operation: 'value' })).not.toContain('centre');
    expect(operationsFor({ ...PEAK, measure: 'trend', operation: 'value' })).not.toContain('when_highest');
  });

  it('which_larger only with two subjects; a ranking has no species to switch back to', () => {
    expect(operationsFor(PEAK)).not.toContain('which_larger');
    expect(
      operationsFor({
        ...PEAK,
        places: [
          { kind: 'region', code: 'USA-MI' },
          { kind: 'region', code: 'USA-WI' },
        ],
      }),
    ).toContain('which_larger');
    expect(operationsFor({ ...PEAK, species: [], operation: 'rank_species' })).toEqual(['rank_species']);
    const rank = chipOf(readingChips(PEAK, CONTEXT), 'operation').options.find(
      (option) => option.frame.operation === 'rank_species',
    )!;
    expect(rank.frame.species).toEqual([]);
    expect(
      operationsFor({ ...PEAK, species: ['yebsap', 'rethaw'], operation: 'which_larger' }),
    ).not.toContain('rank_species');
  });
});

describe('fitFrame', () => {
  it('keeps a threshold only for threshold operations and top_n only for where_highest/lowest', () => {
    const frame: QueryFrame = {
      ...PEAK,
      operation: 'value',
      threshold: { value: 0.25, of: 'peak_share' },
      top_n: 3,
    };
    expect(fitFrame(frame)).toEqual({ ...PEAK, operation: 'value' });
    expect(fitFrame({ ...frame, operation: 'cells_above' })).toEqual({
      ...PEAK,
      operation: 'cells_above',
      threshold: { value: 0.25, of: 'peak_share' },
    });
    expect(fitFrame({ ...frame, operation: 'where_lowest' })).toEqual({
      ...PEAK,
      operation: 'where_lowest',
      top_n: 3,
    });
  });

  it('range area keeps only season times', () => {
    const frame: QueryFrame = {
      ...PEAK,
      measure: 'range_area',
      operation: 'value',
      times: [
        { kind: 'weeks', from: 1, to: 4, label: 'January' },
        { kind: 'season', season: 'breeding' },
      ],
    };
    expect(fitFrame(frame).times).toEqual([{ kind: 'season', season: 'breeding' }]);
    // An area unit belongs to range area only.
    expect(fitFrame({ ...frame, units: 'mi2' }).units).toBe('mi2');
    expect(fitFrame({ ...frame, measure: 'abundance', units: 'mi2' }).units).toBeUndefined();
    expect(timeChoices('range_area', 2023).every((time) => time.kind === 'season')).toBe(true);
    expect(timeChoices('trend', 2023)).toEqual([]);
  });

  it('every operation name has words', () => {
    for (const operation of OPERATION_NAMES)
      expect(frameInWords({ ...PEAK, operation }, NAMES)).not.toContain('_');
  });
});

describe('monthSpans', () => {
  it('splits the 52 weeks into 12 months by the date each week stands for', () => {
    const spans = monthSpans(2023);
    expect(spans.map((span) => span.label)).toEqual(MONTH_NAMES);
    expect(spans[0]).toEqual({ kind: 'weeks', from: 1, to: 4, label: 'January' });
    expect(spans[11]).toEqual({ kind: 'weeks', from: 49, to: 52, label: 'December' }); // week 48 is Nov 29, week 49 Dec 6
    // Contiguous and complete: each span starts the week after the previous one ends.
    for (const [index, span] of spans.entries())
      expect(span.from).toBe(index === 0 ? 1 : spans[index - 1]!.to + 1);
    for (const span of spans)
      for (let week = span.from; week <= span.to; week++) {
        expect(weekDate(2023, week).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })).toBe(
          span.label,
        );
      }
    // Week 24 of 2023 is June 14 (data-model.md).
    expect(weekDate(2023, 24).toISOString().slice(0, 10)).toBe('2023-06-14');
  });

  it('every release year gives twelve months that cover the 52 weeks once', () => {
    for (const year of [2021, 2022, 2023, 2024]) {
      const spans = monthSpans(year);
      expect(spans).toHaveLength(12);
      expect(spans.reduce((weeks, span) => weeks + span.to - span.from + 1, 0)).toBe(52);
    }
  });
});

describe('frameInWords', () => {
  it('says the frame one part per chip, the species first', () => {
    expect(
      frameInWords(
        { ...PEAK, operation: 'where_highest', times: [{ kind: 'season', season: 'nonbreeding' }] },
        NAMES,
      ),
    ).toBe('Yellow-bellied Sapsucker · relative abundance · where highest · winter · Michigan');
    expect(
      frameInWords(
        { ...PEAK, operation: 'first_week_above', threshold: { value: 0.25, of: 'peak_share' } },
        NAMES,
      ),
    ).toBe(
      'Yellow-bellied Sapsucker · relative abundance · arrival week · all year · Michigan · at least 25% of the peak',
    );
    expect(frameInWords({ ...PEAK, measure: 'range_area', operation: 'value', units: 'mi2' }, NAMES)).toBe(
      'Yellow-bellied Sapsucker · range area · average · breeding season · Michigan · in square miles',
    );
  });
});
