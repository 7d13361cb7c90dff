/**
 * A lexicon of bird words: frequent North American bird group names (singular), so a bird the
 * data does not hold ("robins", "bald eagle", "Downy Woodpecker") is said to be out of scope
 * instead of being read as the data's species or left as an unknown word. Built in, not from
 * the data: the data's own species are matched by their names first, and any word of theirs
 * is taken out of this list at read time. Not exhaustive; a bird missing here is an unknown word.
 */
export const BIRD_GROUP_WORDS = new Set([
  'albatross', 'anhinga', 'ani', 'auk', 'avocet', 'bittern', 'blackbird', 'bluebird', 'bobolink', 'bobwhite', 'booby', 'brant', 'bufflehead',
  'bunting', 'bushtit', 'canvasback', 'caracara', 'cardinal', 'catbird', 'chachalaca', 'chickadee', 'chuck-will\'s-widow', 'condor', 'coot',
  'cormorant', 'cowbird', 'creeper', 'crossbill', 'crow', 'cuckoo', 'curlew', 'dickcissel', 'dipper', 'dove', 'dowitcher', 'duck', 'dunlin',
  'eagle', 'egret', 'eider', 'falcon', 'finch', 'flamingo', 'flicker', 'flycatcher', 'frigatebird', 'gadwall', 'gallinule', 'gannet', 'gnatcatcher',
  'godwit', 'goldeneye', 'goldfinch', 'goose', 'goshawk', 'grackle', 'grebe', 'grosbeak', 'grouse', 'guillemot', 'gull', 'harrier', 'hawk',
  'heron', 'hummingbird', 'ibis', 'jaeger', 'jay', 'junco', 'kestrel', 'killdeer', 'kingbird', 'kingfisher', 'kinglet', 'kittiwake', 'knot',
  'lark', 'longspur', 'loon', 'magpie', 'mallard', 'meadowlark', 'merganser', 'merlin', 'mockingbird', 'murre', 'nighthawk', 'nuthatch',
  'oriole', 'osprey', 'ovenbird', 'owl', 'oystercatcher', 'parakeet', 'parrot', 'partridge', 'parula', 'pelican', 'phalarope', 'pheasant',
  'phoebe', 'pigeon', 'pintail', 'pipit', 'plover', 'ptarmigan', 'puffin', 'quail', 'raven', 'redhead', 'redpoll', 'redstart', 'roadrunner',
  'robin', 'sanderling', 'sandpiper', 'sapsucker', 'scaup', 'scoter', 'shoveler', 'shrike', 'siskin', 'skimmer', 'snipe', 'sora', 'sparrow',
  'spoonbill', 'starling', 'stilt', 'stork', 'swan', 'tanager', 'teal', 'thrasher', 'thrush', 'titmouse', 'towhee', 'turnstone', 'veery',
  'verdin', 'vireo', 'vulture', 'warbler', 'waterthrush', 'waxwing', 'whimbrel', 'whip-poor-will', 'wigeon', 'willet', 'woodcock',
  'woodpecker', 'wren', 'yellowlegs', 'yellowthroat', 'chat', 'crane', 'kite', 'martin', 'rail', 'swallow', 'swift', 'tern', 'turkey',
]);

/**
 * Group words that are also everyday words (a verb, a country, a name): read as a bird only with
 * a bird modifier before them ("Wild Turkey", "Barn Swallow") or in the plural ("swallows").
 */
export const BIRD_WORDS_ALSO_WORDS = new Set(['chat', 'crane', 'kite', 'martin', 'rail', 'swallow', 'swift', 'tern', 'turkey', 'knot', 'merlin', 'dove', 'lark']);

/**
 * Words that start English bird names ("Red-naped", "Downy", "Bald", "Eastern"): before a group
 * word they make it a different species ("Red-naped Sapsucker" is not the Yellow-bellied).
 * Colours, body-part compounds' second halves and frequent name words.
 */
export const BIRD_MODIFIER_WORDS = new Set([
  'red', 'yellow', 'black', 'white', 'blue', 'green', 'gray', 'grey', 'brown', 'golden', 'gold', 'orange', 'purple', 'rose', 'ruby', 'scarlet',
  'rufous', 'chestnut', 'cinnamon', 'olive', 'buff', 'pink', 'snowy', 'dusky', 'pale', 'ash', 'ashy', 'violet', 'bald', 'downy', 'hairy',
  'pileated', 'great', 'greater', 'lesser', 'american', 'eastern', 'western', 'northern', 'southern', 'mountain',
  'house', 'song', 'chipping', 'field', 'fox', 'swamp', 'savannah', 'vesper', 'tree', 'barn', 'cliff', 'bank', 'chimney', 'wild', 'mourning',
  'rock', 'barred', 'horned', 'spotted', 'hermit', 'wood', 'marsh', 'sedge', 'carolina', 'tufted', 'cedar', 'bohemian', 'evening', 'pine',
  'cooper', 'sharp', 'broad', 'rough', 'bald', 'trumpeter', 'tundra', 'mute', 'canada', 'sandhill', 'whooping', 'ring', 'belted', 'cerulean',
  'magnolia', 'palm', 'prairie', 'kirtland', 'hooded', 'wilson', 'williamson', 'lewis', 'acorn', 'hairy', 'scissor', 'vermilion', 'indigo',
  'painted', 'lazuli', 'baltimore', 'bullock', 'orchard', 'harris', 'lincoln', 'clay', 'brewer', 'bewick', 'winter', 'sedge', 'gila', 'ladder',
  'nashville', 'tennessee', 'connecticut', 'kentucky', 'cape', 'may', 'bay', 'blackburnian', 'chuck', 'whip', 'peregrine', 'prairie',
]);

/** Second halves of hyphenated bird-name compounds: "-bellied", "-naped", "-throated", "-winged"… */
export const BIRD_COMPOUND_ENDINGS = /(bellied|naped|breasted|throated|headed|crowned|winged|tailed|capped|eyed|billed|backed|sided|rumped|necked|legged|shouldered|cheeked|chinned|fronted|collared|crested|footed|bibbed|masked|hooded|spotted|striped|banded)$/;

/** Singular of a bird word ("sapsuckers" → "sapsucker", "geese" → "goose", "finches" → "finch", "turkeys" → "turkey"). */
export function singular(word: string): string {
  if (word === 'geese') return 'goose';
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}
