/**
 * JSON with sorted keys, so `{a, b}` and `{b, a}` give the same text: the approval digest
 * (approvals.ts) and the agent loop's repeated-failure check (agent/run-turn.ts) both compare arguments with it.
 * Throws on what JSON.stringify throws on (BigInt, cycles).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
