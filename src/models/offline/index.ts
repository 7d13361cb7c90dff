// The offline agent's public surface: the adapter, and the parser for anyone who wants to
// know how a question was read. Named exports only.
export { createOfflineModel, createOfflineConversation, OFFLINE_MODEL_ID } from './create-offline-model';
export { parseQuestion } from './parse-question';
export type { Intent, ParsedQuestion, TimeExpression } from './parse-question';
export type { PlannerMemory } from './plan-step';
