import { describe, expect, it } from 'vitest';
import { queryFrameSchema, type Measure, type Operation } from '../frame/query-frame';
import { TEST_CLOCK, TEST_VOCABULARY } from './__fixtures__/test-vocabulary';
import { FITTING_OPERATIONS } from './fitting-operations';
import { readQuestion } from './read-question';

/**
 * Every operation × measure the frame allows (FITTING_OPERATIONS), each reached by at least five
 * phrasings written as a birder, a teacher, a data person and a first-time visitor would:
 * casual wording, typos, codes, pronouns.
 */
const PHRASINGS: Record<string, string[]> = {
  // ── abundance
  'value/abundance': [
    'Tell me about sapsuckers',
    'How abundant is the Yellow-bellied Sapsucker in Michigan in June?',
    'what is the average relative abundance of YBSA in week 24',
    'how common are sapsuckers around Lansing in may',
    'sapsuker abundance in the UP during the breeding season',
    // The expected count on a checklist, zeros included, is the relative abundance.
    'How many sapsuckers would I see on a checklist in May?',
    'how many sapsuckers per checklist in June',
  ],
  'where_highest/abundance': [
    'Where in Michigan is it most abundant in the breeding season?',
    'where are yellow-bellied sapsuckers most common in summer',
    'best places to find lots of sapsuckers in May',
    'top 5 cells for yebsap abundance in week 20',
    'which areas have the highest density of sapsuckers',
    'Where would I see the most sapsuckers on a checklist?',
  ],
  'where_lowest/abundance': [
    'Where are sapsuckers least abundant in Michigan?',
    'which areas have the lowest sapsucker abundance in June',
    'where is YBSA rarest in the breeding season',
    'where are the fewest sapsuckers in the lower peninsula',
    'what parts of the state have the least sapsuckers in winter',
  ],
  'when_highest/abundance': [
    'When does the Yellow-bellied Sapsucker peak in Michigan?',
    'when is the sapsucker most abundant',
    'what is the best time of year for sapsuckers',
    'busiest week for yebsap in the UP',
    'what week do sapsuckers peak during fall migration',
  ],
  'when_lowest/abundance': [
    'When are sapsuckers least common in Michigan?',
    'what is the quietest week for sapsuckers',
    'which month has the lowest sapsucker abundance',
    'when is YBSA abundance at its minimum',
    'when are there fewest sapsuckers near Detroit',
  ],
  'first_week_above/abundance': [
    'When do Yellow-bellied Sapsuckers reach Michigan?',
    'when do sapsuckers arrive in the spring',
    'when do the sapsuckers come back to Traverse City',
    'when does yebsap first show up in the UP',
    'when do sapsuckers get here',
    'first week with at least 1.5 sapsuckers per outing',
  ],
  'last_week_above/abundance': [
    'When do sapsuckers leave Michigan?',
    'when do the sapsuckers depart in the fall',
    'when are sapsuckers last seen in the UP',
    'when does YBSA head south',
    'when do sapsuckers leave the Upper Peninsula',
    'last week with at least 1.5 sapsuckers per outing',
  ],
  'length_of_stay/abundance': [
    'How long do sapsuckers stay in Michigan?',
    'how many weeks are sapsuckers around Marquette',
    'how long is the yellow-bellied sapsucker here each year',
    'what is the length of stay of YBSA in the LP',
    'for how long do sapsuckers linger in the Upper Peninsula',
    'how many weeks are there at least 1.5 sapsuckers per outing',
  ],
  'biggest_rise/abundance': [
    'When does sapsucker abundance increase fastest?',
    'which week has the sharpest rise in sapsuckers',
    'when do sapsucker numbers climb most rapidly in spring',
    'when is the biggest week-to-week increase for YBSA',
    'when does the sapsucker abundance grow the fastest',
  ],
  'biggest_drop/abundance': [
    'When is the sharpest decline in sapsucker abundance?',
    'when do sapsuckers drop off fastest in the fall',
    'which week has the biggest drop in YBSA abundance',
    'when does sapsucker abundance fall the fastest',
    'when do sapsucker numbers decrease most rapidly',
  ],
  'cells_above/abundance': [
    'How many cells have sapsucker abundance above 0.25?',
    'what share of the area has abundance over 0.1 in June',
    'how much of Michigan has sapsuckers in the breeding season',
    'what fraction of cells have yebsap abundance of at least 0.5',
    'what percent of the state has sapsucker abundance above 0.2 in may',
    'what fraction of cells have at least 1.5 sapsuckers per outing',
  ],
  'centre/abundance': [
    'Where is the centre of the sapsucker population?',
    'where is the center of the yellow-bellied sapsucker distribution in summer',
    'what is the centroid of YBSA abundance in winter',
    'where is the middle of the sapsucker range in June',
    'center of gravity of sapsucker abundance in week 20',
  ],
  'which_larger/abundance': [
    'Are there more sapsuckers in May or in June?',
    'is the sapsucker more common in the UP or the LP?',
    'is yebsap more abundant in spring or fall',
    'which has more sapsuckers, Marquette or Detroit?',
    'are sapsuckers more common in week 20 or week 30',
  ],
  'value(compare)/abundance': [
    'Compare sapsucker abundance in May and June',
    'sapsucker abundance in the UP vs the LP',
    'compare the Yellow-bellied Sapsucker and the Simulated Warbler in June',
    'YBSA abundance: spring versus fall',
    'difference in sapsucker abundance between Marquette and Lansing',
  ],
  'rank_species/abundance': [
    'Which birds are most common here in May?',
    'what species are most abundant in the UP in summer',
    'rank the species by abundance in June',
    'which other birds are common near Detroit',
    'list the species by relative abundance in winter',
  ],
  // ── occurrence
  'value/occurrence': [
    'How likely am I to see a sapsucker in Michigan in May?',
    'what are my chances of seeing a yellow-bellied sapsucker in winter',
    'what is the chance of seeing it in week 30',
    'odds of spotting YBSA near Marquette in June',
    'probabilty of detecting a sapsucker in the UP',
  ],
  'where_highest/occurrence': [
    'Where am I most likely to see a sapsucker?',
    'where are the best odds of finding a sapsucker in May',
    'which areas have the highest chance of spotting yebsap',
    'where is the probability of detection highest in June',
    'where should I go to have the best chance to see a sapsucker',
  ],
  'where_lowest/occurrence': [
    'Where am I least likely to see a sapsucker?',
    'where are the chances of seeing sapsuckers lowest in summer',
    'which areas have the lowest probability of spotting YBSA',
    'where is detection probability at its minimum in June',
    'where are my odds of finding a sapsucker worst',
  ],
  'when_highest/occurrence': [
    'During which week is the sapsucker most likely to be seen?',
    'when am I most likely to see a sapsucker',
    'what is the best week to spot YBSA near Lansing',
    'when are the odds of seeing sapsuckers highest',
    'when does the chance of detecting a sapsucker peak',
  ],
  'when_lowest/occurrence': [
    'When am I least likely to see a sapsucker?',
    'when are the chances of seeing sapsuckers lowest',
    'which week has the lowest probability of spotting YBSA',
    'what is the worst time to look for sapsuckers, odds wise',
    'when is the detection chance for sapsuckers at its minimum',
  ],
  'first_week_above/occurrence': [
    'When does the chance of seeing a sapsucker first reach 50%?',
    'when do my odds of seeing sapsuckers first go above 0.2',
    'when does the probability of detecting YBSA first exceed 10%',
    'from when is the chance of spotting a sapsucker at least 0.3',
    'when is the first week with a chance of seeing a sapsucker over half',
  ],
  'last_week_above/occurrence': [
    'When is the last week the chance of seeing a sapsucker is above 50%?',
    'until when are the odds of seeing sapsuckers over 0.2',
    'last week with a probability of detecting YBSA of at least 10%',
    'what is the latest week my chances of spotting a sapsucker exceed 0.3',
    'when does the chance of seeing sapsuckers last stay over half',
  ],
  'length_of_stay/occurrence': [
    'How many weeks is the chance of seeing a sapsucker above 50%?',
    'how long are the odds of seeing sapsuckers over 0.2',
    'for how long is the probability of detecting YBSA at least 10%',
    'how many weeks do I have a good chance of seeing a sapsucker',
    'how long does the chance of spotting a sapsucker stay above 0.3',
  ],
  'biggest_rise/occurrence': [
    'When does the chance of seeing a sapsucker increase fastest?',
    'which week do the odds of spotting sapsuckers rise most sharply',
    'when does the probability of detecting YBSA climb fastest',
    'when do my chances of seeing a sapsucker jump the most week to week',
    'when does sapsucker detection probability grow the quickest',
  ],
  'biggest_drop/occurrence': [
    'When does the chance of seeing a sapsucker drop fastest?',
    'which week do the odds of spotting sapsuckers fall most sharply',
    'when does the probability of detecting YBSA decline fastest',
    'when do my chances of seeing a sapsucker decrease the most week to week',
    'when does sapsucker detection probability plunge',
  ],
  'cells_above/occurrence': [
    'How many cells have a chance of seeing a sapsucker above 50%?',
    'what share of the area gives odds of spotting sapsuckers over 0.2',
    'what fraction of cells have a probability of detecting YBSA of at least 10%',
    'how much of Michigan has a chance of seeing a sapsucker over half in June',
    'what percent of the map has sapsucker detection probability above 0.3',
  ],
  'which_larger/occurrence': [
    'Am I more likely to see a sapsucker in May or in June?',
    'are the odds of spotting sapsuckers better in the UP or the LP',
    'is the chance of seeing YBSA higher near Marquette or near Detroit',
    'is a sapsucker more likely in spring or in fall',
    'where is detection probability higher, UP or LP?',
  ],
  'value(compare)/occurrence': [
    'Compare the chance of seeing a sapsucker in May and June',
    'odds of spotting sapsuckers: UP vs LP',
    'chance of seeing YBSA near Marquette versus near Detroit',
    'compare detection probability in spring and fall',
    'chances of seeing a sapsucker or a simulated warbler in June, side by side',
  ],
  'rank_species/occurrence': [
    'Which birds am I most likely to see in May?',
    'what species are easiest to spot, chance wise, in June',
    'rank the species by chance of detection in the UP',
    'which birds have the best odds of being seen near Lansing',
    'list the species by probability of detection in winter',
  ],
  // ── count
  'value/count': [
    // Counts where the bird is detected; "how many would I see on a checklist" is the relative abundance (see value/abundance).
    'how many sapsuckers are on a checklist in May if any are seen',
    'how many sapsuckers per checklist in June, given a detection',
    'what is the expected count of YBSA on an outing near Marquette',
    'average flock size of sapsuckers in fall',
    'how many sapsuckers might I count per trip in the UP',
  ],
  'where_highest/count': [
    'where are sapsucker counts highest on checklists that report them',
    'where are checklist counts of sapsuckers highest',
    'which areas have the biggest sapsucker counts per outing',
    'top 3 places for sapsucker counts per checklist',
    'where are sapsucker flock sizes largest',
  ],
  'where_lowest/count': [
    'Where are sapsucker counts per checklist lowest?',
    'which areas have the smallest... the lowest checklist counts of sapsuckers',
    'where would I count the fewest sapsuckers per outing',
    'where is the sapsucker count per trip at its minimum',
    'where are sapsucker flock sizes smallest, lowest',
  ],
  'when_highest/count': [
    'When are sapsucker counts per checklist highest?',
    'what week has the biggest sapsucker counts per outing',
    'when would I count the most sapsuckers on a checklist',
    'when do checklist counts of YBSA peak',
    'when is sapsucker flock size at its maximum',
  ],
  'when_lowest/count': [
    'When are sapsucker counts per checklist lowest?',
    'what week has the smallest, lowest sapsucker counts per outing',
    'when would I count the fewest sapsuckers on a checklist',
    'when are checklist counts of YBSA at their minimum',
    'when is sapsucker flock size lowest',
  ],
  'first_week_above/count': [
    'When do checklist counts of sapsuckers first reach 2?',
    'when does the count per checklist of sapsuckers first go above 1',
    'first week with at least 1.5 sapsuckers per checklist that reports them',
    'when do sapsucker counts per trip first exceed 1',
    'when does YBSA flock size first reach 3',
  ],
  'last_week_above/count': [
    'When is the last week with sapsucker counts per checklist above 2?',
    'last week with at least 1.5 sapsuckers per outing when they are detected',
    'until when do checklist counts of sapsuckers stay over 1',
    'the latest week YBSA flock size exceeds 3',
    'when do sapsucker counts per trip last exceed 1',
  ],
  'length_of_stay/count': [
    'How many weeks are sapsucker counts per checklist above 2?',
    'how long do checklist counts of sapsuckers stay over 1',
    'for how long is YBSA flock size at least 3',
    'how many weeks are there at least 1.5 sapsuckers per outing, if present',
    'how long do sapsucker counts per trip stay above 1',
  ],
  'biggest_rise/count': [
    'When do sapsucker counts per checklist increase fastest?',
    'which week has the sharpest rise in sapsucker counts per outing',
    'when does YBSA flock size grow fastest',
    'when do checklist counts of sapsuckers jump the most week to week',
    'when do sapsucker counts per trip climb most rapidly',
  ],
  'biggest_drop/count': [
    'When do sapsucker counts per checklist drop fastest?',
    'which week has the sharpest decline in sapsucker counts per outing',
    'when does YBSA flock size shrink fastest',
    'when do checklist counts of sapsuckers fall the most week to week',
    'when do sapsucker counts per trip decrease most rapidly',
  ],
  'cells_above/count': [
    'How many cells have sapsucker counts per checklist above 2?',
    'what share of the area has checklist counts of sapsuckers over 1',
    'what fraction of cells have at least 1.5 sapsuckers on checklists that detect them',
    'how much of Michigan has YBSA flock sizes above 3',
    'what percent of the map has sapsucker counts per trip over 1',
  ],
  'which_larger/count': [
    'Are checklist counts of sapsuckers higher in May or in June?',
    'would I count more sapsuckers per outing in the UP or the LP?',
    'are YBSA flock sizes bigger in spring or fall',
    'is the sapsucker count per checklist higher near Marquette or Detroit',
    'are counts per trip larger in week 20 or week 30',
  ],
  'value(compare)/count': [
    'Compare sapsucker counts per checklist in May and June',
    'checklist counts of sapsuckers: UP vs LP',
    'sapsucker flock size in spring versus fall',
    'counts per outing of YBSA near Marquette compared with near Detroit',
    'compare checklist counts of the sapsucker and the simulated warbler',
  ],
  'rank_species/count': [
    'Which birds have the biggest counts per checklist in May?',
    'rank the species by count per outing',
    'which species have the largest flock sizes in winter',
    'list the species by checklist count in the UP',
    'what birds would I count the most of per checklist near Lansing',
  ],
  // ── proportion_population
  'value/proportion_population': [
    'What share of the population is in the Upper Peninsula?',
    'what proportion of the sapsucker population lives in the LP in summer',
    'what percent of the YBSA population is near Marquette',
    'what fraction of all sapsuckers are in Michigan in winter',
    'how much of the sapsucker population is in northern Michigan in May',
  ],
  'where_highest/proportion_population': [
    'Which regions hold the largest share of the sapsucker population?',
    'where is the biggest proportion of the population in summer',
    'which areas hold the highest percentage of the YBSA population',
    'top 5 places by share of the sapsucker population',
    'where is the population share highest',
  ],
  'where_lowest/proportion_population': [
    'Which areas hold the smallest share of the sapsucker population?',
    'where is the lowest proportion of the population in summer',
    'which cells have the least percentage of the YBSA population',
    'where is the share of the sapsucker population at its minimum',
    'which regions hold the lowest fraction of sapsuckers, population wise',
  ],
  'when_highest/proportion_population': [
    'When does the UP hold the largest share of the sapsucker population?',
    'what week is the proportion of the population in the LP highest',
    'when is the percentage of the YBSA population near Marquette at its peak',
    'when is the population share in northern Michigan greatest',
    'which month has the highest fraction of the sapsucker population in Michigan',
  ],
  'when_lowest/proportion_population': [
    'When does the UP hold the smallest share of the sapsucker population?',
    'what week is the proportion of the population in the LP lowest',
    'when is the percentage of the YBSA population near Marquette at its minimum',
    'when is the population share in northern Michigan least',
    'which month has the lowest fraction of the sapsucker population in Michigan',
  ],
  'first_week_above/proportion_population': [
    'When does the share of the population in the UP first reach 0.01?',
    'when does the proportion of the sapsucker population in the LP first exceed 0.005',
    'first week the population share near Marquette is above 0.001',
    'when does the percentage of the YBSA population in Michigan first go over 1%',
    'when does the fraction of the population in the UP arrive above 0.01',
  ],
  'last_week_above/proportion_population': [
    'When is the last week the share of the population in the UP is above 0.01?',
    'the latest week the proportion of the sapsucker population in the LP exceeds 0.005',
    'last week the population share near Marquette is at least 0.001',
    'until when is the percentage of the YBSA population in Michigan over 1%',
    'when does the fraction of the population in the UP last stay over 0.01',
  ],
  'length_of_stay/proportion_population': [
    'How many weeks is the share of the population in the UP above 0.01?',
    'how long is the proportion of the sapsucker population in the LP over 0.005',
    'for how long is the population share near Marquette at least 0.001',
    'how many weeks is the percentage of the YBSA population in Michigan over 1%',
    'how long does the fraction of the population in the UP stay above 0.01',
  ],
  'biggest_rise/proportion_population': [
    'When does the share of the population in the UP increase fastest?',
    'which week does the proportion of the sapsucker population in the LP rise most sharply',
    'when does the population share near Marquette grow fastest',
    'when does the percentage of the YBSA population in Michigan jump the most week to week',
    'when does the fraction of the population in the UP climb the quickest',
  ],
  'biggest_drop/proportion_population': [
    'When does the share of the population in the UP drop fastest?',
    'which week does the proportion of the sapsucker population in the LP fall most sharply',
    'when does the population share near Marquette decline fastest',
    'when does the percentage of the YBSA population in Michigan decrease the most week to week',
    'when does the fraction of the population in the UP shrink the quickest',
  ],
  'cells_above/proportion_population': [
    'How many cells hold a share of the population above 0.001?',
    'what fraction of the area has a proportion of the sapsucker population over 0.002',
    'how many cells have at least 0.1% of the YBSA population',
    'what share of the cells hold a population share over 0.001',
    'what percent of the map has a fraction of the population above 0.0005',
  ],
  'centre/proportion_population': [
    'Where is the centre of the sapsucker population share?',
    'the center of the proportion of the population in June',
    'where is the centroid of the YBSA population share in winter',
    'where is the middle of the share of the sapsucker population',
    'center of gravity of the population proportion in week 20',
  ],
  'which_larger/proportion_population': [
    'Does the UP or the LP hold a larger share of the population?',
    'is the proportion of the sapsucker population higher in May or June',
    'is a bigger percentage of the YBSA population near Marquette or near Detroit',
    'which holds more of the population share, northern Michigan or southern Michigan?',
    'is the population share greater in spring or in fall',
  ],
  'value(compare)/proportion_population': [
    'Compare the share of the population in the UP and the LP',
    'proportion of the sapsucker population in May vs June',
    'percentage of the YBSA population near Marquette versus near Detroit',
    'population share in northern Michigan compared with southern Michigan',
    'compare the fraction of the population in spring and fall',
  ],
  'rank_species/proportion_population': [
    'Which species have the largest share of their population in the UP?',
    'rank the species by proportion of population in Michigan',
    'which birds hold the highest percentage of their population near Marquette',
    'list the species by population share in the LP',
    'what other birds have a big fraction of their population here',
  ],
  // ── range_area
  'value/range_area': [
    'How big is its breeding range in Michigan?',
    'How large is the sapsucker range during spring migration?',
    "what is the size of the sapsucker's winter range",
    'breeding range area of YBSA in square miles',
    'how many acres does the yellow-bellied sapsucker range cover in summer',
  ],
  'which_larger/range_area': [
    'Is the breeding range bigger than the winter range?',
    'is the sapsucker range larger in summer or in winter',
    'which is bigger, the breeding or the nonbreeding range area',
    'is the YBSA range area greater in spring or fall',
    'is its range size smaller in winter or summer',
  ],
  'value(compare)/range_area': [
    'Compare the breeding and winter range sizes',
    'sapsucker range area: summer vs winter',
    'compare the range size of the sapsucker and the simulated warbler',
    'YBSA range area in spring versus fall',
    'range extent in the breeding season compared with the nonbreeding season',
  ],
  'rank_species/range_area': [
    'Which species have the biggest breeding range?',
    'rank the species by range size',
    'list the species by range area in winter',
    'which birds have the largest range area in summer',
    'what other birds have big ranges in km²',
  ],
  // ── trend
  'value/trend': [
    'Is the Yellow-bellied Sapsucker declining?',
    'Is its breeding population in Michigan increasing or decreasing?',
    'what is the population trend of sapsuckers in the UP',
    'how has the yebsap population changed over the years',
    'are sapsuckers doing better or worse in Michigan',
  ],
  'where_highest/trend': [
    'Where is the sapsucker increasing fastest?',
    'where are sapsuckers growing the most',
    'which areas have the strongest increase in YBSA population',
    'where is the population trend most positive, top 5 places',
    'in which parts of Michigan are sapsuckers increasing',
  ],
  'where_lowest/trend': [
    'Where is the sapsucker declining fastest?',
    'where are sapsuckers decreasing the most',
    'which areas have the sharpest decline in the YBSA population',
    'where is the sapsucker population dropping',
    'in which parts of the UP are sapsuckers declining',
  ],
  'cells_above/trend': [
    'How many cells have a sapsucker trend above 2% per year?',
    'what share of the area has a population trend over 1 percent per year',
    'what fraction of cells show a YBSA trend of at least 0.5',
    'how much of Michigan has a sapsucker trend above 0',
    'what percent of the map has a trend over 2',
  ],
  'which_larger/trend': [
    'Is the sapsucker trend better in the UP or the LP?',
    'is the population trend higher in northern Michigan or in southern Michigan',
    'is YBSA declining more near Marquette or near Detroit',
    'which has the bigger trend, the UP or the LP?',
    'are sapsuckers increasing more in the UP or in the LP',
  ],
  'value(compare)/trend': [
    'Compare the sapsucker trend in the UP and the LP',
    'population trend: northern Michigan vs southern Michigan',
    'compare the trends of the sapsucker and the simulated warbler',
    'YBSA trend near Marquette versus near Detroit',
    'trend in the Upper Peninsula compared with the Lower Peninsula',
  ],
  'rank_species/trend': [
    'Which species are declining the most?',
    'rank the species by population trend',
    'which birds are increasing fastest in Michigan',
    'list the species by trend in the UP',
    'what other species have the strongest trend',
  ],
};

