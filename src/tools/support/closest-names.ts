/** Up to `limit` candidates nearest to `text` (edit distance, then shared prefix), for "did you mean". */
export function closestNames(text: string, candidates: readonly string[], limit = 3): string[] {
  const wanted = text.toLowerCase();
  return candidates
    .map((name) => ({
      name,
      distance:
        editDistance(wanted, name.toLowerCase()) -
        (name.toLowerCase().includes(wanted) || wanted.includes(name.toLowerCase()) ? 2 : 0),
    }))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current.push(
        Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    previous = current;
  }
  return previous[b.length];
}
