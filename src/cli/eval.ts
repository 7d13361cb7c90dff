/**
 * `npm run eval -- <questions.json> [--model offline|gemini|openai] [--data dir] [--json]`
 * Runs every question of a file through the agent loop and reports, per question, whether every
 * expected figure appears in the answer within the file's tolerance, and a total. Exit 1 when
 * any question fails.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type EvalFile, type FigureCheck, scoreAnswer } from '../bench/score-answer';
import { openAsker, parseAskFlags } from './ask-runner';

interface QuestionReport {
  id: string;
  passed: boolean;
  end: string;
  figures: FigureCheck[];
  asked?: { expected: string[]; found: boolean };
  answer: string;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseAskFlags(argv);
  if ('error' in parsed || parsed.positional.length !== 1) {
    console.error(`eval: ${'error' in parsed ? parsed.error : 'give one questions.json file'}.\nusage: npm run eval -- <questions.json> [--model offline|gemini|openai] [--data dir] [--base-url url] [--model-name m] [--json]`);
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
      const figures = scoreAnswer(answer, question);
      const asked = question.expect_ask ? { expected: question.expect_ask, found: record.result.end === 'asked' && question.expect_ask.every((option) => answer.includes(option) || JSON.stringify(record.calls.filter((call) => call.name === 'ask_user').map((call) => call.arguments)).includes(option)) } : undefined;
      const phrases = (question.expect_phrases ?? []).filter((phrase) => !answer.includes(phrase));
      const passed = (record.result.end === 'answered' || (asked?.found ?? false)) && figures.every((check) => check.found) && (asked?.found ?? true) && phrases.length === 0;
      reports.push({ id: question.id, passed, end: record.result.end, figures, ...(asked ? { asked } : {}), answer });
      if (!parsed.json) {
        const missing = figures.filter((check) => !check.found).map((check) => `${check.name}=${check.expected}`);
        console.log(`${passed ? 'PASS' : 'FAIL'} ${question.id}: ${figures.filter((check) => check.found).length}/${figures.length} figures${asked ? `, asked back: ${asked.found ? 'yes' : 'NO'}` : ''}${missing.length ? ` — missing ${missing.join(', ')}` : ''}${phrases.length ? ` — answer lacks ${phrases.map((phrase) => `"${phrase}"`).join(', ')}` : ''}${record.result.end === 'answered' || asked ? '' : ` (turn ended: ${record.result.end})`}`);
      }
    }
  } finally {
    await asker.close();
  }
  const passedCount = reports.filter((report) => report.passed).length;
  const figureCount = reports.reduce((sum, report) => sum + report.figures.length, 0);
  const foundCount = reports.reduce((sum, report) => sum + report.figures.filter((check) => check.found).length, 0);
  if (parsed.json) console.log(JSON.stringify({ model: asker.model.id, passed: passedCount, questions: reports.length, figures_found: foundCount, figures: figureCount, reports }, null, 2));
  else console.log(`total: ${passedCount}/${reports.length} questions passed, ${foundCount}/${figureCount} figures found (model ${asker.model.id})`);
  return passedCount === reports.length ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
