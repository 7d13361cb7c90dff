/**
 * Words that carry no part of a question on their own: function words, question words, polite
 * filler, and generic nouns ("bird", "data"). They are never listed as unknown. Cue words
 * (measures, operations) live in their own tables, not here.
 */
export const STOP_WORDS = new Set(
  (
    'a an the am is are was were be been being do does did doing done will would can could should shall must might i you we they he she it its ' +
    'me my mine our ours your yours us them their theirs this that these those there here in on at of for to from by with about into onto ' +
    'during between over under per and or nor but so than then what when where which who whom whose how why whats wheres whens hows if whether ' +
    'very really quite just only also too please tell show give me let know find look see get got any some all each every both either ' +
    "much many more most less least lot lots kind sort bit like want wanna need i'd i'm you're what're ok okay thanks thank hi hello hey " +
    'bird birds species data estimate estimates number numbers value values figure figures amount level levels typically usually normally ' +
    "generally ever around again yes no not don't doesn't isn't aren't does there's here's anywhere somewhere one ones thing things " +
    'have has had having go going goes went gone come comes coming make made say says said seen saw spotted out up down back off ' +
    's t d ll ve re m # question answer info information according based model models ebird status trends wondering curious ' +
    // "the 2022 release", "version 2023": the year names the release (read-question.ts readOlderRelease).
    'release releases version edition ' +
    // Words for a report of the data ("a breakdown for the LP", "a heatmap of abundance"): they ask for figures, not about another thing.
    'breakdown rundown snapshot situation heatmap chart charts graph graphs table plot stats statistics report update details outlook view scoop story'
  ).split(/\s+/),
);

/** Pronouns and phrases that point at the previous question's species. */
export const PRONOUN_PHRASES = [
  'it',
  'its',
  'they',
  'them',
  'their',
  'theirs',
  'this bird',
  'that bird',
  'these birds',
  'those birds',
  'this species',
  'that species',
  'the bird',
  'the birds',
  'the species',
  'this one',
  'that one',
  'same bird',
  'same species',
];
