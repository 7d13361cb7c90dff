import { DataType, tableFromIPC, type Table } from 'apache-arrow';
import type { DataTablePayload } from '../payloads';
import { download, el } from './dom';
import { toCsv, type CsvValue } from './to-csv';

export interface DataTableView {
  element: HTMLElement;
  show(payload: DataTablePayload): void;
}

const ROW_HEIGHT = 30;
/** Rows drawn above and below the visible window, so fast scrolling shows no blank band. */
const OVERSCAN = 10;

/** The full result of the last query: a virtualised table (only visible rows are in the DOM) and CSV download. */
export function createDataTableView(): DataTableView {
  const title = el('p', { class: 'data-title' });
  const downloadButton = el('button', { type: 'button', class: 'secondary small', disabled: true }, [
    'Download CSV',
  ]);
  const head = el('div', { class: 'data-head', role: 'row' });
  const body = el('div', { class: 'data-body', role: 'rowgroup' });
  const scroller = el(
    'div',
    { class: 'data-scroller', role: 'table', tabindex: '0', 'aria-label': 'Query result' },
    [el('div', { role: 'rowgroup', class: 'data-head-group' }, [head]), body],
  );
  const empty = el('p', { class: 'empty-state' }, ['The full result of the last query appears here.']);
  const element = el('div', { class: 'data-table-view' }, [
    empty,
    el('div', { class: 'toolbar' }, [title, downloadButton]),
    scroller,
  ]);
  let table: Table | undefined;
  let payload: DataTablePayload | undefined;

  const renderWindow = () => {
    if (!table) return;
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(
      table.numRows,
      Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW_HEIGHT) + OVERSCAN,
    );
    const rows: HTMLElement[] = [];
    for (let index = first; index < last; index++) {
      const row = el(
        'div',
        { class: 'data-row', role: 'row', 'aria-rowindex': String(index + 2) },
        table.schema.fields.map((field) =>
          el('div', { class: 'data-cell', role: 'cell' }, [
            displayValue(table!.getChild(field.name)?.get(index), field.type),
          ]),
        ),
      );
      row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
      rows.push(row);
    }
    body.replaceChildren(...rows);
  };
  scroller.addEventListener('scroll', () => requestAnimationFrame(renderWindow));
  downloadButton.addEventListener('click', () => {
    if (!table || !payload) return;
    saveCsv(table, payload);
  });

  return {
    element,
    show(next) {
      payload = next;
      table = tableFromIPC(new Uint8Array(next.ipc));
      empty.hidden = true;
      downloadButton.disabled = false;
      title.textContent = `${next.title.charAt(0).toUpperCase()}${next.title.slice(1)} · ${table.numRows.toLocaleString('en-US')} row${table.numRows === 1 ? '' : 's'}`;
      scroller.setAttribute('aria-rowcount', String(table.numRows + 1));
      const template = `repeat(${table.schema.fields.length}, minmax(7rem, 1fr))`;
      scroller.style.setProperty('--data-columns', template);
      head.replaceChildren(
        ...table.schema.fields.map((field) =>
          el('div', { class: 'data-cell', role: 'columnheader' }, [field.name]),
        ),
      );
      body.style.height = `${table.numRows * ROW_HEIGHT}px`;
      scroller.scrollTop = 0;
      renderWindow();
    },
  };
}

function saveCsv(table: Table, payload: DataTablePayload): void {
  const fields = table.schema.fields;
  const columns = fields.map((field) => table.getChild(field.name));
  const rows = (function* () {
    for (let index = 0; index < table.numRows; index++)
      yield fields.map((field, column) => csvValue(columns[column]?.get(index), field.type));
  })();
  const name = `${payload.title.replace(/[^\w-]+/g, '-').toLowerCase() || 'result'}.csv`;
  download(
    new Blob(
      [
        toCsv(
          fields.map((field) => field.name),
          rows,
        ),
      ],
      { type: 'text/csv' },
    ),
    name,
  );
}

/** Arrow 17 returns DATE columns as epoch milliseconds; show them as ISO dates. */
function csvValue(value: unknown, type: DataType): CsvValue {
  if (value === null || value === undefined) return null;
  if (DataType.isDate(type) || DataType.isTimestamp(type)) return new Date(Number(value));
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    typeof value === 'boolean'
  )
    return value;
  return String(value);
}

function displayValue(value: unknown, type: DataType): string {
  const csv = csvValue(value, type);
  if (csv === null || csv === undefined) return 'NULL';
  if (csv instanceof Date) return csv.toISOString().slice(0, 10);
  if (typeof csv === 'number')
    return Number.isInteger(csv) ? String(csv) : String(Number(csv.toPrecision(6)));
  return String(csv);
}
