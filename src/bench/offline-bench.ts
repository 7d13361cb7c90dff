import { readFileSync } from 'node:fs';
import { runTurn } from '../agent';
import { createNodeEngine } from '../engine/node-engine';
import { createOfflineModel, loadVocabulary, type PlannerMemory } from '../models/offline';
import { readQuestion, type Vocabulary } from '../reader';
import type { Registry, Session, ToolEnvelope } from '../registry';
import { createPerchRegistry } from '../tools';

/** One timed case: min and median over its runs, in ms. */
export interface Timing {
  name: string;
  runs: number;
  minMs: number;
  medianMs: number;
  maxMs: number;
}

export interface OfflineBenchReport {
  questions: number;
  read: Timing;
  answer: Timing;
  /** Goals of issue 11: reading < 5 ms, a whole offline answer < 300 ms median in Node. */
  goals: { readMedianMs: number; answerMedianMs: number };
}

function timing(name: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    runs: sorted.length,
    minMs: sorted[0]!,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    maxMs: sorted.at(-1)!,
  };
}

/**
 * The offline agent's speed on the development set's questions: reading alone (the pure reader,
 * vocabulary fetched once), and a whole answer (runTurn → registry → query_status → DuckDB over the
 * example build, a fresh conversation per question after one warm-up pass).
 */
export async function runOfflineBench(options: {
  dataDir: string;
  questionsFile: string;
  limit?: number;
}): Promise<OfflineBenchReport> {
  const file = JSON.parse(readFileSync(options.questionsFile, 'utf8')) as {
    questions: { question: string; context?: string[] }[];
  };
  const questions = file.questions
    .filter((question) => !question.context?.length)
    .map((question) => question.question)
    .slice(0, options.limit ?? Infinity);
  const engine = await createNodeEngine({ dataDir: options.dataDir });
  try {
    const registry = createPerchRegistry({ engine });
    const session: Session = { id: 'bench', datasets: Object.keys(engine.catalog.tables) };
    const vocabulary = await fetchVocabulary(registry, session);
    const clock = { today: new Date().toISOString().slice(0, 10) };
    for (const question of questions) readQuestion(question, { vocabulary, clock });
    const reads: number[] = [];
    for (const question of questions) {
      const start = performance.now();
      readQuestion(question, { vocabulary, clock });
      reads.push(performance.now() - start);
    }
    const ask = (question: string) =>
      runTurn({
        registry,
        agent: 'offline',
        session,
        conversation: createOfflineModel().startConversation({ system: '', tools: [] }),
        modelId: 'offline',
        question,
        turnId: 'bench',
        signal: new AbortController().signal,
        emit: () => {},
      });
    for (const question of questions.slice(0, 5)) await ask(question);
    const answers: number[] = [];
    for (const question of questions) {
      const start = performance.now();
      await ask(question);
      answers.push(performance.now() - start);
    }
    return {
      questions: questions.length,
      read: timing('read a question', reads),
      answer: timing('whole offline answer', answers),
      goals: { readMedianMs: 5, answerMedianMs: 300 },
    };
  } finally {
    await engine.close();
  }
}

/** The vocabulary as the offline planner fetches it: through the registry's data_vocabulary calls. */
async function fetchVocabulary(registry: Registry, session: Session): Promise<Vocabulary> {
  const memory: PlannerMemory = {};
  const plan = loadVocabulary(memory);
  let step = plan.next();
  let counter = 0;
  while (!step.done) {
    const envelopes: ToolEnvelope[] = [];
    for (const call of step.value)
      envelopes.push(
        (
          await registry.call(
            'offline',
            { id: `v${++counter}`, name: call.name, arguments: call.arguments },
            session,
          )
        ).envelope,
      );
    step = plan.next(envelopes);
  }
  return step.value;
}

export function formatOfflineBench(report: OfflineBenchReport): string {
  const line = (entry: Timing, goal: number) =>
    `${entry.name.padEnd(22)} min ${entry.minMs.toFixed(2)} ms  median ${entry.medianMs.toFixed(2)} ms  max ${entry.maxMs.toFixed(1)} ms  (${entry.runs} questions; goal: median < ${goal} ms)`;
  return [
    line(report.read, report.goals.readMedianMs),
    line(report.answer, report.goals.answerMedianMs),
  ].join('\n');
}
