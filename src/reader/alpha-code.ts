/**
 * The four-letter banding ("alpha") code of an English bird name, by the Bird Banding Lab rules
 * (Klimkiewicz & Robbins 1978, as the BBL and Pyle & DeSante use them): hyphens split words,
 * apostrophes are dropped, then
 * - one word: its first four letters (Killdeer → KILL, Sora → SORA);
 * - two words: two letters of each (American Robin → AMRO);
 * - three words: one letter of the first two, two of the last (Yellow-bellied Sapsucker → YBSA,
 *   Red-winged Blackbird → RWBL);
 * - four or more words: the first letter of the first four (Black-and-white Warbler → BAWW).
 * The BBL breaks a few clashes by hand (e.g. Black-throated Gray Warbler is BTYW, not BTGW);
 * those exceptions are not reproduced: a clash here only means the code matches two names,
 * which the reader then reads as ambiguous.
 */
export function alphaCode(commonName: string): string {
  const words = commonName
    .replace(/['’.]/g, '')
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^a-z]/gi, ''))
    .filter(Boolean);
  let code: string;
  if (words.length === 1) code = words[0]!.slice(0, 4);
  else if (words.length === 2) code = words[0]!.slice(0, 2) + words[1]!.slice(0, 2);
  else if (words.length === 3) code = words[0]!.slice(0, 1) + words[1]!.slice(0, 1) + words[2]!.slice(0, 2);
  else
    code = words
      .slice(0, 4)
      .map((word) => word[0]!)
      .join('');
  return code.toUpperCase();
}