function operationOf(key: string): Operation {
  return key.split('/')[0]!.replace('(compare)', '') as Operation;
}

describe('readQuestion: every operation × measure the frame allows', () => {
  it('the table covers every fitting combination', () => {
    const keys = new Set(Object.keys(PHRASINGS).map((key) => `${operationOf(key)}/${key.split('/')[1]}`));
    for (const [measure, operations] of Object.entries(FITTING_OPERATIONS))
      for (const operation of operations)
        expect(keys, `${operation}/${measure}`).toContain(`${operation}/${measure}`);
    for (const [key, phrasings] of Object.entries(PHRASINGS))
      expect(new Set(phrasings).size, key).toBeGreaterThanOrEqual(5);
  });

  const cases = Object.entries(PHRASINGS).flatMap(([key, phrasings]) =>
    phrasings.map((question) => ({ key, question })),
  );
  it.each(cases)('$key: $question', ({ key, question }) => {
    const reading = readQuestion(question, { vocabulary: TEST_VOCABULARY, clock: TEST_CLOCK });
    expect(reading.frame, reading.summary).toBeDefined();
    const frame = queryFrameSchema.parse(reading.frame);
    const [operation, measure] = [operationOf(key), key.split('/')[1] as Measure];
    expect(`${frame.operation}/${frame.measure}`, reading.summary).toBe(`${operation}/${measure}`);
    if (key.includes('(compare)') || operation === 'which_larger') {
      expect(
        Math.max(frame.species.length, frame.times.length, frame.places.length),
        'two things compared',
      ).toBe(2);
    }
    if (operation === 'rank_species') expect(frame.species).toEqual([]);
  });
});
