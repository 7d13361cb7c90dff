/** The question reader's public surface (chosen by hand: anything added here becomes API). */
export { readQuestion, type ReadContext } from './read-question';
export { readTimes, type TimeContext, type TimeReading } from './read-time';
export { summariseFrame } from './summarise-frame';
export { alphaCode } from './alpha-code';
export { FITTING_OPERATIONS, fits } from './fitting-operations';
export type { Alternative, OutOfScope, Reading, ReaderClock, Vocabulary } from './reading';
