// The offline agent's public surface: the adapter and its conversation. Named exports only.
export {
  clockOf,
  createOfflineModel,
  createOfflineConversation,
  OFFLINE_MODEL_ID,
} from './create-offline-model';
export type { OfflineModelOptions } from './create-offline-model';
export type { PlannerMemory } from './plan-step';
export { loadVocabulary, VOCABULARY_CALLS } from './load-vocabulary';
