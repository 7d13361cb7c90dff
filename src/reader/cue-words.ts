import type { Measure, Season } from '../frame/query-frame';
import { phrase, type Phrase } from './phrase';

/**
 * What a cue says about the operation. Operations are scored from these features together
 * (`score-operation.ts`), never by the first cue that matches: "where" + "most" is
 * where_highest, "when" + "most" when_highest, "where" + "increasing fastest" a trend map.
 */
export type Feature =
  | 'where'
  | 'when'
  | 'high'
  | 'low'
  | 'arrive'
  | 'leave'
  | 'stay'
  | 'rise'
  | 'drop'
  | 'fast'
  | 'weekly'
  | 'share'
  | 'population'
  | 'area'
  | 'centre'
  | 'comparative'
  | 'compare'
  | 'rank'
  | 'value'
  | 'how_many'
  | 'first'
  | 'last'
  /** "per checklist", "on a typical outing": the unit every weekly measure is given in (not a measure by itself). */
  | 'checklist'
  /** "the two", "both", "which of them": the two things of the previous questions. */
  | 'pair';

/** One table entry: a phrase and what it says. */
export interface Cue {
  phrase: Phrase;
  features?: Partial<Record<Feature, number>>;
  measures?: Partial<Record<Measure, number>>;
  /** Asks for lower/upper bounds. */
  interval?: true;
  /** Asks for a head count (S&T has none). */
  headCount?: true;
  /** Asks about something other than where/when birds are (eggs, songs, diet). */
  topic?: true;
  /** Asks what data there is. */
  data?: true;
  /** "How big is the sapsucker?": the bird's size (a topic), unless the question names a range. */
  bodySize?: true;
  /** A verb that names a season ("do they nest here?": the breeding season). */
  season?: Season;
  /** A measure named by its word ("abundance", "chance", "trend"), not implied by a verb. */
  namedMeasure?: true;
  /** The verb "count" ("would I count"): the count measure only when no measure word is named. */
  countVerb?: true;
}

const cue = (text: string, rest: Omit<Cue, 'phrase'>): Cue => ({ phrase: phrase(text), ...rest });
const f = (features: Partial<Record<Feature, number>>) => ({ features });
const m = (measures: Partial<Record<Measure, number>>) => ({ measures });

