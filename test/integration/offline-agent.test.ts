import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTurn, type TurnResult } from '../../src/agent';
import { figuresIn } from '../../src/agent/find-provenance';
import { type EvalFile, type EvalQuestion, scoreAnswer } from '../../src/bench/score-answer';
import { createNodeEngine } from '../../src/engine/node-engine';
import type { Engine } from '../../src/engine/types';
import type { ModelConversation } from '../../src/models/model-adapter';
import { createOfflineModel } from '../../src/models/offline';
import {
  type AuditEntry,
  createAuditLog,
  type Registry,
  type Session,
  type ToolEnvelope,
} from '../../src/registry';
import { createPerchRegistry } from '../../src/tools';
import { readPublicQuestions } from '../helpers/public-questions';

/**
 * The offline agent end to end: runTurn → the real registry → the real tools → DuckDB over the
 * pipeline's build of the real example (PERCH_TEST_DATA, built by test/global-setup.ts). Every
 * expected figure of the question files must appear in the answer within the file's tolerance,
 * and every figure of the answer's body must come from a tool result of the turn.
 */
const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    'offline-agent: PERCH_TEST_DATA is not set (test/global-setup.ts builds it from ../shared/data/ebirdst-example), so these tests are skipped',
  );
const describeReal = dataDir ? describe : describe.skip;

// Only with the data: without it the file is not needed, and no second skip notice is printed.
const PUBLIC = dataDir ? readPublicQuestions('offline-agent') : null;
const EXTRA = JSON.parse(
  readFileSync(new URL('../../src/bench/questions/offline-extra.json', import.meta.url), 'utf8'),
) as EvalFile;

interface Asked {
  result: TurnResult;
  envelopes: ToolEnvelope[];
  audit: AuditEntry[];
}

