/**
 * Animals that are not birds, singular (plurals are read through `singular` plus the irregular
 * ones listed): "where can I see a moose", "are there wolves near Marquette" ask about a species
 * the data does not hold. Built in and not exhaustive, like BIRD_GROUP_WORDS; an animal missing
 * here in the species' slot is still refused as a topic by read-stray-subject.ts.
 */
export const ANIMAL_WORDS = new Set([
  'animal', 'mammal', 'reptile', 'amphibian', 'insect', 'wildlife', 'critter',
  'moose', 'deer', 'elk', 'caribou', 'bison', 'buffalo', 'bear', 'wolf', 'wolves', 'coyote', 'fox', 'foxes', 'bobcat', 'lynx', 'cougar', 'raccoon',
  'skunk', 'opossum', 'possum', 'porcupine', 'beaver', 'otter', 'mink', 'weasel', 'badger', 'muskrat', 'squirrel', 'chipmunk', 'woodchuck',
  'groundhog', 'rabbit', 'bunny', 'hare', 'mouse', 'mice', 'rat', 'vole', 'shrew', 'mole', 'bat', 'dog', 'cat', 'horse', 'cow', 'pig', 'sheep',
  'goat', 'whale', 'dolphin', 'seal', 'snake', 'turtle', 'tortoise', 'lizard', 'frog', 'toad', 'salamander', 'newt', 'fish', 'trout', 'salmon',
  'walleye', 'pike', 'bass', 'sturgeon', 'muskie', 'butterfly', 'butterflies', 'moth', 'monarch', 'bee', 'wasp', 'hornet', 'mosquito', 'mosquitoes',
  'tick', 'dragonfly', 'dragonflies', 'firefly', 'fireflies', 'beetle', 'spider', 'bug', 'crayfish', 'mussel',
]);
