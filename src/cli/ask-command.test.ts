import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CommandResult, runInRepo } from '../../test/helpers/run-in-repo';

const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    '[cli] skipping perch ask / eval runs on data: PERCH_TEST_DATA is unset (test/global-setup.ts builds the example)',
  );
const itWithData = dataDir ? it : it.skip;

/** Runs a command in the repository with these variables added to this process's. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return runInRepo(command, args, { ...process.env, ...env });
}

describe('perch ask', () => {
  it('without a question prints the usage and exits 1', async () => {
    const { code, stdout } = await run('node', ['bin/perch.mjs', 'ask']);
    expect(code).toBe(1);
    expect(stdout).toContain('usage: perch ask');
  });

  it('--model gemini without GEMINI_API_KEY says so and exits 1', async () => {
    const { code, stderr } = await run(
      'node',
      ['bin/perch.mjs', 'ask', 'hello', '--model', 'gemini', '--data', dataDir ?? 'public/data'],
      { GEMINI_API_KEY: '' },
    );
    expect(code).toBe(1);
    expect(stderr).toContain('GEMINI_API_KEY is not set');
  });

  itWithData(
    '--json prints one line per question of one conversation: answer, reading, calls with envelopes, the map layer, provenance and audit rows',
    async () => {
      const { code, stdout } = await run('node', [
        'bin/perch.mjs',
        'ask',
        'Where is the Yellow-bellied Sapsucker in week 24?',
        'and in winter?',
        '--json',
        '--data',
        dataDir!,
      ]);
      expect(code).toBe(0);
      const [printed, followUp, ...rest] = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(rest).toEqual([]);
      expect(printed).toMatchObject({
        question: 'Where is the Yellow-bellied Sapsucker in week 24?',
        end: 'answered',
        model: 'offline',
      });
      expect(printed.answer).toContain('202 of 293 modelled cells');
      expect(printed.reading.frame).toMatchObject({
        species: ['yebsap'],
        operation: 'where_highest',
        times: [{ kind: 'weeks', from: 24, to: 24 }],
      });
      const status = printed.tool_calls.find((call: { name: string }) => call.name === 'query_status');
      expect(status.arguments).toEqual(printed.reading.frame);
      expect(status.envelope.ok).toBe(true);
      expect(printed.layers).toEqual([
        expect.objectContaining({
          features: 293,
          source_tables: expect.arrayContaining(['weekly', 'cells']),
        }),
      ]);
      expect(printed.provenance).toContainEqual(
        expect.objectContaining({ figure: '202', tool: 'query_status' }),
      );
      expect(printed.audit.map((row: { call_id: string }) => row.call_id)).toEqual(
        printed.tool_calls.map((call: { call_id: string }) => call.call_id),
      );
      // The follow-up keeps species and operation, and changes only the time.
      expect(followUp.reading.frame).toMatchObject({
        species: ['yebsap'],
        operation: 'where_highest',
        times: [{ kind: 'season', season: 'nonbreeding' }],
      });
      expect(followUp.reading.carried).toEqual(expect.arrayContaining(['species']));
      expect(followUp.tool_calls.map((call: { name: string }) => call.name)).toEqual(['query_status']);
    },
  );
});

describe('perch ask --model openai', () => {
  itWithData(
    'runs the same loop against an OpenAI-compatible server: its tool call goes through the registry',
    async () => {
      const bodies: any[] = [];
      const replies = [
        {
          choices: [
            {
              message: {
                content: null,
                tool_calls: [
                  {
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'weekly_series', arguments: '{"species":"yebsap"}' },
                  },
                ],
              },
              finish_reason: 'tool_calls',
            },
          ],
        },
        { choices: [{ message: { content: 'It peaks in the week of 2023-04-19.' }, finish_reason: 'stop' }] },
      ];
      const server = createServer((request, response) => {
        let text = '';
        request.on('data', (chunk) => (text += chunk));
        request.on('end', () => {
          bodies.push(JSON.parse(text));
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(replies[bodies.length - 1]));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as AddressInfo).port;
        const { code, stdout } = await run(
          'node',
          [
            'bin/perch.mjs',
            'ask',
            'When does it peak?',
            '--model',
            'openai',
            '--base-url',
            `http://127.0.0.1:${port}/v1`,
            '--model-name',
            'mock',
            '--json',
            '--data',
            dataDir!,
          ],
          { OPENAI_API_KEY: '' },
        );
        expect(code).toBe(0);
        const printed = JSON.parse(stdout);
        expect(printed.answer).toBe('It peaks in the week of 2023-04-19.');
        expect(printed.tool_calls).toEqual([
          expect.objectContaining({
            call_id: 'call_1',
            name: 'weekly_series',
            envelope: expect.objectContaining({ ok: true }),
          }),
        ]);
        expect(printed.audit).toHaveLength(1);
        expect(bodies[0].model).toBe('mock');
        expect(bodies[0].tools.map((tool: any) => tool.function.name)).toContain('weekly_series');
        // The second request carries the tool result back to the model.
        expect(JSON.stringify(bodies[1].messages)).toContain('2023-04-19');
      } finally {
        server.close();
      }
    },
  );
});

describe('npm run eval', () => {
  itWithData('reports each question, the total, and exits 1 when a figure is missing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'perch-eval-'));
    const file = join(folder, 'questions.json');
    const base = {
      question: 'When does the Yellow-bellied Sapsucker peak in Michigan?',
      reference_answer: '',
      method: '',
      tolerance: 'relative 1% on every figure',
    };
    writeFileSync(
      file,
      JSON.stringify({
        questions: [
          { ...base, id: 'right', figures: { peak_week: '2023-04-19', peak_mean: 0.6543060212 } },
          { ...base, id: 'wrong', figures: { peak_mean: 0.7 } },
        ],
      }),
    );
    const { code, stdout } = await run('npx', ['tsx', 'src/cli/eval.ts', file, '--data', dataDir!]);
    expect(code).toBe(1);
    expect(stdout).toContain('PASS right: 2/2 figures');
    // A figure the answer gives that is not the expected one is a confident answer to a different question.
    expect(stdout).toContain(
      'FAIL WRONG-CONFIDENT wrong: 0/1 figures, reading not checked — missing peak_mean=0.7',
    );
    expect(stdout).toMatch(
      /total: 1\/2 questions passed \(answered 50\.0%\), 2\/3 figures found, .*wrong-confident 1 \(wrong\) \(model offline\)/,
    );
  });
});
