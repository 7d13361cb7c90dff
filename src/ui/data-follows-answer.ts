import type { ShownRows } from './shown-rows';

export interface RowsSink {
  show(rows: ShownRows): void;
  clear(message: string): void;
}

export interface DataFollower {
  /** Rows a payload of `turnId` brings: shown unless this answer already shows rows of a higher rank. */
  offer(turnId: string, rows: ShownRows): void;
  /** The turn ended: when it offered nothing, the tab clears rather than keep another answer's rows. */
  turnEnd(turnId: string): void;
}

/** Query result < map layers < chart: the order in which rows of one answer replace each other. */
export const SOURCE_RANK: Record<ShownRows['source'], number> = { query: 0, layer: 1, chart: 2 };

/**
 * Within one answer the chart outranks the map's layers, which outrank a query's result: the
 * Data tab holds the rows behind what the answer shows. Before this, the tab held the last
 * `run_sql` result whatever the answer drew: often a one-row check query beside a 52-week chart.
 * A payload of another turn (a new answer, a click on the map) replaces the rows whatever its rank.
 */
export function followAnswer(sink: RowsSink): DataFollower {
  let current: { turnId: string; rank: number } | undefined;
  return {
    offer(turnId, rows) {
      const rank = SOURCE_RANK[rows.source];
      if (current && current.turnId === turnId && rank < current.rank) return;
      current = { turnId, rank };
      sink.show(rows);
    },
    turnEnd(turnId) {
      if (current?.turnId === turnId) return;
      current = undefined;
      sink.clear('This answer has no chart, map layer or table.');
    },
  };
}
