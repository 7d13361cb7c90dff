import { describe, expect, it } from 'vitest';
import { queryFrameSchema, type QueryFrame } from '../frame/query-frame';
import { TEST_CLOCK, TEST_VOCABULARY } from './__fixtures__/test-vocabulary';
import { alphaCode } from './alpha-code';
import { readQuestion } from './read-question';
import type { Reading, Vocabulary } from './reading';

const ONE_SPECIES: Vocabulary = { ...TEST_VOCABULARY, species: TEST_VOCABULARY.species.slice(0, 1) };
const read = (text: string, previous?: QueryFrame, vocabulary: Vocabulary = TEST_VOCABULARY): Reading =>
  readQuestion(text, { vocabulary, clock: TEST_CLOCK, ...(previous ? { previous } : {}) });

/** Reads a conversation; each frame must pass the schema. */
function chain(questions: string[], vocabulary: Vocabulary = TEST_VOCABULARY): Reading[] {
  const readings: Reading[] = [];
  let previous: QueryFrame | undefined;
  for (const question of questions) {
    const reading = read(question, previous, vocabulary);
    if (reading.frame) {
      queryFrameSchema.parse(reading.frame);
      previous = reading.frame;
    }
    readings.push(reading);
  }
  return readings;
}

describe('alphaCode', () => {
  it.each([
    ['Yellow-bellied Sapsucker', 'YBSA'],
    ['American Robin', 'AMRO'],
    ['Killdeer', 'KILL'],
    ['Red-winged Blackbird', 'RWBL'],
    ['Black-capped Chickadee', 'BCCH'],
    ["Cooper's Hawk", 'COHA'],
    ['Black-and-white Warbler', 'BAWW'],
    ['Northern Cardinal', 'NOCA'],
  ])('%s → %s', (name, code) => expect(alphaCode(name)).toBe(code));
});

describe('readQuestion: subject', () => {
  it.each([
    'Yellow-bellied Sapsucker in June',
    'yellow bellied sapsuckers in June',
    'sapsuckers in June',
    'the sapsucker in June',
    'Sphyrapicus varius in June',
    'YBSA in June',
    'ybsa in June',
    'yebsap in June',
    'yelow-bellied sapsuker in June',
    "the sapsucker's numbers in June",
  ])('%s names yebsap', (question) => {
    expect(read(question).frame?.species).toEqual(['yebsap']);
  });

  it('a typo is noted', () => {
    expect(read('sapsuker in June').notes.join(' ')).toContain("'sapsuker'");
  });

  it.each([
    ['Where are robins in May?', 'robins'],
    ['When does the Downy Woodpecker peak?', 'Downy Woodpecker'],
    ['bald eagle in winter', 'bald eagle'],
    ['When do Red-naped Sapsuckers arrive?', 'Red-naped Sapsuckers'],
    ["Williamson's Sapsucker in June", "Williamson's Sapsucker"],
  ])('%s is a species outside the data', (question, words) => {
    const reading = read(question);
    expect(reading.outOfScope).toContainEqual({ reason: 'species', words });
    expect(reading.frame).toBeUndefined();
  });

  it('the only species of the data is used when none is named, with a note', () => {
    const reading = read('When is the peak?', undefined, ONE_SPECIES);
    expect(reading.frame?.species).toEqual(['yebsap']);
    expect(reading.notes.join(' ')).toMatch(/exactly one/);
  });

  it('with two species and none named, each is offered', () => {
    const reading = read('When is the peak?');
    expect(reading.alternatives.map((alternative) => alternative.frame.species)).toEqual([
      ['yebsap'],
      ['simwar'],
    ]);
  });
});

