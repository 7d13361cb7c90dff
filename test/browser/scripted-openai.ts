import { startMockOpenAiServer, type MockOpenAiServer } from '../helpers/mock-openai-server';
import type { MockReply } from '../helpers/recording-server';

/** A tool call the mock model makes when it is asked `question`. */
export interface ScriptedCall {
  question: string;
  tool: string;
  arguments: Record<string, unknown>;
}

interface ChatMessage {
  role: string;
  content: string | null;
}

/**
 * An OpenAI-compatible model on 127.0.0.1 with CORS (the page's agent worker calls it
 * cross-origin): a user message that matches a script calls that tool; a tool result is answered
 * with "Tool result: <the result text>", so the answer shows what the registry returned.
 */
export async function startScriptedOpenAi(script: readonly ScriptedCall[]): Promise<MockOpenAiServer> {
  let calls = 0;
  return startMockOpenAiServer(
    (request) => {
      const messages = (request.body as { messages?: ChatMessage[] }).messages ?? [];
      const last = messages[messages.length - 1];
      if (last?.role === 'tool')
        return reply(
          { role: 'assistant', content: `Tool result: ${String(last.content).slice(0, 400)}` },
          'stop',
        );
      const step = script.find((entry) => entry.question === last?.content);
      if (!step)
        return reply(
          { role: 'assistant', content: 'The mock model has no script for this question.' },
          'stop',
        );
      calls++;
      return reply(
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${calls}`,
              type: 'function',
              function: { name: step.tool, arguments: JSON.stringify(step.arguments) },
            },
          ],
        },
        'tool_calls',
      );
    },
    { cors: true },
  );
}

function reply(message: Record<string, unknown>, finish: string): MockReply {
  return {
    json: {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      model: 'mock-model',
      choices: [{ index: 0, message, finish_reason: finish }],
    },
  };
}