/** Matched longest first at each position. */
export const CUES: readonly Cue[] = [
  // ── what data there is
  cue('what|which data|datasets|dataset', { data: true }),
  cue('what|which species|birds do|does you|the|this ?data have|hold|cover|know|include|contain', {
    data: true,
  }),
  cue('what|which species|birds are|is in ?the|this data|dataset', { data: true }),
  cue('what can you ?tell|do|answer|show', { data: true }),
  cue('what do you have|know|cover', { data: true }),
  cue('what is available', { data: true }),

  // ── head counts (S&T is an index, not a census)
  cue('total number ?of', { headCount: true }),
  cue('population size|count|estimate|total|number', { headCount: true }),
  cue('number of birds|individuals', { headCount: true }),
  cue('how many birds|individuals ?are|live|exist|there', { headCount: true }),
  cue('headcount|census', { headCount: true }),
  cue('head count', { headCount: true }),
  cue('how many', f({ how_many: 1 })),

  // ── measures
  cue('relative abundance', { measures: { abundance: 2 }, namedMeasure: true }),
  cue('abundan*|common|commonly|commonest|numerous|plentiful|density|densities|prevalent|populous|thick', {
    measures: { abundance: 1 },
    namedMeasure: true,
  }),
  cue('how abundant|common|numerous|plentiful', { measures: { abundance: 1 }, features: { value: 1 } }),
  cue(
    'chance|chances|odds|probab*|likelihood|likely|unlikely|likeliest|occurrence|occur|occurs|detect*|encounter*|frequency|frequent|frequently',
    { measures: { occurrence: 2 }, namedMeasure: true },
  ),
  cue('how often', m({ occurrence: 2 })),
  cue('likelier|unlikelier', { measures: { occurrence: 2 }, features: { comparative: 1 } }),
  cue('how likely', { measures: { occurrence: 2 }, features: { value: 1 }, namedMeasure: true }),
  cue(
    'will|would|can|could|might|do|should i|we|you see|spot|find|hear|get|encounter ?one|it|them|any|a',
    m({ occurrence: 2.5 }),
  ),
  cue('see|spot|find|seeing|spotting|finding one|any|a', m({ occurrence: 2 })),
  cue('see|spot|find|seeing|spotting|finding|catch|get ?a|an|any|one|some|the @bird', m({ occurrence: 2 })),
  // Presence: "any sapsuckers then?", "will there be sapsuckers at Christmas?", "are they still around?".
  cue('any @bird', m({ occurrence: 2 })),
  cue('are|is|will|would|were|was there ?be|still ?any|some @bird', m({ occurrence: 2.5 })),
  cue('@bird ?are|is still around|here|there|present|about|left|remaining|lingering', m({ occurrence: 2.5 })),
  cue('still around|here|there|present|about|left|remaining|lingering', m({ occurrence: 2 })),
  cue('present|presence|absent|absence', m({ occurrence: 1.5 })),
  cue('for a|an|one @bird', m({ occurrence: 1 })),
  cue(
    'include|includes|including|feature|features|contain|contains ?a|an|any|one|the @bird',
    m({ occurrence: 1.5 }),
  ),
  // A number of birds, not a chance: "where would I see the most sapsuckers", "fewer sapsuckers".
  cue('the most @bird', { measures: { abundance: 2 }, features: { high: 1 } }),
  cue('the fewest|least @bird', { measures: { abundance: 2 }, features: { low: 1 } }),
  cue('more|fewer|less @bird', { measures: { abundance: 2 }, features: { comparative: 1 } }),
  // "easier to find", "hardest to spot": the chance of finding one.
  cue('easier|harder|tougher ?to find|see|spot|get', {
    measures: { occurrence: 2 },
    features: { comparative: 1 },
  }),
  cue('easiest ?to find|see|spot|get', { measures: { occurrence: 2 }, features: { high: 1 } }),
  cue('hardest|toughest ?to find|see|spot|get', { measures: { occurrence: 2 }, features: { low: 1 } }),
  cue('spot|spotting|sighting|sightings|seeing', m({ occurrence: 1 })),
  cue('reporting rate', { measures: { occurrence: 3 }, namedMeasure: true }),
  // A checklist is the unit of all three weekly measures: by itself it names none ("how likely on a
  // checklist" is a chance); "how many per checklist" is the relative abundance (zeros included).
  cue('checklist|checklists|outing|outings', f({ checklist: 1 })),
  cue(
    'per|each|a|an|one|my|the|typical|average|single|standard ?typical|average|single|standard|ebird trip|trips|visit|walk|hike|survey|outing|checklist|checklists',
    { features: { checklist: 1 }, measures: { abundance: 1 } },
  ),
  cue('count|counts|tally', m({ count: 1.5 })),
  // Counted where it is detected: "when a sapsucker is reported, how many…", "if present", "on checklists that report it".
  cue(
    'when|if|once|whenever|wherever ?a|an|one|the|some @bird is|are|gets|get|was|were ?actually|really detected|reported|seen|recorded|spotted|logged|observed',
    m({ count: 4 }),
  ),
  cue(
    'when|if|once|whenever|wherever a|an|one|some @bird is|gets|was ?actually|really found|present|there',
    m({ count: 4 }),
  ),
  cue(
    'if|once|whenever ?a|an|one|the|some @bird is|are|gets|get|was|were ?actually|really found|present|there',
    m({ count: 4 }),
  ),
  cue(
    'when|if|once|whenever|wherever ?a|an|one|the|some @bird shows|show|turns|turn|pops|pop up',
    m({ count: 4 }),
  ),
  cue(
    'when|if|once|whenever|wherever|where detected|reported|seen|found|present|recorded|spotted|logged|observed',
    m({ count: 4 }),
  ),
  cue('given|conditional|conditioned ?on|upon ?a detection|presence|sighting|sightings', m({ count: 4 })),
  cue(
    '?on|in|per checklists|checklist|lists|list that|which|where|with report|reports|include|includes|have|has|detect|detects|record|records ?it|them|one|@bird',
    m({ count: 4 }),
  ),
  cue('?on|in|per checklists|lists reporting|including|detecting it|them|one|@bird', m({ count: 4 })),
  cue(
    'if|when|once any|some|one|they|it ?is|are ?actually|really seen|reported|detected|found|present|there',
    m({ count: 4 }),
  ),
  // "How many would I see / would a birder log": the expected count on a checklist (relative abundance).
  cue(
    'how many ?@bird would|will|could|can|might|should|do|does ?a|an|the|one|i|we|you|people ?birder|birders|observer|observers|visitor|visitors|person|birdwatcher|birdwatchers ?typically|usually|normally|actually|really|there|here ?expect|expected ?to see|expect|find|get|spot|encounter|log|record|report|tally|note|list|have',
    { measures: { abundance: 3 }, features: { how_many: -1, checklist: 1 } },
  ),
  cue(
    'how many ?@bird does|do|would|will|can|might ?a|an|the|my|one|each ?typical|average|standard|single ?ebird checklist|checklists|list|lists|outing|outings|trip|trips|survey|visit|walk',
    { measures: { abundance: 3 }, features: { how_many: -1, checklist: 1 } },
  ),
  cue('flock|group|party size|sizes', m({ count: 3.5 })),
  cue('how many ?@bird would|will|could|can|might|should|do i|we|you|one count', {
    measures: { count: 3.5 },
    features: { how_many: -1 },
    countVerb: true,
  }),
  // The verb names the measure: "where would I count the fewest sapsuckers" — unless a measure word is named ("would I count occurrence above 0.3").
  cue('would|will|could|can|might|do i|we|you|one count', { measures: { count: 3.5 }, countVerb: true }),
  // Counting weeks or days is how a stay is measured ("if I count weeks with abundance above 0.2"), not the count measure.
  cue(
    '?would|will|could|can|might|do|if|when ?i|we|you|one count|counts|counting|counted ?only|just ?the|all weeks|week|days|day',
    {},
  ),
  // "if I count only the breeding season", "I count": a verb with its subject, the count measure only without a measure word.
  cue('i|we|you|one count|counted', { measures: { count: 3.5 }, countVerb: true }),
  cue('share|proportion|percentage|fraction|portion|percent', f({ share: 1 })),
  cue('what part', f({ share: 1 })),
  cue('how much of', f({ share: 1, area: 0.5 })),
  cue('population|populations|birds|individuals|world|global|total|rangewide', f({ population: 1 })),
  cue('of all', f({ population: 1 })),
  cue('range wide', f({ population: 1 })),
  cue('area|areas|land|territory|grid|map|surface', f({ area: 1 })),
  cue('cells|cell|squares|square', f({ area: 1, where: 0.5 })),
  cue(
    'count|number of ?the|modelled|modeled cells|cell|squares|places|spots|sites|locations|areas',
    f({ how_many: 1, area: 1 }),
  ),
  cue('range size|area|extent', m({ range_area: 3 })),
  cue('size of', m({ range_area: 2.5 })),
  cue('how big|large|extensive|wide|vast|huge', m({ range_area: 2.5 })),
  cue(
    'how big|large|heavy|tall|small is|are|do|does|can|will ?a|an|the|this|that @bird|bird|birds ?get|grow',
    { bodySize: true, measures: { range_area: 2.5 } },
  ),
  cue('how much area|land|territory', m({ range_area: 2.5 })),
  cue('range|ranges', m({ range_area: 0.8 })),
  // "Where is its range in winter?": the range's outline (range_area), not where it is most common.
  cue('where is|are @bird|the|its|their range|ranges', m({ range_area: 3 })),
  cue('where is|are the @bird range|ranges', m({ range_area: 3 })),
  cue('extent|footprint|coverage|size', m({ range_area: 1.5 })),
  cue('trend|trends|trending', { measures: { trend: 3 }, namedMeasure: true }),
  cue('abd|abundance ppy', m({ trend: 3 })),
  cue('median|sum|summed|aggregate', f({ value: 1 })),
  cue('ppy', m({ trend: 3 })),
  cue('<|below|under 0|zero', f({ drop: 1 })),
  cue('less|lower than 0|zero', f({ drop: 1 })),
  cue('negative|negatively', f({ drop: 1 })),
  cue('population change|changes|trend|trends', m({ trend: 3 })),
  cue('over|in|across|during the ?past|last|recent years|decade|decades', m({ trend: 2 })),
  cue('long term', m({ trend: 1.5 })),
  cue('per year', m({ trend: 1.5 })),
  cue('yearly|annually|since', m({ trend: 1.5 })),
  cue('annual change|trend|rate', m({ trend: 2 })),
  cue('doing better|worse|well|ok|okay', m({ trend: 2 })),

  // ── intervals
  cue('uncertain*|confidence|interval|intervals|credible|precision|precise|reliab*|error|bounds', {
    interval: true,
  }),
  cue('range of ?the|possible estimate|estimates|values', { interval: true }),
  cue('lower|upper bound|bounds|limit|limits|estimate|value', { interval: true }),
  cue('lower and|or upper', { interval: true }),
  cue('how sure|certain|confident|accurate|exact', { interval: true }),
  cue('margin of error', { interval: true }),
  cue('plus or minus', { interval: true }),
  cue('error bars|bar', { interval: true }),
  cue('give or take', { interval: true }),

  // ── changes: a trend (per year) or a weekly rise/drop, told apart in scoring
  cue(
    'increas*|rise|rises|rising|risen|rose|grow|grows|growing|grown|climb*|surge*|jump*|recover*|expand*|ramp*',
    f({ rise: 1 }),
  ),
  cue('going|go|goes|gone|went|build|builds|building|pick|picks|picking up', f({ rise: 1 })),
  cue(
    'decreas*|declin*|drop|drops|dropping|dropped|fall|falling|falls|fell|shrink*|plummet*|plunge*|crash*|dwindl*|disappearing|loss|losing|lose|shrunk|fallen',
    f({ drop: 1 }),
  ),
  cue('going|go|goes|gone|went down', f({ drop: 1 })),
  // "gone up or down", "risen or fallen", "grown or shrunk": a change either way over the years, the trend.
  cue('going|go|goes|gone|went|moved|moving up or|and down', {
    measures: { trend: 2 },
    features: { rise: 1, drop: 1 },
  }),
  cue(
    'rise|risen|rose|grown|grow|increased|increase or|and fall|fallen|fell|shrunk|shrink|shrunken|decreased|decrease|declined|decline',
    { measures: { trend: 2 }, features: { rise: 1, drop: 1 } },
  ),
  cue('tail|tails|taper|tapers off', f({ drop: 1 })),
  cue('change|changes|changed|changing|shift|shifts|shifted', f({ rise: 0.4 })),
  cue(
    'fastest|quickest|sharpest|steepest|biggest|largest|greatest|strongest|fast|quickly|rapidly|sharply|steeply|sudden|suddenly|most',
    f({ fast: 1, high: 1 }),
  ),
  cue('most rapid|rapidly', f({ fast: 1 })),
  cue('week to|over week|weeks', f({ weekly: 1 })),
  cue('weekly', f({ weekly: 1 })),
  cue('from one week to the next', f({ weekly: 1 })),

  // ── where / when
  cue('where|wheres', f({ where: 1.5 })),
  cue(
    'which|what part|parts|area|areas|region|regions|place|places|spot|spots|cells|cell|location|locations|site|sites|county|counties|town|towns|state|states|corner',
    f({ where: 1.5 }),
  ),
  cue('in what|which part|parts|area|areas|region|place|places', f({ where: 1.5 })),
  cue('map|distribution|spread|located|found|concentrated|occupied|occupy', f({ where: 1 })),
  cue('hold|holds|held|host|hosts|harbor|harbors|harbour|harbours|spend|spends|spending', f({ where: 0.3 })),
  cue('hang out', f({ where: 1 })),
  cue('go to find|see', f({ where: 1 })),
  cue('hotspot|hotspots|stronghold|strongholds', f({ where: 2, high: 2 })),
  cue('hot spot|spots', f({ where: 2, high: 2 })),
  cue('core area|areas|range', f({ where: 2, high: 2 })),
  cue(
    'best|top|good|greatest place|places|spot|spots|area|areas|location|locations|site|sites|cells|region|regions',
    f({ where: 2, high: 2 }),
  ),
  cue('worst place|places|spot|spots|area|areas', f({ where: 2, low: 2 })),
  cue('places|spots|cells|sites|locations|areas', f({ where: 0.5 })),
  cue('when|whens', f({ when: 1.5 })),
  cue('what|which week|weeks|time|month|months|date|day|season|period', f({ when: 1.5 })),
  cue('time of ?the year', f({ when: 1.5 })),
  cue('best|good|ideal|optimal|prime|top time|week|month|season|period|date', f({ when: 2, high: 2 })),
  cue('busiest|peak|peaks|peaking|peaked|peek|height|maximum', f({ when: 1, high: 1.5 })),
  // A bare "week" ("the week with the minimum", "argmax week", "peak week"): a time is asked.
  cue('week|weeks', f({ when: 1 })),
  // "each week", "per week", "week by week": how the figures come, not a question of which week.
  cue('each|every|per|by|a week|weeks', {}),
  cue('week by|after week', {}),
  cue('argmax', f({ high: 1 })),
  cue('argmin', f({ low: 1 })),
  // "Return the week with…", "give me the cells…": an order, not the return of the birds.
  cue('return|give|output|compute ?me the|a|an|all', {}),
  cue('quietest|slowest|worst time|week|month', f({ when: 2, low: 2 })),
  cue('quietest|slowest|low point', f({ when: 1, low: 1.5 })),
  cue(
    'highest|greatest|largest|biggest|best|top|densest|richest|heaviest|strongest|commonest|concentrated|max|maximal',
    f({ high: 1 }),
  ),
  cue(
    'least|lowest|fewest|smallest|tiniest|minimum|minimal|min|rarest|scarcest|worst|bottom|weakest|sparsest|scarce|rare|rarely|uncommon|seldom',
    f({ low: 1 }),
  ),

  // ── timing
  cue(
    'arrive|arrives|arrived|arriv*|reach|reaches|reaching|return|returns|returning|appear|appears|appearing|arrival|arrivals',
    f({ arrive: 2.5 }),
  ),
  cue('show|shows|showing|showed|turn|turns|turning|turned|pop|pops|popping up', f({ arrive: 2.5 })),
  cue('come|comes|coming back|in|north', f({ arrive: 2.5 })),
  // Not "get in": "how many does a checklist get in the LP" is no arrival.
  cue('get|gets|getting here|there|back', f({ arrive: 2.5 })),
  cue('first arrival|seen|show|appear*|sighting|sightings|week|weeks', f({ arrive: 2.5 })),
  cue('how early', f({ arrive: 2.5 })),
  cue('start|starts|begin|begins showing|appearing|arriving|coming', f({ arrive: 2.5 })),
  cue('move|moves|fly|flies into|north|back|in', f({ arrive: 2 })),
  cue('first|earliest', f({ first: 1 })),
  cue('leav*|depart*|disappear|disappears|vanish*|departure|departures|gone', f({ leave: 2.5 })),
  cue(
    'head|heads|heading|go|goes|going|fly|flies|migrate|migrates|move|moves south|out|away',
    f({ leave: 2.5 }),
  ),
  cue(
    'clear|clears|clearing|pull|pulls|pulling|ship|ships|check|checks|peter|petters|empty|empties|move|moves|moving out|off',
    f({ leave: 2.5 }),
  ),
  cue('disappear*|vanish*', f({ leave: 2.5 })),
  cue('be gone|gone by', f({ leave: 2.5 })),
  // "thin out": the departure, or with "fastest" the biggest weekly drop.
  cue('thin|thins|thinning out|down', f({ leave: 3, drop: 0.5 })),
  cue('last seen|sighting|sightings', f({ leave: 2.5 })),
  cue('how late', f({ leave: 2.5 })),
  cue('stop|stops seeing', f({ leave: 2.5 })),
  cue('until when', f({ leave: 2.5 })),
  cue('last|latest', f({ last: 1 })),
  cue(
    'how long ?do|does|will|would|is|are|can ?they|it ?stay*|remain*|linger*|spend|stick|hang|be|last|around|present|here|there',
    f({ stay: 3 }),
  ),
  cue('how many weeks', f({ stay: 3 })),
  cue('for how long', f({ stay: 3 })),
  cue('length of ?the|their|its stay|season|visit', f({ stay: 3 })),
  cue('the|their|its ?@bird stay|visit|residency', f({ stay: 3 })),
  cue('duration|stay|stays|staying|linger|lingers', f({ stay: 1.5 })),
  cue('number of weeks', f({ stay: 3 })),

  // ── other operations
  cue('centre|center|centroid|midpoint|middle|heart|centered|centred', f({ centre: 3 })),
  cue('centre|center of gravity', f({ centre: 3 })),
  cue('mean|average location|position', f({ centre: 3 })),
  cue('compare|compared|comparing|comparison|vs|versus|against|difference|differ|differs', f({ compare: 2 })),
  cue('side by side', f({ compare: 2 })),
  cue('relative to', f({ compare: 2 })),
  cue(
    'more|less|fewer|higher|lower|bigger|larger|greater|smaller|commoner|better|worse|likelier|busier|rarer',
    f({ comparative: 1 }),
  ),
  cue('which one', f({ comparative: 0.5 })),
  cue('which of ?the|these|those two', f({ comparative: 0.5, pair: 1 })),
  cue('which of them|both|these|those', f({ comparative: 0.5, pair: 1 })),
  cue('the|these|those two', f({ pair: 1 })),
  cue('both|either', f({ pair: 1 })),
  cue('rank|ranking|ranked|list|order|sort', f({ rank: 1 })),
  cue('what|which ?other birds|species|kinds|types', f({ rank: 2 })),
  cue('what|anything else', f({ rank: 2 })),
  cue('other birds|species', f({ rank: 2 })),
  cue('average|mean|typical|typically|overall|level|levels|value|amount|status', f({ value: 1 })),
  cue('on average', f({ value: 1 })),
  cue('tell me about', f({ value: 0.5 })),
  cue('overview|describe|summary|summarise|summarize|about|information|info', f({ value: 0.5 })),

  // ── topics the data does not cover
  cue(
    'colour|color|colors|colours|egg|eggs|nest|nests|song|songs|sound|sounds|call|calls|eat|eats|diet|food|feed|feeder|feeders|weigh|weight|wingspan|lifespan|predator|predators|identify|plumage|mate|mating|sing|sings|beak|feathers|photo|picture|pictures|drum|drumming',
    { topic: true },
  ),
  cue('look|looks like', { topic: true }),
  // Breeding is data: "do they nest in the UP?" asks whether they are there in the breeding season.
  // A verb ("do they nest", "sapsuckers breed in"), not the noun ("what does a sapsucker nest look like" stays a topic).
  cue('do|does|did|will|would|can @bird nest|nests|breed|breeds', {
    measures: { occurrence: 2 },
    season: 'breeding',
  }),
  cue('@bird nest|nests|breed|breeds in|near|around|at|here|there|across|throughout|anywhere', {
    measures: { occurrence: 2 },
    season: 'breeding',
  }),
  cue('how long do|does|can|will|would ?a|an|the @bird|they|it live|survive', { topic: true }),
  cue('lifespan|life span|life expectancy|lifetime|how old', { topic: true }),
  cue('weather|forecast|temperature|temperatures|rain|raining|snowing|windy', { topic: true }),
  cue('how do|can|would|could|should i|you|one tell|distinguish|differentiate|identify', { topic: true }),
  cue('tell ?@bird apart', { topic: true }),
  cue('why', { topic: true }),
  cue('drill|drills|drilling|holes|hole|sap|wells|bark|tree|trees', { topic: true }),
];

/** Words that open a follow-up: "and in winter?", "what about the LP?", "ok and where…". */
export const FOLLOW_UP_OPENERS: readonly Phrase[] = [
  'ok|okay|alright|great|thanks|cool|nice|hmm|right|so ?so|then ?and|also|now|then',
  'and|also|plus ?what|how about',
  'what|how about',
  'same for',
  'what if',
  'and|also|then|now|same|likewise',
].map(phrase);
