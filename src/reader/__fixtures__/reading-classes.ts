import type { Measure, Operation, PlaceSpec, TimeSpec } from '../../frame/query-frame';
import type { OutOfScope, Reading } from '../reading';

/**
 * Questions by the class of misreading they guard against (found running the dev set through the
 * offline agent). Every phrasing here is new — not a dev-set question — and each was misread by
 * the reader before the fix of its class (checked against the earlier build; see the report of
 * issue 11's reader fixes). `context` is read first, as one conversation.
 *
 * Places: a part id, a town name or a region code. Times: "from-to" weeks or a season name.
 */
export interface ReadingCase {
  question: string;
  context?: string[];
  measure?: Measure;
  operation?: Operation;
  times?: string[];
  places?: string[];
  threshold?: { value: number; of: 'value' | 'peak_share' };
  topN?: number;
  outOfScope?: OutOfScope['reason'];
}

export const READING_CLASSES: Record<string, ReadingCase[]> = {
  'chance words are the chance of detection (occurrence)': [
    {
      question: 'What are the odds a checklist near Detroit has a sapsucker in mid-October?',
      measure: 'occurrence',
      operation: 'value',
      times: ['41-42'],
      places: ['Detroit'],
    },
    {
      question: 'How probable is it that a checklist from Grand Rapids lists a sapsucker in early April?',
      measure: 'occurrence',
      operation: 'value',
      places: ['Grand Rapids'],
    },
    {
      question: 'Is a sapsucker harder to spot in the UP or the LP?',
      measure: 'occurrence',
      operation: 'which_larger',
      places: ['upper_peninsula', 'lower_peninsula'],
    },
    {
      question: 'Is a sapsucker likelier in northern or southern Michigan in April?',
      measure: 'occurrence',
      operation: 'which_larger',
      places: ['northern_michigan', 'southern_michigan'],
    },
  ],
  'presence ("any", "still around", "will there be") is the chance of detection': [
    {
      question: 'Are yellow-bellied sapsuckers still here near Lansing in November?',
      measure: 'occurrence',
      operation: 'value',
      times: ['44-48'],
      places: ['Lansing'],
    },
    {
      question: 'Any sapsuckers around Detroit in February?',
      measure: 'occurrence',
      operation: 'value',
      times: ['5-8'],
      places: ['Detroit'],
    },
    {
      question: 'Will there be any sapsuckers near Marquette on Labor Day?',
      measure: 'occurrence',
      operation: 'value',
      times: ['36-36'],
      places: ['Marquette'],
    },
    {
      question: 'Are sapsuckers still around in December?',
      measure: 'occurrence',
      operation: 'value',
      times: ['49-52'],
    },
  ],
  'how many on a checklist is the relative abundance (zeros included)': [
    {
      question: 'How many sapsuckers does an average checklist near Detroit have in April?',
      measure: 'abundance',
      operation: 'value',
      times: ['14-17'],
      places: ['Detroit'],
    },
    {
      question: 'How many sapsuckers would an observer record near Marquette in mid-May?',
      measure: 'abundance',
      operation: 'value',
      places: ['Marquette'],
    },
    {
      question: 'How many sapsuckers does one checklist usually get in the LP in summer?',
      measure: 'abundance',
      operation: 'value',
      times: ['breeding'],
      places: ['lower_peninsula'],
    },
  ],
  'how many where it is detected is the count': [
    {
      question: 'If a sapsucker shows up on a checklist in April, how many are there?',
      measure: 'count',
      operation: 'value',
      times: ['14-17'],
    },
    {
      question: 'When one is seen near Traverse City in June, how many sapsuckers are on the list?',
      measure: 'count',
      operation: 'value',
      times: ['23-26'],
      places: ['Traverse City'],
    },
    {
      question:
        'When a Yellow-bellied Sapsucker gets reported in the UP in May, how many are on the checklist?',
      measure: 'count',
      operation: 'value',
      times: ['18-22'],
      places: ['upper_peninsula'],
    },
  ],
  'departure and arrival verbs': [
    {
      question: 'When do sapsuckers pull out of Traverse City?',
      operation: 'last_week_above',
      places: ['Traverse City'],
    },
    {
      question: 'When do sapsuckers clear out of southern Michigan?',
      operation: 'last_week_above',
      places: ['southern_michigan'],
    },
    {
      question: 'When do sapsuckers ship out of the LP?',
      operation: 'last_week_above',
      places: ['lower_peninsula'],
    },
    {
      question: 'When are sapsuckers thinning out near Detroit?',
      operation: 'last_week_above',
      places: ['Detroit'],
    },
    {
      question: 'Which week do sapsucker numbers thin out the fastest near Lansing?',
      operation: 'biggest_drop',
      places: ['Lansing'],
    },
    {
      question: 'when do sapsuckers arive in the UP',
      operation: 'first_week_above',
      places: ['upper_peninsula'],
    },
  ],
  'a week, a cell and a direction: when, where, lowest': [
    {
      question: 'Show the week with the highest sapsucker abundance near Ironwood',
      measure: 'abundance',
      operation: 'when_highest',
      places: ['Ironwood'],
    },
    {
      question: 'argmin week of sapsucker occurrence in the UP',
      measure: 'occurrence',
      operation: 'when_lowest',
      places: ['upper_peninsula'],
    },
    {
      question: 'lowest cell for sapsucker abundance near Detroit in July',
      measure: 'abundance',
      operation: 'where_lowest',
      places: ['Detroit'],
    },
    {
      question: 'give me the 2 lowest cells for abundance in the breeding season',
      operation: 'where_lowest',
      topN: 2,
      times: ['breeding'],
    },
    {
      question: 'the 3 smallest cells for sapsucker count in June',
      measure: 'count',
      operation: 'where_lowest',
      topN: 3,
    },
    {
      question: 'were are sapsuckers most common in may',
      measure: 'abundance',
      operation: 'where_highest',
      times: ['18-22'],
    },
  ],
  'two places or times compared, a shared name said once, or across turns': [
    {
      question: 'Is the sapsucker commoner in the Upper or the Lower Peninsula in fall?',
      operation: 'which_larger',
      places: ['upper_peninsula', 'lower_peninsula'],
    },
    {
      question: 'Is the chance of a sapsucker higher in the Upper or the Lower Peninsula in August?',
      measure: 'occurrence',
      operation: 'which_larger',
      places: ['upper_peninsula', 'lower_peninsula'],
    },
    {
      question: 'Are there more sapsuckers in northern than in southern Michigan in winter?',
      operation: 'which_larger',
      places: ['northern_michigan', 'southern_michigan'],
    },
    {
      question: 'Is a sapsucker easier to see in October or in November?',
      measure: 'occurrence',
      operation: 'which_larger',
      times: ['40-43', '44-48'],
    },
    {
      context: ['Mean abundance near Detroit in June?'],
      question: 'compare that with Grand Rapids',
      measure: 'abundance',
      operation: 'value',
      times: ['23-26'],
      places: ['Detroit', 'Grand Rapids'],
    },
    {
      context: ['Chance of a sapsucker in the UP in May?'],
      question: 'how does the LP compare?',
      measure: 'occurrence',
      times: ['18-22'],
      places: ['upper_peninsula', 'lower_peninsula'],
    },
  ],
  '"the two" in a follow-up: the two previous questions': [
    {
      context: ['Chance of a sapsucker in week 15?', 'and week 40?'],
      question: 'which of those two is bigger?',
      measure: 'occurrence',
      operation: 'which_larger',
      times: ['15-15', '40-40'],
    },
    {
      context: ['Sapsucker abundance in spring migration?', 'and in fall migration?'],
      question: 'compare the two',
      measure: 'abundance',
      times: ['prebreeding_migration', 'postbreeding_migration'],
    },
    {
      context: ['How likely is a sapsucker near Marquette in May?', 'and near Detroit?'],
      question: 'which of the two is more likely?',
      measure: 'occurrence',
      operation: 'which_larger',
      times: ['18-22'],
      places: ['Marquette', 'Detroit'],
    },
  ],
  'thresholds written after the number, as a cutoff, or of checklists': [
    {
      question: 'How many weeks is the sapsucker occurrence statewide at 0.2 or higher?',
      measure: 'occurrence',
      operation: 'length_of_stay',
      threshold: { value: 0.2, of: 'value' },
    },
    {
      question: 'Last week with an abundance of 0.4 or above near Marquette?',
      operation: 'last_week_above',
      threshold: { value: 0.4, of: 'value' },
    },
    {
      question: 'How many cells have a sapsucker occurrence of 0.4 or more in June?',
      measure: 'occurrence',
      operation: 'cells_above',
      threshold: { value: 0.4, of: 'value' },
    },
    {
      question: 'What share of the Upper Peninsula has sapsucker abundance of 0.5 and up in summer?',
      measure: 'abundance',
      operation: 'cells_above',
      places: ['upper_peninsula'],
      threshold: { value: 0.5, of: 'value' },
    },
    {
      question: 'In how many weeks is a sapsucker on more than a third of checklists?',
      measure: 'occurrence',
      operation: 'length_of_stay',
    },
    {
      context: ['When do sapsuckers leave the UP?'],
      question: 'and with a cutoff of 0.2?',
      operation: 'last_week_above',
      places: ['upper_peninsula'],
      threshold: { value: 0.2, of: 'value' },
    },
  ],
  'counting declining trend cells is the trend (its figures count them)': [
    {
      question: 'How many trend cells in the UP are increasing?',
      measure: 'trend',
      operation: 'value',
      places: ['upper_peninsula'],
    },
    {
      question: 'how many cells near Lansing have a negative trend?',
      measure: 'trend',
      operation: 'value',
      places: ['Lansing'],
    },
    {
      question: 'how many of the trend cells in northern Michigan have abd_ppy below 0',
      measure: 'trend',
      operation: 'value',
      places: ['northern_michigan'],
    },
  ],
  'questions about the bird, not where or when it is, are topics': [
    { question: 'How long does a yellow-bellied sapsucker live in the wild?', outOfScope: 'topic' },
    { question: 'How heavy is a sapsucker?', outOfScope: 'topic' },
    { question: 'How big is a yellow-bellied sapsucker?', outOfScope: 'topic' },
    { question: 'Will it rain in Lansing this weekend?', outOfScope: 'topic' },
    { question: 'Why do sapsuckers migrate?', outOfScope: 'topic' },
    { question: 'How can you tell a sapsucker from a hairy woodpecker?', outOfScope: 'topic' },
  ],
  'nesting and breeding are presence in the breeding season': [
    {
      question: 'Do sapsuckers nest near Ironwood?',
      measure: 'occurrence',
      operation: 'value',
      times: ['breeding'],
      places: ['Ironwood'],
    },
    {
      question: 'Do yellow-bellied sapsuckers breed in southern Michigan?',
      measure: 'occurrence',
      operation: 'value',
      times: ['breeding'],
      places: ['southern_michigan'],
    },
    { question: 'Where do sapsuckers nest in Michigan?', operation: 'where_highest', times: ['breeding'] },
  ],
  'typos: the likely slip wins a tie, short question words, no everyday word bent into a name': [
    {
      question: 'chanse of a sapsucker in the UP in late June',
      measure: 'occurrence',
      operation: 'value',
      places: ['upper_peninsula'],
    },
    {
      question: 'Are sapsuckers easier to see near Detroit or near Lansing?',
      measure: 'occurrence',
      operation: 'which_larger',
      places: ['Detroit', 'Lansing'],
    },
    {
      question: 'wich week has the sharpest drop in sapsucker occurrence',
      measure: 'occurrence',
      operation: 'biggest_drop',
    },
    { question: 'were is the sapsucker rarest in summer', operation: 'where_lowest', times: ['breeding'] },
    {
      question: 'wen is the sapsucker count highest in the LP',
      measure: 'count',
      operation: 'when_highest',
      places: ['lower_peninsula'],
    },
  ],
  // Classes found by the blind holdout (issue 11, holdout run 2); phrasings are new, not the holdout's.
  'an animal or topic noun the reader does not know, where the species would be, is out of scope (not the data species)':
    [
      { question: 'Where could I find a bear in the UP?', outOfScope: 'species' },
      { question: 'are there wolves near Marquette in winter?', outOfScope: 'species' },
      { question: 'Where do bats roost in Michigan?', outOfScope: 'species' },
      { question: 'Any good campgrounds near Traverse City?', outOfScope: 'topic' },
      { question: 'Is there a hotel around Lansing?', outOfScope: 'topic' },
      { question: 'where is the best pizza in Detroit', outOfScope: 'topic' },
    ],
  'years inside the trend window on a change question are the trend window; "up or down" is the trend': [
    {
      question: 'How has sapsucker abundance changed from 2014 to 2020?',
      measure: 'trend',
      operation: 'value',
    },
    {
      question: 'Have sapsuckers gone up in northern Michigan since 2015?',
      measure: 'trend',
      operation: 'value',
      places: ['northern_michigan'],
    },
    {
      question: 'Has the sapsucker population grown or shrunk in the LP from 2013 to 2021?',
      measure: 'trend',
      operation: 'value',
      places: ['lower_peninsula'],
    },
    {
      question: 'Did sapsucker numbers rise or fall between 2016 and 2022?',
      measure: 'trend',
      operation: 'value',
      times: [],
    },
  ],
  'a follow-up naming only a bare part ("the lower", "northern") or a bare threshold ("and 0.3?")': [
    {
      context: ['Chance of a sapsucker in the Upper Peninsula in May?'],
      question: 'and the lower?',
      measure: 'occurrence',
      operation: 'value',
      times: ['18-22'],
      places: ['lower_peninsula'],
    },
    {
      context: ['How abundant are sapsuckers in southern Michigan in July?'],
      question: 'what about northern?',
      measure: 'abundance',
      operation: 'value',
      times: ['27-30'],
      places: ['northern_michigan'],
    },
    {
      context: ['mean abundance in northern michigan in october'],
      question: 'same for the southern part',
      measure: 'abundance',
      times: ['40-43'],
      places: ['southern_michigan'],
    },
    {
      context: ['Chance of a sapsucker near Detroit in June?'],
      question: 'and in the north?',
      measure: 'occurrence',
      times: ['23-26'],
      places: ['northern_michigan'],
    },
    {
      context: ['How many cells have occurrence above 0.2 in May?'],
      question: 'what about 0.5?',
      measure: 'occurrence',
      operation: 'cells_above',
      times: ['18-22'],
      threshold: { value: 0.5, of: 'value' },
    },
    {
      context: ['First week with abundance of at least 0.1 in the UP?'],
      question: 'and 0.3?',
      operation: 'first_week_above',
      places: ['upper_peninsula'],
      threshold: { value: 0.3, of: 'value' },
    },
    {
      context: ['How many weeks is occurrence over 0.4 near Detroit?'],
      question: 'at 0.25 then?',
      measure: 'occurrence',
      operation: 'length_of_stay',
      places: ['Detroit'],
      threshold: { value: 0.25, of: 'value' },
    },
  ],
  '"St." is "Saint", "Ste." "Sainte", "Mt." "Mount", both ways': [
    {
      question: 'chance of a sapsucker near St. Ignace in May',
      measure: 'occurrence',
      places: ['Saint Ignace'],
    },
    { question: 'sapsuckers around Saint Johns in April', places: ['St. Johns'] },
    {
      question: 'When do sapsuckers arrive near Sault Sainte Marie?',
      operation: 'first_week_above',
      places: ['Sault Ste. Marie'],
    },
    { question: 'abundance near Mt. Pleasant in June', measure: 'abundance', places: ['Mount Pleasant'] },
    {
      question: 'how likely is a sapsucker near st ignace in july',
      measure: 'occurrence',
      places: ['Saint Ignace'],
    },
  ],
  'solstices and equinoxes are days (June 21, Dec 21, Mar 20, Sep 22), not seasons': [
    { question: 'sapsucker occurrence on the winter solstice', measure: 'occurrence', times: ['51-51'] },
    {
      question: 'How likely is a sapsucker near Lansing on the spring equinox?',
      measure: 'occurrence',
      operation: 'value',
      times: ['12-12'],
      places: ['Lansing'],
    },
    {
      question: 'abundance of sapsuckers in the UP at the summer solstice',
      measure: 'abundance',
      times: ['25-25'],
      places: ['upper_peninsula'],
    },
    {
      question: 'chance of a sapsucker near Marquette around the autumnal equinox',
      measure: 'occurrence',
      times: ['38-38'],
      places: ['Marquette'],
    },
  ],
  'the verb "count" counting weeks or cells, or beside another measure word, is not the count measure': [
    {
      question: 'If we count the cells where abundance is at least 0.5 in June, how many are there?',
      measure: 'abundance',
      operation: 'cells_above',
      threshold: { value: 0.5, of: 'value' },
    },
    {
      question: 'how many weeks would you count sapsucker occurrence above 0.3 near Detroit?',
      measure: 'occurrence',
      operation: 'length_of_stay',
      places: ['Detroit'],
    },
    {
      question: 'How many cells would I count with abundance over 0.4 in May?',
      measure: 'abundance',
      operation: 'cells_above',
      times: ['18-22'],
    },
    {
      question: 'When does sapsucker abundance peak in the UP if I count only the breeding season?',
      measure: 'abundance',
      operation: 'when_highest',
      places: ['upper_peninsula'],
    },
  ],
  '"were" for "where" before a place; "showing up" on a day with a chance word is presence, not arrival': [
    {
      question: 'were in michigan are sapsuckers most abundant in june',
      measure: 'abundance',
      operation: 'where_highest',
      times: ['23-26'],
    },
    {
      question: 'were in the UP is the sapsucker rarest in winter',
      operation: 'where_lowest',
      times: ['nonbreeding'],
      places: ['upper_peninsula'],
    },
    {
      question: 'were in the state is sapsucker occurrence highest in October?',
      measure: 'occurrence',
      operation: 'where_highest',
      times: ['40-43'],
    },
    {
      question: 'Chance a sapsucker shows up on my checklist near Marquette on 9/15?',
      measure: 'occurrence',
      operation: 'value',
      places: ['Marquette'],
    },
    {
      question: 'how likely is a sapsucker to show up near Detroit on April 20',
      measure: 'occurrence',
      operation: 'value',
      places: ['Detroit'],
    },
  ],
  "a place's possessive is no bird name": [
    {
      question: "Where is the center of Michigan's sapsucker population in winter?",
      operation: 'centre',
      times: ['nonbreeding'],
    },
    {
      question: "How common are Michigan's sapsuckers in June?",
      measure: 'abundance',
      operation: 'value',
      times: ['23-26'],
    },
    { question: "When do Michigan's sapsuckers peak?", operation: 'when_highest' },
  ],
};

