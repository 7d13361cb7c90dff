import { describe, expect, it } from 'vitest';
import { createConversationLog } from './conversation-log';

describe('createConversationLog', () => {
  it('gives the questions up to a turn, in order; a failed turn is not part of it', () => {
    const log = createConversationLog();
    log.add('t1', 'When does it peak?');
    log.add('t2', 'and in Antarctica?');
    log.add('t3', 'and in winter?');
    expect(log.questionsUpTo('t3')).toEqual(['When does it peak?', 'and in Antarctica?', 'and in winter?']);
    log.drop('t2');
    expect(log.questionsUpTo('t3')).toEqual(['When does it peak?', 'and in winter?']);
    expect(log.questionsUpTo('t1')).toEqual(['When does it peak?']);
    expect(log.questionsUpTo('t2')).toEqual([]);
    expect(log.questionsUpTo('unknown')).toEqual([]);
  });
});
