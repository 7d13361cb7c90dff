import { z } from 'zod';
import { defineTool } from './define-tool';

export const askUserResultSchema = z.strictObject({
  asked: z.literal(true),
  question: z.string(),
  options: z.array(z.string()),
  note: z.string(),
});
export type AskUserResult = z.infer<typeof askUserResultSchema>;

export const askUser = defineTool({
  name: 'ask_user',
  description:
    'Asks the user a question with choices and ends your turn; use it when the question is ambiguous (which species, which region) rather than guessing. The answer comes as the next user message.',
  scope: 'read',
  input: z.strictObject({
    question: z.string().min(1).max(300).describe('The question, in plain words'),
    options: z.array(z.string().min(1).max(100)).min(2).max(6).describe('2–6 answers the user can pick'),
  }),
  output: askUserResultSchema,
  run(args, context) {
    context.attach({ kind: 'question', payload: { question: args.question, options: args.options } });
    return {
      asked: true as const,
      question: args.question,
      options: args.options,
      note: 'The question is shown to the user; end your turn now and wait for the answer.',
    };
  },
});
