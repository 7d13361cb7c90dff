/**
 * A tool that cannot be registered is a bug in Perch, not something a model did, so it is
 * thrown at startup (STYLE.md guideline 1) with a message naming the fix.
 */
export class RegistrationError extends Error {
  override readonly name = 'RegistrationError';
  constructor(
    readonly toolName: string,
    detail: string,
  ) {
    super(`cannot register tool '${toolName}': ${detail}`);
  }
}
