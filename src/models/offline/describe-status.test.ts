import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, type Measure, type Operation } from '../../frame/query-frame';
import type { StatusResult, StatusSubject } from '../../frame/status-result';
import { describeSubject, essentiallyAbsent } from './describe-status';
import { describeTime, timePhrase } from './describe-time';

describe('describeTime and timePhrase (the time of a sentence, its weeks for the Details)', () => {
  it.each([
    ['June 14', [24], ' on June 14', ''],
    [
      'Thanksgiving (November 23) (week 47, 2023-11-22)',
      [47],
      ' on Thanksgiving (November 23)',
      'week 47, 2023-11-22',
    ],
    ['mid-June (week 24, 2023-06-14)', [24], ' in mid-June', 'week 24, 2023-06-14'],
    ['week 24 (week 24, 2023-06-14)', [24], ' in the week of 14 June', 'week 24, 2023-06-14'],
    [
      'weeks 34–46 (weeks 34–46, 2023-08-23 to 2023-11-15)',
      [34, 35],
      ' from 23 August to 15 November',
      'weeks 34–46, 2023-08-23 to 2023-11-15',
    ],
    [
      'April (weeks 14–17, 2023-04-05 to 2023-04-26)',
      [14, 15, 16, 17],
      ' in April',
      'weeks 14–17, 2023-04-05 to 2023-04-26',
    ],
    ['the nonbreeding season (weeks 47–10)', [47, 48], ' in winter', 'weeks 47–10'],
    ['the prebreeding migration season (weeks 11–19)', [11, 12], ' in spring migration', 'weeks 11–19'],
    ['the whole year', [1, 2], '', ''],
  ])('%s → "%s"', (label, weeks, phrase, span) => {
    expect(timePhrase({ time_label: label, weeks })).toBe(phrase);
    expect(describeTime(label).span).toBe(span);
  });
});

/** A subject with the digits a tool gives (ten decimals), ISO dates and week numbers, for any operation. */
function subject(overrides: Partial<StatusSubject> = {}): StatusSubject {
  const week = (number: number, date: string, value: number) => ({
    week: number,
    date,
    value,
    total: value * 293.123,
  });
  return {
    species_code: 'yebsap',
    common_name: 'Yellow-bellied Sapsucker',
    time_label: 'April (weeks 14–17, 2023-04-05 to 2023-04-26)',
    place_label: 'Michigan',
    weeks: [14, 15, 16, 17],
    cells_in_place: 293,
    cells_modelled: 293,
    cells_zero: 12,
    cells_present: 281,
    present_share: 0.95904436,
    cell_week_max: 1.2345678912,
    mean: 0.4123456789,
    total: 120.8172839,
    year_peak: week(16, '2023-04-19', 0.6543060212),
    peak: week(16, '2023-04-19', 0.6543060212),
    week: week(15, '2023-04-12', 0.5171234567),
    stay: { first: week(15, '2023-04-12', 0.517123), last: week(40, '2023-10-04', 0.18312), weeks: 26 },
    change: {
      from: week(14, '2023-04-05', 0.0815432),
      to: week(15, '2023-04-12', 0.5171234),
      change: 0.4355802,
    },
    cells_above: { count: 200, share: 0.6825938, threshold: 0.25 },
    threshold: { value: 0.163576505, rule: '25% of the peak weekly mean (0.6543), the default' },
    top_cells: [
      {
        cell_id: 1,
        lon: -88.871906,
        lat: 46.024173,
        value: 1.0170905,
        near: '19 km SW of Iron River, MI',
        area: 'northern Wisconsin',
        region_code: 'USA-WI',
      },
      {
        cell_id: 2,
        lon: -88.708326,
        lat: 46.280427,
        value: 0.9127162,
        near: '21 km N of Iron River, MI',
        area: 'western Upper Peninsula',
        region_code: 'USA-MI',
      },
      {
        cell_id: 3,
        lon: -89.1,
        lat: 46.4,
        value: 0.89123,
        near: '37 km NW of Iron River, MI',
        area: 'western Upper Peninsula',
        region_code: 'USA-MI',
      },
    ],
    centre: {
      lon: -86.3123456,
      lat: 45.5198765,
      near: '49 km S of Manistique, MI',
      area: 'southern Upper Peninsula',
    },
    ...overrides,
  };
}

function result(operation: Operation, measure: Measure = 'abundance', subjects = [subject()]): StatusResult {
  return { read_as: 'test', measure, operation, unit: 'test', subjects, caveats: [], sql: [] };
}

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const WEEK_NUMBER = /\bweeks? \d/;
const COORDINATE = /°[NSEW]|\blon(gitude)?\b|\blat(itude)?\b/i;
/** Significant digits of a written figure: "0.654" 3, "113,000" 3, "293" 3, "26" 2. */
function significantDigits(figure: string): number {
  const digits = figure.replace(/[^\d.]/g, '');
  if (digits.includes('.')) return digits.replace('.', '').replace(/^0+/, '').length;
  return digits.replace(/0+$/, '').length;
}
/** Decimals and measured quantities: counts (cells, weeks) are whole numbers and exact, so only non-integers are checked. */
const decimals = (text: string) => text.match(/\d[\d,]*\.\d+/g) ?? [];

