import { figuresIn } from '../agent/find-provenance';

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
  return { relative: relative ? Number(relative[1]) / 100 : absolute ? 0 : 0.01, absolute: absolute ? Number(absolute[1]) : 1e-9 };
}

/** Every leaf of `figures` as name → value, arrays and objects flattened (`regional_ppy_80ci[0]`, `bbox_lonlat.xmin`). */
export function figureLeaves(figures: unknown, prefix = ''): { name: string; value: number | string }[] {
  if (typeof figures === 'number' || typeof figures === 'string') return [{ name: prefix, value: figures }];
  if (Array.isArray(figures)) return figures.flatMap((value, index) => figureLeaves(value, `${prefix}[${index}]`));
  if (typeof figures === 'object' && figures !== null) return Object.entries(figures).flatMap(([key, value]) => figureLeaves(value, prefix ? `${prefix}.${key}` : key));
  return [];
}

/**
 * Whether each expected figure appears in the answer: a number matches a figure written in the
 * answer within the tolerance (a percentage also matches its 0–1 fraction: "74.3%" for 0.743);
 * a string (a date, a region code) must appear as written, case aside.
 */
export function scoreAnswer(answer: string, question: Pick<EvalQuestion, 'figures' | 'tolerance'>): FigureCheck[] {
  const tolerance = parseTolerance(question.tolerance);
  const written = figuresIn(answer);
  const lower = answer.toLowerCase();
  return figureLeaves(question.figures).map(({ name, value }) => {
    if (typeof value === 'string') return { name, expected: value, found: lower.includes(value.toLowerCase()) };
    const allowed = Math.max(tolerance.absolute, tolerance.relative * Math.abs(value));
    const match = written.find((figure) => (figure.percent ? [figure.value, figure.value / 100] : [figure.value]).some((candidate) => Math.abs(candidate - value) <= allowed));
    return { name, expected: value, found: match !== undefined, ...(match ? { matched: match.text } : {}) };
  });
}
