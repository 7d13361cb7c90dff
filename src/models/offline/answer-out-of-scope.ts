import type { OutOfScope, Vocabulary } from '../../reader';

/**
 * What to say when the data cannot answer: why, in one sentence per reason, and what it can
 * answer instead. No figure is given for what was asked (issue 11: "say so and give no figure").
 */
const REASONS: Record<OutOfScope['reason'], (words: string, vocabulary: Vocabulary) => string> = {
  species: (words, vocabulary) =>
    `This data has no figures for '${words}': it holds ${speciesList(vocabulary)}.`,
  place: (words, vocabulary) =>
    vocabulary.maskRegion
      ? `This data is masked to ${regionName(vocabulary, vocabulary.maskRegion)}: the eBird model was cut to that area, so it has no figures for '${words}'.`
      : `This data has no modelled cells in '${words}'.`,
  year: (words, vocabulary) =>
    `This data is the eBird Status & Trends ${vocabulary.release} release: its weekly estimates describe one typical year (${vocabulary.release})${vocabulary.trendYears ? `, and its trends cover ${vocabulary.trendYears.start}–${vocabulary.trendYears.end}` : ''}, so it has nothing for '${words}'.`,
  head_count: () =>
    'eBird Status & Trends does not count birds: its abundance is a relative index (the expected count on a standard short checklist), so I cannot say how many birds there are. It does give the share of the whole population in a place — ask, for example, "What share of the population is in the Upper Peninsula in June?"',
  topic: (words) =>
    `'${words}' is not something this data holds: it models where and when a species is, how abundant, how likely to be seen, its range and its trend.`,
};

export function answerOutOfScope(
  reasons: readonly OutOfScope[],
  vocabulary: Vocabulary,
  options: { suggest: boolean } = { suggest: true },
): string {
  const seen = new Set<string>();
  const sentences = reasons
    .map((reason) => REASONS[reason.reason](reason.words, vocabulary))
    .filter((sentence) => !seen.has(sentence) && seen.add(sentence));
  return [...sentences, ...(options.suggest ? [suggestion(vocabulary)] : [])].join('\n\n');
}

function speciesList(vocabulary: Vocabulary): string {
  const names = vocabulary.species.map((species) => `the ${species.common_name} (${species.code})`);
  if (names.length === 0) return 'no species';
  return names.length === 1 ? `only ${names[0]}` : `${names.length} species: ${names.join(', ')}`;
}

function regionName(vocabulary: Vocabulary, code: string): string {
  return vocabulary.regions.find((region) => region.code === code)?.name ?? code;
}

function suggestion(vocabulary: Vocabulary): string {
  const [species] = vocabulary.species;
  if (!species) return 'Build the data first (npm run data).';
  return `You can ask, for example: "When does the ${species.common_name} arrive?", "Where is it most common in June?" or "Is it increasing?"`;
}
