import type { Table } from 'apache-arrow';
import { DataType } from 'apache-arrow';
import { toolFailure, type ToolFailure } from '../../registry';
import { closestNames } from './closest-names';

export interface ResultColumn {
  name: string;
  type: string;
  numeric: boolean;
}

export function resultColumns(table: Table): ResultColumn[] {
  return table.schema.fields.map((field) => ({
    name: field.name,
    type: String(field.type),
    numeric: DataType.isFloat(field.type) || DataType.isInt(field.type) || DataType.isDecimal(field.type),
  }));
}

/** A column named in arguments must be one the query returns; otherwise `not_found` with close names. */
export function checkColumn(
  columns: readonly ResultColumn[],
  name: string,
  argument: string,
): ResultColumn | ToolFailure {
  const found = columns.find((column) => column.name === name);
  if (found) return found;
  const names = columns.map((column) => column.name);
  return toolFailure(
    'not_found',
    `not_found: the query returns no column '${name}' (argument ${argument}). Did you mean: ${closestNames(name, names).join(', ')}?`,
    {
      hint: `Columns of the result: ${names.join(', ')}.`,
    },
  );
}

/** The model's SQL as a subquery body: one trailing ';' dropped; the newline ends a trailing `-- comment`. */
export function subquery(sql: string): string {
  return `(\n${sql.trim().replace(/;\s*$/, '')}\n)`;
}