describe('readQuestion: place', () => {
  it.each([
    ['sapsuckers in Michigan', { kind: 'region', code: 'USA-MI' }],
    ['sapsuckers in MI', { kind: 'region', code: 'USA-MI' }],
    ['sapsuckers in Mich.', { kind: 'region', code: 'USA-MI' }],
    ['sapsuckers in the UP', { kind: 'part', part: 'upper_peninsula' }],
    ['sapsuckers in the U.P.', { kind: 'part', part: 'upper_peninsula' }],
    ['sapsuckers in the Upper Peninsula', { kind: 'part', part: 'upper_peninsula' }],
    ['sapsuckers in the LP', { kind: 'part', part: 'lower_peninsula' }],
    ['sapsuckers in northern Michigan', { kind: 'part', part: 'northern_michigan' }],
    ['sapsuckers in southern Michigan', { kind: 'part', part: 'southern_michigan' }],
    ['sapsuckers near Marquette', { kind: 'near', name: 'Marquette', lon: -87.4, lat: 46.54, radius_km: 50 }],
    [
      'sapsuckers around Grand Rapids',
      { kind: 'near', name: 'Grand Rapids', lon: -85.67, lat: 42.96, radius_km: 50 },
    ],
    [
      'sapsuckers within 30 km of Traverse City',
      { kind: 'near', name: 'Traverse City', lon: -85.62, lat: 44.76, radius_km: 30 },
    ],
    [
      'sapsuckers within 20 miles of Ironwood',
      { kind: 'near', name: 'Ironwood', lon: -90.17, lat: 46.45, radius_km: 32.2 },
    ],
    ['sapsuckers in Lansing', { kind: 'near', name: 'Lansing', lon: -84.56, lat: 42.73, radius_km: 50 }],
  ])('%s', (question, place) => {
    expect(read(question).frame?.places).toEqual([place]);
  });

  it('"show up" is not the Upper Peninsula', () => {
    expect(read('when do sapsuckers show up').frame).toMatchObject({
      operation: 'first_week_above',
      places: [],
    });
  });

  it.each([
    ['sapsuckers in Wisconsin', 'Wisconsin'],
    ['sapsuckers in Ohio', 'Ohio'],
    ['sapsuckers in Canada', 'Canada'],
    ['sapsuckers in Texas', 'Texas'],
    ['sapsuckers near Milwaukee', 'Milwaukee'],
  ])('%s is a place outside the data', (question, words) => {
    const reading = read(question);
    expect(reading.outOfScope).toContainEqual({ reason: 'place', words });
    expect(reading.frame).toBeUndefined();
  });
});

describe('readQuestion: amounts', () => {
  it('threshold, top n and units', () => {
    expect(read('when do sapsuckers first reach 0.25').frame?.threshold).toEqual({
      value: 0.25,
      of: 'value',
    });
    expect(read('when is the chance of seeing a sapsucker first over half').frame?.threshold).toEqual({
      value: 0.5,
      of: 'value',
    });
    expect(read('when do sapsuckers arrive, at 10% of the peak').frame?.threshold).toEqual({
      value: 0.1,
      of: 'peak_share',
    });
    expect(read('the top 5 places for sapsuckers').frame?.top_n).toBe(5);
    expect(read('the three best spots for sapsuckers in June').frame?.top_n).toBe(3);
    expect(read('10 places with the most sapsuckers').frame?.top_n).toBe(10);
    expect(read('breeding range of the sapsucker in square miles').frame?.units).toBe('mi2');
    expect(read('breeding range of the sapsucker in km²').frame?.units).toBe('km2');
    expect(read('how many hectares is the sapsucker winter range').frame?.units).toBe('hectares');
    expect(read('uncertainty of sapsucker abundance in June').frame?.interval).toBe(true);
  });
});