/** Readings that must not change with the fixes above (each read right before and after). */
export const READING_GUARDS: ReadingCase[] = [
  { question: 'How many sapsuckers live in the Upper Peninsula?', outOfScope: 'head_count' },
  {
    question: "How big is the sapsucker's breeding range?",
    measure: 'range_area',
    operation: 'value',
    times: ['breeding'],
  },
  { question: 'What does a sapsucker nest look like?', outOfScope: 'topic' },
  {
    question: 'How many trend cells have a trend above 2% per year?',
    measure: 'trend',
    operation: 'cells_above',
    threshold: { value: 0.02, of: 'value' },
  },
  { question: 'How long do sapsuckers stay near Detroit?', operation: 'length_of_stay', places: ['Detroit'] },
  { question: 'sapsuckers near Lansing in April', times: ['14-17'] },
  { question: 'sapsuckers in the UP in September', times: ['36-39'] },
  {
    question: 'sapsucker abundance each week in May',
    measure: 'abundance',
    operation: 'value',
    times: ['18-22'],
  },
  // Holdout classes: what their fixes must leave alone.
  // (these read right before the fixes too; kept so the fixes do not break them)
  {
    question: 'Did sapsucker numbers go up or down between 2012 and 2022?',
    measure: 'trend',
    operation: 'value',
  },
  {
    question: 'Has the sapsucker population in the UP risen or fallen since 2012?',
    measure: 'trend',
    operation: 'value',
    places: ['upper_peninsula'],
  },
  {
    question: 'Counting weeks with occurrence above 0.3, how long do sapsuckers stay in the LP?',
    measure: 'occurrence',
    operation: 'length_of_stay',
    places: ['lower_peninsula'],
    threshold: { value: 0.3, of: 'value' },
  },
  {
    question:
      'How many weeks do sapsuckers stay near Detroit if you count only weeks with a chance of 0.2 or more?',
    measure: 'occurrence',
    operation: 'length_of_stay',
    places: ['Detroit'],
  },
  {
    question: 'What are the odds of a sapsucker turning up near Lansing on May 5?',
    measure: 'occurrence',
    operation: 'value',
    times: ['18-18'],
    places: ['Lansing'],
  },
  {
    question: 'What is the chance of a sapsucker in my yard near Lansing in May?',
    measure: 'occurrence',
    operation: 'value',
    places: ['Lansing'],
  },
  { question: 'How common were sapsuckers in 2015?', outOfScope: 'year' },
  { question: 'give me a breakdown for the LP in June', times: ['23-26'], places: ['lower_peninsula'] },
  { question: 'show a heatmap of abundance in May', measure: 'abundance', times: ['18-22'] },
  {
    question: 'What is the chance on a typical checklist in the UP in June?',
    measure: 'occurrence',
    operation: 'value',
    places: ['upper_peninsula'],
  },
  { question: 'Were sapsuckers around Detroit in March?', operation: 'value', places: ['Detroit'] },
  {
    question: "sapsuckers near Saint Ignace on St. Patrick's Day",
    times: ['11-11'],
    places: ['Saint Ignace'],
  },
  {
    question: 'When do sapsuckers show up in the UP?',
    operation: 'first_week_above',
    places: ['upper_peninsula'],
  },
  {
    question: 'When do sapsuckers turn up near Lansing in spring?',
    operation: 'first_week_above',
    places: ['Lansing'],
  },
  {
    question: 'Where would I count the most sapsuckers on a checklist in June?',
    measure: 'count',
    operation: 'where_highest',
  },
  {
    question: 'sapsucker abundance in the summer near Marquette',
    measure: 'abundance',
    times: ['breeding'],
    places: ['Marquette'],
  },
];

