import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execute = promisify(execFile);
const REPO_ROOT = new URL('../..', import.meta.url).pathname;

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command in the repository as a person would, with exactly `env`; resolves with the exit
 * code instead of throwing, so a test can assert on a failing run's output.
 */
export async function runInRepo(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await execute(command, [...args], {
      cwd: REPO_ROOT,
      env,
      maxBuffer: 50_000_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as CommandResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `node bin/perch.mjs …`: the CLI as installed. */
export function runPerch(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  return runInRepo('node', ['bin/perch.mjs', ...args], env);
}