describeReal(
  `the offline agent on the real example${dataDir ? '' : ' (skipped: PERCH_TEST_DATA not set)'}`,
  () => {
    let engine: Engine;
    let registry: Registry;
    let session: Session;
    const envelopes: ToolEnvelope[] = [];
    const audit = createAuditLog();
    let turn = 0;

    beforeAll(async () => {
      engine = await createNodeEngine({ dataDir: dataDir! });
      const base = createPerchRegistry({ engine }, { audit });
      registry = {
        ...base,
        call: async (...args) => {
          const outcome = await base.call(...args);
          envelopes.push(outcome.envelope);
          return outcome;
        },
      };
      session = { id: 'offline-agent-test', datasets: Object.keys(engine.catalog.tables) };
    });
    afterAll(async () => engine?.close());

    async function ask(question: string, conversation: ModelConversation): Promise<Asked> {
      const envelopesBefore = envelopes.length;
      const auditBefore = audit.entries().length;
      const result = await runTurn({
        registry,
        agent: 'offline',
        session,
        conversation,
        modelId: 'offline',
        question,
        turnId: `t${++turn}`,
        signal: new AbortController().signal,
        emit: () => {},
      });
      return {
        result,
        envelopes: envelopes.slice(envelopesBefore),
        audit: audit.entries().slice(auditBefore),
      };
    }

    async function askInContext(question: EvalQuestion): Promise<Asked> {
      const conversation = createOfflineModel().startConversation({ system: '', tools: [] });
      for (const earlier of question.context ?? []) await ask(earlier, conversation);
      return ask(question.question, conversation);
    }

    /** Names of methods, not figures: eBird's "80% interval" (10th–90th percentile of the folds). */
    const METHOD_NAMES = new Set(['80%']);

    /** Figures of the answer (before the caveats) that neither provenance nor a result's text explains, nor the question itself. */
    function unexplainedFigures(question: string, asked: Asked): string[] {
      const body = asked.result.summary.answer.split('\n\nDetails:')[0]!;
      const traced = new Set(asked.result.summary.provenance.map((entry) => entry.figure));
      const results = JSON.stringify(asked.envelopes);
      return figuresIn(body)
        .map((figure) => figure.text)
        .filter(
          (text) =>
            !METHOD_NAMES.has(text) &&
            !traced.has(text) &&
            !results.includes(text) &&
            !question.includes(text),
        );
    }

    function checkAnswered(question: EvalQuestion, asked: Asked): void {
      const { summary } = asked.result;
      const checks = scoreAnswer(summary.answer, question);
      expect(
        checks.filter((check) => !check.found),
        summary.answer,
      ).toEqual([]);
      // Every call the turn made went through the registry and left one audit row.
      expect(asked.audit.map((row) => row.call_id)).toEqual(summary.calls.map((call) => call.callId));
      expect(
        asked.envelopes.every((envelope) => envelope.ok),
        JSON.stringify(asked.envelopes.filter((envelope) => !envelope.ok)),
      ).toBe(true);
      expect(unexplainedFigures(question.question, asked), summary.answer).toEqual([]);
      for (const check of checks)
        if (check.matched)
          expect(
            summary.provenance.map((entry) => entry.figure),
            `${check.name} (${check.matched}) has no provenance`,
          ).toContain(check.matched);
    }

    describe.skipIf(!PUBLIC)(
      `../shared/questions/public.json${PUBLIC ? '' : ' (skipped: not found)'}`,
      () => {
        it.each((PUBLIC?.questions ?? []).map((question) => [question.id, question] as const))(
          '%s: every figure within tolerance, each traced to a tool call',
          async (_id, question) => {
            const asked = await askInContext(question);
            expect(asked.result.end).toBe('answered');
            checkAnswered(question, asked);
          },
        );
      },
    );

    describe('src/bench/questions/offline-extra.json', () => {
      it('has at least 20 questions covering every family, a follow-up and an ambiguous one', () => {
        expect(EXTRA.questions.length).toBeGreaterThanOrEqual(20);
        const ids = EXTRA.questions.map((question) => question.id).join(' ');
        for (const family of [
          'where',
          'arrive',
          'peak',
          'leave',
          'chance',
          'compare',
          'top-regions',
          'trend',
          'range',
          'season',
          'what-data',
          'follow-up',
          'ambiguous',
        ])
          expect(ids).toContain(`extra-${family}`);
      });

      it.each(EXTRA.questions.map((question) => [question.id, question] as const))(
        '%s',
        async (_id, question) => {
          const asked = await askInContext(question);
          if (question.expect_ask) {
            expect(asked.result.end).toBe('asked');
            const askCall = asked.result.summary.calls.find((call) => call.name === 'ask_user');
            expect(askCall, 'the reader asked with ask_user').toBeDefined();
            const options = (askCall!.arguments as { options: string[] }).options.join(' | ');
            for (const option of question.expect_ask) expect(options).toContain(option);
            return;
          }
          expect(asked.result.end).toBe('answered');
          for (const phrase of question.expect_phrases ?? [])
            expect(asked.result.summary.answer).toContain(phrase);
          checkAnswered(question, asked);
        },
      );
    });

    it('a question whose date reads two ways is answered the US way with the other reading offered; asking that way answers it', async () => {
      const conversation = createOfflineModel().startConversation({ system: '', tools: [] });
      const first = await ask('Where is the Yellow-bellied Sapsucker on 6/7?', conversation);
      expect(first.result.end).toBe('answered');
      const status = first.result.summary.calls.find((call) => call.name === 'query_status')!.arguments as {
        times: { kind: string; from: number }[];
      };
      // June 7 is nearest week 23 (7 June 2023); July 6, the other reading, week 27 (5 July).
      expect(status.times[0]).toMatchObject({ kind: 'weeks', from: 23 });
      expect(first.result.summary.answer).toContain('July 6');
      const second = await ask('Where is it on July 6?', conversation);
      const other = second.result.summary.calls.find((call) => call.name === 'query_status')!.arguments as {
        times: { kind: string; from: number }[];
      };
      expect(other.times[0]).toMatchObject({ kind: 'weeks', from: 27 });
    });

    it('the reading of every question is in the turn summary: the frame query_status was called with', async () => {
      const conversation = createOfflineModel().startConversation({ system: '', tools: [] });
      const asked = await ask('Where in Michigan is it most abundant in the breeding season?', conversation);
      expect(asked.result.summary.reading?.frame).toMatchObject({
        measure: 'abundance',
        operation: 'where_highest',
        times: [{ kind: 'season', season: 'breeding' }],
      });
      const status = asked.result.summary.calls.find((call) => call.name === 'query_status')!;
      expect(status.arguments).toEqual(asked.result.summary.reading!.frame);
    });
  },
);
