import type { Provider } from '../registry';
import type { ModelAdapter, ModelInput, ModelReply } from './model-adapter';

/** A recorded step: what the model answered. */
export type ScriptedStep = ModelReply;

/**
 * Replays recorded replies in order and records every input it was given, so tests can drive
 * the loop and the registry without a network and assert on what the "model" saw.
 */
export function createScriptedModel(
  steps: readonly ScriptedStep[],
  provider: Provider = 'gemini',
): ModelAdapter & { inputs: ModelInput[]; systems: string[] } {
  const inputs: ModelInput[] = [];
  const systems: string[] = [];
  let position = 0;
  return {
    id: 'scripted',
    provider,
    needsNetwork: false,
    inputs,
    systems,
    startConversation(options) {
      systems.push(options.system);
      return {
        async next(input, turnOptions) {
          inputs.push(input);
          if (turnOptions.signal.aborted) throw turnOptions.signal.reason;
          const step = steps[position++];
          if (step === undefined) return { text: '(the script has no more steps)', calls: [] };
          if (step.text) turnOptions.onTextDelta?.(step.text);
          return step;
        },
      };
    },
  };
}
