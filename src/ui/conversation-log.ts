export interface ConversationLog {
  /** Records a question the page asked, as the turn starts. */
  add(turnId: string, question: string): void;
  /** Forgets a turn that failed or was stopped: it is not part of the conversation the worker keeps. */
  drop(turnId: string): void;
  /** The questions of the conversation, in order, up to and including `turnId` ([] when unknown). */
  questionsUpTo(turnId: string): string[];
}

/**
 * The questions of the page's conversation, for share links that hold the whole conversation.
 * The worker keeps one conversation per page, carried across model changes, holding the turns
 * that answered (src/worker/agent-service.ts); so does this log.
 */
export function createConversationLog(): ConversationLog {
  let turns: { turnId: string; question: string }[] = [];
  return {
    add(turnId, question) {
      turns.push({ turnId, question });
    },
    drop(turnId) {
      turns = turns.filter((turn) => turn.turnId !== turnId);
    },
    questionsUpTo(turnId) {
      const end = turns.findIndex((turn) => turn.turnId === turnId);
      return end < 0 ? [] : turns.slice(0, end + 1).map((turn) => turn.question);
    },
  };
}
