import { describe, expect, it } from 'vitest';
import { followAnswer } from './data-follows-answer';
import type { ShownRows } from './shown-rows';

const rows = (source: ShownRows['source'], title: string): ShownRows => ({
  source,
  title,
  columns: ['a'],
  rowCount: 1,
  row: () => [1],
  callId: title,
});

function recorder() {
  const shown: string[] = [];
  const follower = followAnswer({
    show: (next) => shown.push(`${next.source}:${next.title}`),
    clear: (message) => shown.push(`clear:${message}`),
  });
  return { shown, follower };
}

describe('followAnswer', () => {
  it("a check query after the chart does not replace the chart's rows in the same answer", () => {
    const { shown, follower } = recorder();
    follower.offer('t1', rows('layer', 'weekly layer'));
    follower.offer('t1', rows('chart', 'weekly chart'));
    follower.offer('t1', rows('query', 'SELECT count(*)'));
    follower.turnEnd('t1');
    expect(shown).toEqual(['layer:weekly layer', 'chart:weekly chart']);
  });

  it('a query shows while the answer has nothing else, and a chart later replaces it', () => {
    const { shown, follower } = recorder();
    follower.offer('t1', rows('query', 'q'));
    follower.offer('t1', rows('layer', 'l'));
    follower.offer('t1', rows('chart', 'c'));
    follower.offer('t1', rows('chart', 'second chart'));
    expect(shown).toEqual(['query:q', 'layer:l', 'chart:c', 'chart:second chart']);
  });

  it("a new answer's rows replace the last answer's whatever their rank; an answer with none clears the tab", () => {
    const { shown, follower } = recorder();
    follower.offer('t1', rows('chart', 'c'));
    follower.turnEnd('t1');
    follower.offer('t2', rows('query', 'q'));
    follower.turnEnd('t2');
    follower.turnEnd('t3');
    expect(shown).toEqual(['chart:c', 'query:q', 'clear:This answer has no chart, map layer or table.']);
  });
});
