import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// action-validator checks a workflow against GitHub's schema (a wasm build of the Rust tool).
const { validateWorkflow } = require('@action-validator/core') as {
  validateWorkflow(source: string): { errors: unknown[] };
};

const WORKFLOW = readFileSync(new URL('../../.github/workflows/pages.yml', import.meta.url), 'utf8');
const CI = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');

interface Workflow {
  jobs: Record<
    string,
    {
      needs?: string | string[];
      if?: string;
      strategy?: { matrix: Record<string, string> };
      steps: { run?: string; uses?: string; if?: string; env?: Record<string, string> }[];
    }
  >;
}

/** `npm run data -- --ebirdst x` → `npm run data`: the command, without its arguments. */
function commandOf(line: string): string {
  return line
    .trim()
    .split(/\s+/)
    .filter((word) => !/^[A-Z_]+=/.test(word))
    .slice(0, 3)
    .join(' ');
}

describe('GitHub Pages workflow', () => {
  it('passes the GitHub Actions workflow schema check', () => {
    expect(validateWorkflow(WORKFLOW).errors).toEqual([]);
  });

  it('a broken workflow is caught by the same check', () => {
    expect(validateWorkflow(WORKFLOW.replace('runs-on:', 'runs_on:')).errors.length).toBeGreaterThan(0);
  });

  it('builds with the same commands .ci/run exercises', () => {
    const workflow = load(WORKFLOW) as Workflow;
    const runs = workflow.jobs.build!.steps.flatMap((step) => (step.run ? [commandOf(step.run)] : []));
    expect(runs).toEqual(['npm ci --no-audit', 'npm run data', 'npm run build']);
    const ciCommands = CI.split('\n')
      .filter((line) => /^\s*(?:[A-Z_]+=\S+\s+)*npm /.test(line))
      .map(commandOf);
    for (const command of runs) expect(ciCommands).toContain(command);
  });

  it('deploys the built site under the repository sub-path', () => {
    const workflow = load(WORKFLOW) as Workflow;
    const build = workflow.jobs.build!.steps.find((step) => step.run === 'npm run build');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JS template
    expect(build?.env?.BASE).toBe('/${{ github.event.repository.name }}/');
    expect(
      workflow.jobs.build!.steps.some((step) => step.uses?.startsWith('actions/upload-pages-artifact')),
    ).toBe(true);
  });

  it('with PERCH_SHARDS > 1, shard jobs build and upload parts and the build job merges them (issue 16)', () => {
    const { jobs } = load(WORKFLOW) as Workflow;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JS template
    expect(jobs.parts!.strategy?.matrix.shard).toBe('${{ fromJSON(needs.plan.outputs.list) }}');
    expect(jobs.parts!.if).toBe('needs.plan.outputs.shards > 1');
    const shardRuns = jobs.parts!.steps.flatMap((step) => (step.run ? [step.run] : []));
    expect(shardRuns).toContainEqual(
      expect.stringMatching(/^npm run data -- --shard \$\{\{ matrix\.shard \}\}\//),
    );
    expect(jobs.parts!.steps.some((step) => step.uses?.startsWith('actions/upload-artifact'))).toBe(true);
    expect(jobs.build!.needs).toEqual(['plan', 'parts']);
    const download = jobs.build!.steps.find((step) => step.uses?.startsWith('actions/download-artifact'));
    expect(download?.if).toBe('needs.plan.outputs.shards > 1');
    expect(jobs.build!.steps.find((step) => step.run?.startsWith('npm run data'))?.run).toContain(
      "'-- --merge-parts parts/*'",
    );
  });
});