describe('readQuestion: follow-ups', () => {
  const last = (questions: string[]) => chain(questions).at(-1)!;
  it.each([
    [
      ['When does the Yellow-bellied Sapsucker peak in Michigan?', 'and in winter?'],
      {
        operation: 'when_highest',
        times: [{ kind: 'season', season: 'nonbreeding' }],
        places: [{ kind: 'region', code: 'USA-MI' }],
      },
      ['species', 'measure', 'operation', 'places'],
    ],
    [
      ['Where is the Yellow-bellied Sapsucker in week 24?', 'what about in October?'],
      { operation: 'where_highest', species: ['yebsap'] },
      ['species', 'operation'],
    ],
    [
      ['Where is the sapsucker most abundant in June?', 'what about the Lower Peninsula?'],
      { places: [{ kind: 'part', part: 'lower_peninsula' }], times: [{ kind: 'weeks' }] },
      ['times'],
    ],
    [
      ['When do sapsuckers arrive in the UP?', 'and above 0.25?'],
      {
        operation: 'first_week_above',
        threshold: { value: 0.25, of: 'value' },
        places: [{ kind: 'part', part: 'upper_peninsula' }],
      },
      ['operation', 'places'],
    ],
    [
      ['How big is the sapsucker breeding range?', 'and the winter range?'],
      { measure: 'range_area', operation: 'value', times: [{ kind: 'season', season: 'nonbreeding' }] },
      ['species', 'operation'],
    ],
    [
      ['Where is the sapsucker most abundant in the UP?', 'and the winter range?'],
      { measure: 'range_area', operation: 'value' },
      ['species'],
    ],
    [
      ['Is the sapsucker declining?', 'ok and where is it increasing fastest?'],
      { measure: 'trend', operation: 'where_highest' },
      ['species'],
    ],
    [
      ['Where is the sapsucker in summer?', 'how about in May?'],
      { operation: 'where_highest' },
      ['species', 'operation'],
    ],
    [
      ['What are the top 3 places for sapsuckers in June?', 'and in July?'],
      { top_n: 3, operation: 'where_highest' },
      ['top_n'],
    ],
    [
      ['How likely am I to see a sapsucker near Marquette in May?', 'and near Detroit?'],
      { measure: 'occurrence', places: [{ kind: 'near', name: 'Detroit' }] },
      ['measure', 'times'],
    ],
    [
      ['How likely am I to see a sapsucker in May?', 'and the odds in the UP?'],
      { measure: 'occurrence', places: [{ kind: 'part', part: 'upper_peninsula' }] },
      ['species', 'times'],
    ],
    [['Uncertainty of sapsucker abundance in June', 'and in July?'], { interval: true }, ['interval']],
    [
      ['Breeding range of the sapsucker in acres', 'and the winter one?'],
      { units: 'acres', times: [{ kind: 'season', season: 'nonbreeding' }] },
      ['units', 'measure'],
    ],
    [
      ['When do sapsuckers leave Michigan?', 'and the UP?'],
      { operation: 'last_week_above', places: [{ kind: 'part', part: 'upper_peninsula' }] },
      ['operation', 'species'],
    ],
    [
      ['How many weeks do sapsuckers stay in the UP?', 'what about the LP?'],
      { operation: 'length_of_stay', places: [{ kind: 'part', part: 'lower_peninsula' }] },
      ['operation'],
    ],
    [
      ['When does the sapsucker peak?', 'and the chance of seeing one?'],
      { measure: 'occurrence', operation: 'when_highest' },
      ['operation', 'species'],
    ],
    [
      ['Where is the sapsucker most abundant?', 'when does it peak?'],
      { operation: 'when_highest', species: ['yebsap'] },
      ['species'],
    ],
    [
      ['Compare the sapsucker in May and June', 'and in the UP?'],
      { times: [{ kind: 'weeks' }, { kind: 'weeks' }], places: [{ kind: 'part', part: 'upper_peninsula' }] },
      ['times'],
    ],
  ] as const)('%j', (questions, expected, carried) => {
    const reading = last([...questions]);
    expect(reading.frame).toMatchObject(expected);
    for (const key of carried) expect(reading.carried, key).toContain(key);
  });

  it('a pronoun takes the previous species', () => {
    const [, second] = chain(['When does the Simulated Warbler peak?', 'Where is it in May?']);
    expect(second!.frame?.species).toEqual(['simwar']);
    expect(second!.carried).toContain('species');
  });
});

