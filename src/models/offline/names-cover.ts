/**
 * Whether every word of `text` is (nearly) a word of one of `names`: a fuzzy species match must
 * account for all the words asked about, so "Red-naped Sapsucker" is not read as Yellow-bellied
 * Sapsucker just because "sapsucker" matches. A word may differ by one edit per four letters
 * (plurals, typos: "sapsuckers", "sapsuker") or be a prefix of four letters or more ("sapsuck").
 */
export function namesCover(text: string, names: readonly string[]): boolean {
  const nameWords = names.flatMap(words);
  return words(text).every((word) => nameWords.some((name) => (word.length >= 4 && name.startsWith(word)) || editDistance(word, name) <= Math.floor(word.length / 4)));
}

function words(text: string): string[] {
  return text.toLowerCase().replace(/'s\b/g, '').split(/[^a-z0-9]+/).filter(Boolean);
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}
