/**
 * The start of every `perch` command: `--help` or `-h` prints its usage and exits 0; a command
 * that needs arguments prints it and exits 1 when it has none. Undefined means "run the command".
 */
export function helpExitCode(
  argv: readonly string[],
  usage: string,
  options: { argumentsRequired: boolean },
): number | undefined {
  const missing = options.argumentsRequired && argv.length === 0;
  if (!missing && !argv.includes('--help') && !argv.includes('-h')) return undefined;
  console.log(usage);
  return missing ? 1 : 0;
}