const WEEKLY_OPERATIONS = OPERATION_NAMES.filter(
  (operation) => operation !== 'rank_species' && operation !== 'which_larger',
);

describe('describeSubject: what a person reads first', () => {
  it.each(WEEKLY_OPERATIONS)(
    '%s: the headline is one plain sentence (no ISO date, week number or coordinate)',
    (operation) => {
      const text = describeSubject(subject(), result(operation));
      expect(text.headline).toMatch(/^[A-Z0-9].*\.$/);
      expect(text.headline.split(/\.\s+[A-Z]/)).toHaveLength(1);
      expect(text.headline).not.toMatch(ISO_DATE);
      expect(text.headline).not.toMatch(WEEK_NUMBER);
      expect(text.headline).not.toMatch(COORDINATE);
      // At most one figure in the headline, and not a log of them.
      expect(
        (text.headline.match(/\d+(?:[.,]\d+)*%?/g) ?? []).filter((figure) => !/^\d{1,2}$/.test(figure))
          .length,
      ).toBeLessThanOrEqual(2);
    },
  );

  it.each(WEEKLY_OPERATIONS)(
    '%s: figures carry no ISO date or coordinate, and every decimal has at most 3 significant digits',
    (operation) => {
      const text = describeSubject(subject(), result(operation));
      const body = [text.headline, ...text.figures].join(' ');
      expect(body).not.toMatch(ISO_DATE);
      expect(body).not.toMatch(COORDINATE);
      for (const figure of decimals(body)) expect(significantDigits(figure), figure).toBeLessThanOrEqual(3);
    },
  );

  it.each(WEEKLY_OPERATIONS)(
    '%s: week numbers and ISO dates read are in the method (Details), not lost',
    (operation) => {
      const text = describeSubject(subject(), result(operation));
      if (['when_highest', 'first_week_above', 'length_of_stay', 'biggest_rise'].includes(operation))
        expect(text.method.join(' ')).toMatch(ISO_DATE);
      if (!['centre', 'cells_above', 'where_highest', 'where_lowest'].includes(operation)) return;
      expect(text.method.join(' ')).toContain('weeks 14–17');
    },
  );

  it('writes dates as "19 April" and the arrival as part of a month', () => {
    const text = describeSubject(subject(), result('first_week_above'));
    expect(text.headline).toBe(
      'The Yellow-bellied Sapsucker reaches Michigan in mid-April (around 12 April) and is most numerous around 19 April.',
    );
    expect(text.figures.join(' ')).toContain('the week of 19 April');
  });

  it('names a where-answer by the area most top cells share and the nearest town, never by coordinates', () => {
    const text = describeSubject(
      subject({ time_label: 'June (weeks 23–26, 2023-06-07 to 2023-06-28)' }),
      result('where_highest'),
    );
    expect(text.headline).toBe(
      'In June, the Yellow-bellied Sapsucker is most numerous in the western Upper Peninsula, near Iron River.',
    );
    expect(text.figures.join(' ')).toContain('19 km SW of Iron River, MI (1.02)');
  });

  it('a centre is said by its area and town; its coordinates go to the method', () => {
    const text = describeSubject(subject(), result('centre'));
    expect(text.headline).toContain('in the southern Upper Peninsula, near Manistique');
    expect(text.method.join(' ')).toContain('45.52°N, 86.31°W');
  });
});

describe('essentially absent (against the species own peak, not a fixed number)', () => {
  const winter = subject({
    time_label: 'the nonbreeding season (weeks 47–10)',
    weeks: [47, 48, 49, 50, 51, 52, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    mean: 0.0015492183,
    cells_zero: 221,
    cells_present: 72,
    present_share: 0.2457337884,
  });

  it('a winter mean under 5% of the peak is "essentially absent", and "predicted present in X%" is not the headline', () => {
    for (const operation of ['value', 'where_highest'] as const) {
      const text = describeSubject(winter, result(operation));
      expect(text.headline).toContain('essentially absent from Michigan in winter');
      expect(text.headline).not.toMatch(/present in/);
      expect(text.figures.join(' ')).not.toMatch(/predicted present in/);
      expect(text.figures.join(' ')).toContain('under 5% of its peak here (0.654, in the week of 19 April)');
    }
  });

  it('the rule scales with the peak: the same mean is not absent for a species whose peak is 0.02', () => {
    expect(essentiallyAbsent(winter, 'abundance')).toBe(true);
    const rare = { ...winter, year_peak: { week: 20, date: '2023-05-17', value: 0.02 } };
    expect(essentiallyAbsent(rare, 'abundance')).toBe(false);
    expect(describeSubject(rare, result('value')).headline).not.toContain('absent');
  });

  it('without the year peak (an older result) nothing is called absent that is not all zeros', () => {
    const unknown = { ...winter, year_peak: undefined };
    expect(essentiallyAbsent(unknown, 'abundance')).toBe(false);
    const zeros = { ...winter, cells_zero: 293, cells_present: 0, mean: 0 };
    expect(describeSubject(zeros, result('value')).headline).toContain('predicted absent');
  });
});
