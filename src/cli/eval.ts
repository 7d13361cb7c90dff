/**
 * `npm run eval -- <questions.json> [--model offline|gemini|openai] [--data dir] [--json]`
 * Runs every question of a file (its context turns first, in one conversation) through the agent
 * loop and reports, per question: whether every expected figure appears in the answer within the
 * file's tolerance (or, for a question the data cannot answer, that the answer gives no figure
 * about the bird; for an ambiguous one, that it asked back), whether the recorded reading matches
 * `expect_reading` (dev set), and whether it is a confident answer to a different question. Prints
 * the answered % and the wrong-confident count. Exit 1 when any question fails.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { judgeQuestion, scoreVerdicts, verdictLine, type QuestionVerdict } from '../bench/judge-question';
import type { EvalFile } from '../bench/score-answer';
import { findRecordedReading } from '../bench/score-reading';
import { type AskRecord, openAsker, parseAskFlags } from './ask-runner';

interface QuestionReport extends QuestionVerdict {
  answer: string;
}

/** The ask_user options of a turn, when it asked back. */
function askOptions(record: AskRecord): string[] {
  return record.calls
    .filter((call) => call.name === 'ask_user')
    .flatMap((call) => (call.arguments as { options?: unknown }).options)
    .filter((option): option is string => typeof option === 'string');
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseAskFlags(argv);
  if ('error' in parsed || parsed.positional.length !== 1) {
    console.error(
      `eval: ${'error' in parsed ? parsed.error : 'give one questions.json file'}.\nusage: npm run eval -- <questions.json> [--model offline|gemini|openai] [--data dir] [--base-url url] [--model-name m] [--json]`,
    );
    return 1;
  }
  const file = JSON.parse(readFileSync(resolve(parsed.positional[0]!), 'utf8')) as EvalFile;
  const asker = await openAsker({ ...parsed.options, dataDir: resolve(parsed.options.dataDir) });
  const reports: QuestionReport[] = [];
  try {
    for (const question of file.questions) {
      const conversation = asker.conversation();
      for (const earlier of question.context ?? []) await asker.ask(earlier, conversation);
      const record = await asker.ask(question.question, conversation);
      const answer = record.result.summary.answer;
      // The reading of the turn, wherever the runner records it (AskRecord.reading, the summary).
      const reading = findRecordedReading([record, record.result, record.result.summary]);
      const verdict = judgeQuestion(question, {
        end: record.result.end,
        answer,
        askOptions: askOptions(record),
        ...(reading ? { reading } : {}),
      });
      reports.push({ ...verdict, answer });
      if (!parsed.json) console.log(verdictLine(verdict));
    }
  } finally {
    await asker.close();
  }
  const score = scoreVerdicts(reports);
  const figureCount = reports.reduce((sum, report) => sum + report.figures.length, 0);
  const foundCount = reports.reduce(
    (sum, report) => sum + report.figures.filter((check) => check.found).length,
    0,
  );
  if (parsed.json)
    console.log(
      JSON.stringify(
        { model: asker.model.id, ...score, figures_found: foundCount, figures: figureCount, reports },
        null,
        2,
      ),
    );
  else {
    console.log(
      `total: ${score.passed}/${score.questions} questions passed (answered ${score.answeredPercent.toFixed(1)}%), ${foundCount}/${figureCount} figures found, readings matched ${score.readingMatched}/${score.readingRecorded} recorded, wrong-confident ${score.wrongConfident.length}${score.wrongConfident.length ? ` (${score.wrongConfident.join(', ')})` : ''} (model ${asker.model.id})`,
    );
  }
  return score.passed === score.questions ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
