/**
 * The keys this process was given, for redaction: whatever a call, a model or DuckDB prints,
 * none of these reaches stdout, stderr or the audit file.
 */
export function envSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return [env.GEMINI_API_KEY, env.OPENAI_API_KEY].filter((key): key is string => Boolean(key));
}
