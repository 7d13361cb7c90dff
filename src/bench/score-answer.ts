import { figuresIn } from '../agent';
import { MONTH_NAMES } from '../frame/month-names';
import type { OutOfScope } from '../reader';
import type { ExpectedReading } from './score-reading';

/** One question of an evaluation file (../shared/questions/public.json is the model). */
export interface EvalQuestion {
  id: string;
  question: string;
  reference_answer: string;
  /** Name → expected value: a number, a string (a date, a code), or arrays/objects of them. */
  figures: Record<string, unknown>;
  method: string;
  /** "relative 1% on every figure" or "absolute 0.001". */
  tolerance: string;
  /** Questions asked first in the same conversation (a follow-up needs its previous turn). */
  context?: string[];
  /** The agent should answer with a question back (ask_user) offering these options (substrings). */
  expect_ask?: string[];
  /** Text the answer must contain (for questions with no figures, e.g. an honest refusal). */
  expect_phrases?: string[];
  /** Dev set: the reading a correct answer must have (src/frame/query-frame.ts vocabulary). */
  expect_reading?: ExpectedReading;
  /** Dev set: why the data cannot answer; the answer must then give no figure about the bird. */
  expect_out_of_scope?: OutOfScope['reason'];
  /** Figures whose sign an answer may say in words ("a drop of 0.17", "85.3°W"): matched by magnitude. */
  figures_unsigned?: string[];
  /** Dev set: who asks (birder, teacher, data, visitor) and the kinds of question (casual, typo, holiday…). */
  perspective?: string;
  kind?: string[];
}

export interface EvalFile {
  about?: string;
  questions: EvalQuestion[];
}

export interface FigureCheck {
  name: string;
  expected: number | string;
  found: boolean;
  /** The figure of the answer that matched, as written. */
  matched?: string;
}

export interface Tolerance {
  relative: number;
  absolute: number;
}

/** A tolerance phrase → numbers; anything unreadable falls back to the public file's 1% relative. */
export function parseTolerance(text: string): Tolerance {
  const relative = /relative\s+([\d.]+)\s*%/i.exec(text);
  const absolute = /absolute\s+([\d.e-]+)/i.exec(text);
  return {
    relative: relative ? Number(relative[1]) / 100 : absolute ? 0 : 0.01,
    absolute: absolute ? Number(absolute[1]) : 1e-9,
  };
}

/** Every leaf of `figures` as name → value, arrays and objects flattened (`regional_ppy_80ci[0]`, `bbox_lonlat.xmin`). */
export function figureLeaves(figures: unknown, prefix = ''): { name: string; value: number | string }[] {
  if (typeof figures === 'number' || typeof figures === 'string') return [{ name: prefix, value: figures }];
  if (Array.isArray(figures))
    return figures.flatMap((value, index) => figureLeaves(value, `${prefix}[${index}]`));
  if (typeof figures === 'object' && figures !== null)
    return Object.entries(figures).flatMap(([key, value]) =>
      figureLeaves(value, prefix ? `${prefix}.${key}` : key),
    );
  return [];
}

/**
 * Whether each expected figure appears in the answer: a number matches a figure written in the
 * answer within the tolerance (a percentage also matches its 0–1 fraction: "74.3%" for 0.743);
 * a string (a date, a region code) must appear as written, case aside — an ISO date may also be
 * written "19 April" (writesDate).
 */
export function scoreAnswer(
  answer: string,
  question: Pick<EvalQuestion, 'figures' | 'tolerance' | 'figures_unsigned'>,
): FigureCheck[] {
  const tolerance = parseTolerance(question.tolerance);
  const written = figuresIn(answer);
  const lower = answer.toLowerCase();
  const unsigned = new Set(question.figures_unsigned ?? []);
  return figureLeaves(question.figures).map(({ name, value }) => {
    if (typeof value === 'string')
      return {
        name,
        expected: value,
        found: lower.includes(value.toLowerCase()) || writesDate(answer, value),
      };
    const allowed = Math.max(tolerance.absolute, tolerance.relative * Math.abs(value));
    const near = (candidate: number) =>
      Math.abs(candidate - value) <= allowed ||
      (unsigned.has(name) && Math.abs(Math.abs(candidate) - Math.abs(value)) <= allowed);
    const match = written.find((figure) =>
      (figure.percent ? [figure.value, figure.value / 100] : [figure.value]).some(near),
    );
    return { name, expected: value, found: match !== undefined, ...(match ? { matched: match.text } : {}) };
  });
}

const ISO_DAY = /^\d{4}-(\d{2})-(\d{2})$/;

/**
 * An ISO date figure ("2023-04-19") written as a person writes it: "19 April" or "April 19". The
 * weekly estimates describe one year (the release year), so the day and month name the same week
 * date; issue 12 asks answers to write dates that way. Any other string must appear as written.
 */
function writesDate(answer: string, iso: string): boolean {
  const match = ISO_DAY.exec(iso);
  if (!match) return false;
  const month = MONTH_NAMES[Number(match[1]) - 1];
  const day = Number(match[2]);
  if (!month) return false;
  return new RegExp(`(?<!\\d)${day} ${month}\\b|\\b${month} ${day}(?!\\d)`).test(answer);
}

/** Years a refusal may name ("the weekly estimates are for 2023", "trends 2012–2022"). */
const YEAR_RANGE = [1900, 2100] as const;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** "1 species", "one species": how many species the data holds, not a figure about the bird. */
const SPECIES_COUNT_AFTER = /^\s*species\b/i;

/**
 * Figures an answer gives about the bird, for questions the data cannot answer: every number of
 * the answer's body (before "Caveats:") except years, species counts and numbers the question
 * itself contains, plus every ISO date (a week of the data) the question does not contain. Any
 * such figure in a refusal means the agent answered some other question: the dataset's values
 * (abundance 0–2.6, occurrence 0–0.78, shares 0–0.0011, ranges 40,000–152,000 km², trends −4…5 %/yr,
 * weeks 1–52, cells 1–293) are all numbers this lets through only when the question typed them.
 * `readAs` (the recorded reading's one-line summary) is allowed too: the reader writes it before
 * any data is read, so its numbers ("April (weeks 14–17)") restate the question, not the bird.
 */
export function dataFiguresIn(answer: string, question: string, readAs = ''): string[] {
  const body = answer.split('\n\nCaveats:')[0]!;
  const asked = new Set(figuresIn(`${question}\n${readAs}`).map((figure) => figure.value));
  const found: string[] = [];
  let from = 0;
  for (const figure of figuresIn(body)) {
    const at = body.indexOf(figure.text, from);
    from = at + figure.text.length;
    const isYear =
      !figure.percent &&
      Number.isInteger(figure.value) &&
      figure.value >= YEAR_RANGE[0] &&
      figure.value <= YEAR_RANGE[1] &&
      !figure.text.includes(',');
    if (isYear || asked.has(figure.value) || SPECIES_COUNT_AFTER.test(body.slice(from))) continue;
    found.push(figure.text);
  }
  for (const match of body.matchAll(ISO_DATE))
    if (!question.includes(match[0]) && !readAs.includes(match[0])) found.push(match[0]);
  return found;
}