describe('readQuestion: unknown words, scope, ambiguity', () => {
  it('names the words it did not understand, as typed, without blaming the species', () => {
    const reading = read('Where are sapsuckers in my Backyard in June?');
    expect(reading.unknown).toEqual(['Backyard']);
    expect(reading.frame?.species).toEqual(['yebsap']);
  });

  it('a question with no usable part gives no frame', () => {
    const reading = read('flibbertigibbet wobble');
    expect(reading.frame).toBeUndefined();
    expect(reading.unknown).toEqual(['flibbertigibbet', 'wobble']);
  });

  it.each([
    'How many sapsuckers are in Michigan?',
    'what is the total number of sapsuckers',
    'sapsucker population size in the UP',
  ])('%s is a head count', (question) => {
    const reading = read(question);
    expect(reading.outOfScope.map((entry) => entry.reason)).toContain('head_count');
    expect(reading.frame?.measure).toBe('proportion_population');
  });

  it.each([
    ['sapsuckers in 2019', '2019'],
    ['sapsuckers last year', 'last year'],
  ])('%s is a year outside the release (clock in 2025)', (question, words) => {
    const reading = readQuestion(question, { vocabulary: TEST_VOCABULARY, clock: { today: '2025-06-12' } });
    expect(reading.outOfScope).toContainEqual({ reason: 'year', words });
  });

  it('"last year" is the release year when the clock is one year on', () => {
    expect(
      readQuestion('sapsuckers last year', { vocabulary: TEST_VOCABULARY, clock: { today: '2024-06-12' } })
        .outOfScope,
    ).toEqual([]);
  });

  it('a year inside the trend years is fine for a trend, and the release year always', () => {
    expect(read('has the sapsucker declined since 2015?').outOfScope).toEqual([]);
    expect(read('sapsuckers in June 2023').outOfScope).toEqual([]);
  });

  it('questions about other topics are out of scope', () => {
    const reading = read('What colour are its eggs?', undefined, ONE_SPECIES);
    expect(reading.outOfScope.map((entry) => entry.reason)).toEqual(['topic']);
    expect(reading.frame).toBeUndefined();
  });

  it('what data there is is a request, not a frame', () => {
    expect(read('What data is there?')).toMatchObject({ request: 'data_overview' });
    expect(read('What data is there?').frame).toBeUndefined();
    expect(read('which species do you have?')).toMatchObject({ request: 'data_overview' });
  });

  it('"When is it most common in the UP or LP?" offers the peak of each and which is higher', () => {
    const reading = read('When is it most common in the UP or LP?', undefined, ONE_SPECIES);
    expect(reading.alternatives.map((alternative) => alternative.frame.operation)).toEqual([
      'when_highest',
      'which_larger',
    ]);
    expect(reading.alternatives[0]!.frame).toEqual(reading.frame);
    for (const alternative of reading.alternatives) expect(alternative.frame.places).toHaveLength(2);
  });

  it('"migration" alone offers spring and fall', () => {
    const reading = read('where are sapsuckers during migration', undefined, ONE_SPECIES);
    expect(reading.alternatives.map((alternative) => alternative.frame.times)).toEqual([
      [{ kind: 'season', season: 'prebreeding_migration' }],
      [{ kind: 'season', season: 'postbreeding_migration' }],
    ]);
  });

  it('the old bug: where + most + breeding season + Michigan is where_highest, not the peak week', () => {
    const reading = read(
      'Where in Michigan is it most abundant in the breeding season?',
      undefined,
      ONE_SPECIES,
    );
    expect(reading.frame).toEqual({
      species: ['yebsap'],
      measure: 'abundance',
      operation: 'where_highest',
      times: [{ kind: 'season', season: 'breeding' }],
      places: [{ kind: 'region', code: 'USA-MI' }],
    });
    expect(reading.summary).toBe(
      'Yellow-bellied Sapsucker · relative abundance · where highest · breeding season · Michigan',
    );
  });
});

describe('readQuestion: which season', () => {
  it.each([
    'In which season is it most common in Michigan on average?',
    'What season am I most likely to see a sapsucker?',
    'Which season has the most sapsuckers in the UP?',
    'what time of year are sapsuckers most common?',
  ])('%s compares the four seasons', (question) => {
    const reading = read(question, undefined, ONE_SPECIES);
    expect(reading.frame?.operation).toBe('which_larger');
    expect(
      reading.frame?.times.map((time) => (time.kind === 'season' ? time.season : time.kind)).sort(),
    ).toEqual(['breeding', 'nonbreeding', 'postbreeding_migration', 'prebreeding_migration']);
  });
});

describe('readQuestion: an unknown word in a place slot, with the bird named, is only not understood', () => {
  it.each([
    ['When do they arrive in my backyard?', ['Chance of a sapsucker near Lansing in May?']],
    ['When is the peak in my backyard?', []],
    ['Will sapsuckers visit my garden near Detroit in April?', []],
  ])('%s is answered, the word listed as not understood', (question, context) => {
    const [reading] = chain([...context, question]).slice(-1);
    expect(reading!.frame, reading!.summary).toBeDefined();
    expect(reading!.outOfScope).toEqual([]);
    expect(reading!.unknown.some((word) => /backyard|garden/.test(word))).toBe(true);
  });
});

describe('readQuestion: an older release the data keeps apart', () => {
  const code = TEST_VOCABULARY.species[0]!.code;
  const name = TEST_VOCABULARY.species[0]!.common_name;
  const older = TEST_VOCABULARY.release - 1;
  const withOlder: Vocabulary = {
    ...TEST_VOCABULARY,
    olderReleases: [{ code: `${code}-${older}`, of: code, release: older }],
  };

  it(`"in the ${older} release" reads the species as that release, not as a year the data lacks`, () => {
    const reading = read(`When does the ${name} peak in the ${older} release?`, undefined, withOlder);
    expect(reading.frame?.species).toEqual([`${code}-${older}`]);
    expect(reading.outOfScope).toEqual([]);
    expect(reading.unknown).toEqual([]);
    expect(reading.notes.join(' ')).toMatch(
      new RegExp(`eBird's ${older} release.*advises against comparing`),
    );
  });

  it('without that release the year is still out of scope, and a plain name keeps the newest', () => {
    expect(read(`When does the ${name} peak in ${older}?`).outOfScope.map((entry) => entry.reason)).toEqual([
      'year',
    ]);
    expect(read(`When does the ${name} peak?`, undefined, withOlder).frame?.species).toEqual([code]);
  });
});
