import { download, el } from './dom';
import type { ShownRows } from './shown-rows';
import { toCsv, type CsvValue } from './to-csv';

export interface DataTableView {
  element: HTMLElement;
  show(rows: ShownRows): void;
  /** Empties the table and says why. */
  clear(message: string): void;
}

const ROW_HEIGHT = 30;
/** Rows read to size the columns: enough to see long labels, few enough for a million-row layer. */
const SIZING_ROWS = 200;
/** Rows drawn above and below the visible window, so fast scrolling shows no blank band. */
const OVERSCAN = 10;

/** What the tab says the rows are, and what an empty value means there. */
const ABOUT: Record<ShownRows['source'], { lead: string; note: string; empty: string }> = {
  chart: {
    lead: 'Rows behind the chart',
    note: 'One row per point of the chart. Not modelled = no estimate (an empty field in the CSV); 0 = predicted absent.',
    empty: 'not modelled',
  },
  layer: {
    lead: 'Features of the map layer',
    note: 'One row per cell or region drawn (this answer has no chart). Not modelled = no estimate (an empty field in the CSV); 0 = predicted absent.',
    empty: 'not modelled',
  },
  query: {
    lead: 'Query result',
    note: 'The full result of the query this answer ran (it drew no chart or map layer). NULL is an empty field in the CSV.',
    empty: 'NULL',
  },
};

/**
 * The rows behind what the answer shows (data-follows-answer.ts): a virtualised table (only the
 * visible rows are in the DOM) and the same rows as CSV.
 */
export function createDataTableView(): DataTableView {
  const title = el('p', { class: 'data-title' });
  const note = el('p', { class: 'data-note' });
  const downloadButton = el('button', { type: 'button', class: 'secondary small', disabled: true }, [
    'Download CSV',
  ]);
  const head = el('div', { class: 'data-head', role: 'row' });
  const body = el('div', { class: 'data-body', role: 'rowgroup' });
  const scroller = el(
    'div',
    { class: 'data-scroller', role: 'table', tabindex: '0', 'aria-label': 'Rows behind the answer' },
    [el('div', { role: 'rowgroup', class: 'data-head-group' }, [head]), body],
  );
  const empty = el('p', { class: 'empty-state' }, [
    'The rows behind the chart or map of an answer appear here.',
  ]);
  const element = el('div', { class: 'data-table-view' }, [
    empty,
    el('div', { class: 'toolbar' }, [title, downloadButton]),
    note,
    scroller,
  ]);
  let shown: ShownRows | undefined;

  const renderWindow = () => {
    if (!shown) return;
    const rows = shown;
    const emptyText = ABOUT[rows.source].empty;
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(
      rows.rowCount,
      Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW_HEIGHT) + OVERSCAN,
    );
    const drawn: HTMLElement[] = [];
    for (let index = first; index < last; index++) {
      const row = el(
        'div',
        { class: 'data-row', role: 'row', 'aria-rowindex': String(index + 2) },
        rows
          .row(index)
          .map((value) => el('div', { class: 'data-cell', role: 'cell' }, [displayValue(value, emptyText)])),
      );
      row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
      drawn.push(row);
    }
    body.replaceChildren(...drawn);
  };
  scroller.addEventListener('scroll', () => requestAnimationFrame(renderWindow));
  downloadButton.addEventListener('click', () => {
    if (shown) saveCsv(shown);
  });

  return {
    element,
    show(rows) {
      shown = rows;
      const about = ABOUT[rows.source];
      empty.hidden = true;
      downloadButton.disabled = false;
      title.textContent = `${about.lead}: ${rows.title} · ${rows.rowCount.toLocaleString('en-US')} row${rows.rowCount === 1 ? '' : 's'}`;
      note.textContent = about.note;
      scroller.hidden = false;
      scroller.setAttribute('aria-rowcount', String(rows.rowCount + 1));
      scroller.style.setProperty('--data-columns', columnTemplate(rows));
      head.replaceChildren(
        ...rows.columns.map((name) => el('div', { class: 'data-cell', role: 'columnheader' }, [name])),
      );
      body.style.height = `${rows.rowCount * ROW_HEIGHT}px`;
      scroller.scrollTop = 0;
      renderWindow();
    },
    clear(message) {
      shown = undefined;
      empty.textContent = message;
      empty.hidden = false;
      downloadButton.disabled = true;
      title.textContent = '';
      note.textContent = '';
      head.replaceChildren();
      body.replaceChildren();
      scroller.hidden = true;
    },
  };
}

function saveCsv(rows: ShownRows): void {
  const lines = (function* () {
    for (let index = 0; index < rows.rowCount; index++) yield rows.row(index);
  })();
  const name = `${
    rows.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'rows'
  }.csv`;
  download(new Blob([toCsv(rows.columns, lines)], { type: 'text/csv' }), name);
}

/**
 * One fixed width per column (its longest text among the first rows, 8–60 characters), the same
 * for the header and every row. With `1fr` columns each absolutely placed row sized its own
 * tracks, so a row holding a long label ("Yellow-bellied Sapsucker, the whole year, Michigan")
 * drew its cells off the header's columns.
 */
function columnTemplate(rows: ShownRows): string {
  const widths = rows.columns.map((name) => name.length);
  const emptyText = ABOUT[rows.source].empty;
  for (let index = 0; index < Math.min(rows.rowCount, SIZING_ROWS); index++)
    rows.row(index).forEach((value, column) => {
      widths[column] = Math.max(widths[column] ?? 0, displayValue(value, emptyText).length);
    });
  return widths.map((chars) => `${Math.min(60, Math.max(8, chars + 3))}ch`).join(' ');
}

function displayValue(value: CsvValue, emptyText: string): string {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)))
    return emptyText;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  return String(value);
}