/** What a reading gets wrong against a case, part by part (empty = read as expected). */
export function caseProblems(reading: Reading, expected: ReadingCase): string[] {
  if (expected.outOfScope) {
    const reasons = reading.outOfScope.map((entry) => entry.reason);
    return reasons.includes(expected.outOfScope)
      ? []
      : [`out of scope ${reasons.join(',') || 'not flagged'}, expected ${expected.outOfScope}`];
  }
  const frame = reading.frame;
  if (!frame)
    return [
      `no frame (unknown: ${reading.unknown.join(', ')}; out of scope: ${reading.outOfScope.map((entry) => entry.reason).join(', ')})`,
    ];
  const problems: string[] = [];
  if (reading.outOfScope.length > 0)
    problems.push(`out of scope ${reading.outOfScope.map((entry) => entry.reason).join(',')}`);
  if (expected.measure && frame.measure !== expected.measure)
    problems.push(`measure ${frame.measure}, expected ${expected.measure}`);
  if (expected.operation && frame.operation !== expected.operation)
    problems.push(`operation ${frame.operation}, expected ${expected.operation}`);
  const timeText = (time: TimeSpec) =>
    time.kind === 'weeks' ? `${time.from}-${time.to}` : time.kind === 'season' ? time.season : 'year';
  const placeText = (place: PlaceSpec) =>
    place.kind === 'part'
      ? place.part
      : place.kind === 'near'
        ? place.name
        : place.kind === 'region'
          ? place.code
          : 'all';
  if (expected.times && frame.times.map(timeText).join(' & ') !== expected.times.join(' & '))
    problems.push(
      `times ${frame.times.map(timeText).join(' & ') || 'none'}, expected ${expected.times.join(' & ')}`,
    );
  if (expected.places && frame.places.map(placeText).join(' & ') !== expected.places.join(' & '))
    problems.push(
      `places ${frame.places.map(placeText).join(' & ') || 'none'}, expected ${expected.places.join(' & ')}`,
    );
  if (
    expected.threshold &&
    (frame.threshold?.of !== expected.threshold.of ||
      Math.abs((frame.threshold?.value ?? NaN) - expected.threshold.value) > 1e-9)
  ) {
    problems.push(
      `threshold ${JSON.stringify(frame.threshold ?? null)}, expected ${JSON.stringify(expected.threshold)}`,
    );
  }
  if (expected.topN !== undefined && frame.top_n !== expected.topN)
    problems.push(`top_n ${frame.top_n ?? 'none'}, expected ${expected.topN}`);
  return problems;
}
