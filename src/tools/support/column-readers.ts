import { DataType, type Vector } from 'apache-arrow';

/**
 * Row readers over an Arrow result column, straight from its buffers. `Vector.get` finds the
 * chunk and goes through Arrow's visitor on every call, and a text value is decoded anew each
 * time: reading a weekly layer's 15,236 rows × 6 columns that way was most of buildMapLayer's
 * 55 ms in the first answer (Node CPU profile, 2026-12-07), in code the JIT has not warmed up yet.
 * Anything but one chunk of the plain types reads through `get`, as before.
 */

/** A numeric column's value at a row; NULL (a cleared validity bit) is NaN, never the 0 under it. */
export function numberReader(vector: Vector): (row: number) => number {
  const data = vector.data.length === 1 ? vector.data[0] : undefined;
  // Float16 keeps raw halves in a Uint16Array and 64-bit integers are bigints: those go through get.
  const plain =
    data &&
    ((DataType.isFloat(vector.type) &&
      (data.values instanceof Float64Array || data.values instanceof Float32Array)) ||
      (DataType.isInt(vector.type) && vector.type.bitWidth < 64)) &&
    data.stride === 1;
  if (!data || !plain) return (row) => toNumber(vector.get(row));
  // `values` starts at the chunk's offset already; the validity bitmap does not.
  const values = data.values as ArrayLike<number>;
  const bitmap = data.nullCount > 0 ? data.nullBitmap : undefined;
  const offset = data.offset;
  if (!bitmap) return (row) => values[row];
  return (row) => {
    const bit = offset + row;
    return (bitmap[bit >> 3] >> (bit & 7)) & 1 ? values[row] : Number.NaN;
  };
}

/**
 * A text column's value at a row (null for NULL). An ASCII column (region codes, GeoJSON) is
 * decoded once as a whole and cut at its byte offsets, which are then character offsets too.
 */
export function textReader(vector: Vector): (row: number) => string | null {
  const data = vector.data.length === 1 ? vector.data[0] : undefined;
  const fallback = (row: number) => {
    const value = vector.get(row);
    return value === null || value === undefined ? null : String(value);
  };
  if (!data || !DataType.isUtf8(vector.type) || !data.valueOffsets) return fallback;
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  const text = new TextDecoder().decode(bytes);
  // Each byte one UTF-16 unit: only ASCII decodes to as many units as it has bytes.
  if (text.length !== bytes.length) return fallback;
  const bitmap = data.nullCount > 0 ? data.nullBitmap : undefined;
  const offset = data.offset;
  return (row) => {
    if (bitmap) {
      const bit = offset + row;
      if (!((bitmap[bit >> 3] >> (bit & 7)) & 1)) return null;
    }
    return text.slice(offsets[row], offsets[row + 1]);
  };
}

function toNumber(value: unknown): number {
  if (value === null || value === undefined) return Number.NaN;
  return Number(value);
}
