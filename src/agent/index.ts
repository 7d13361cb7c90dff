// The agent's public surface: the loop, its limits, the system prompt and provenance.
// Named exports only; anything added here becomes API for the worker and the CLI.
export type { AgentEvent, Provenance, RecordedCall, TurnSummary } from './agent-event';
export { runTurn } from './run-turn';
export type { RunTurnOptions, TurnEnd, TurnResult } from './run-turn';
export { replayTurn, REPLAY_MODEL_ID } from './replay-turn';
export { runCall } from './run-call';
export type { CallContext, CallRun } from './run-call';
export type { ReplayResult, ReplayTurnOptions } from './replay-turn';
export { DEFAULT_TURN_LIMITS } from './turn-limits';
export type { TurnLimits } from './turn-limits';
export { buildSystemPrompt, systemPromptInfo } from './system-prompt';
export type { SystemPromptInfo } from './system-prompt';
export { findProvenance } from './find-provenance';
export { figuresIn } from './find-provenance';
export type { ProvenanceSource } from './find-provenance';
