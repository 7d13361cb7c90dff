import * as arrow from 'apache-arrow';

/**
 * Typed JS values → Arrow vectors built with the top-level apache-arrow, shared by the parquet and
 * CSV paths. NULL (null or undefined) becomes a cleared validity bit, never a 0 or NaN; `date` is
 * days since 1970-01-01 (DateDay), `timestamp` microseconds.
 *
 * Every vector is assembled from its buffers with `makeData`, never through `vectorFromArray`:
 * Arrow's builders compile their null check with `new Function` (builder/valid.mjs), which the
 * page's Content-Security-Policy (`script-src 'self' 'wasm-unsafe-eval'`) refuses — measured in
 * Chromium: every parquet load failed with "Evaluating a string as JavaScript violates …".
 */
export type ColumnKind =
  | 'bool'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64'
  | 'float32'
  | 'float64'
  | 'date'
  | 'timestamp'
  | 'utf8';

type NumericSpec = { type: arrow.DataType; make: (length: number) => ArrayBufferView; bigint: boolean };

const NUMERIC: Partial<Record<ColumnKind, NumericSpec>> = {
  int8: { type: new arrow.Int8(), make: (n) => new Int8Array(n), bigint: false },
  int16: { type: new arrow.Int16(), make: (n) => new Int16Array(n), bigint: false },
  int32: { type: new arrow.Int32(), make: (n) => new Int32Array(n), bigint: false },
  uint8: { type: new arrow.Uint8(), make: (n) => new Uint8Array(n), bigint: false },
  uint16: { type: new arrow.Uint16(), make: (n) => new Uint16Array(n), bigint: false },
  uint32: { type: new arrow.Uint32(), make: (n) => new Uint32Array(n), bigint: false },
  int64: { type: new arrow.Int64(), make: (n) => new BigInt64Array(n), bigint: true },
  uint64: { type: new arrow.Uint64(), make: (n) => new BigUint64Array(n), bigint: true },
  float32: { type: new arrow.Float32(), make: (n) => new Float32Array(n), bigint: false },
  float64: { type: new arrow.Float64(), make: (n) => new Float64Array(n), bigint: false },
  date: { type: new arrow.DateDay(), make: (n) => new Int32Array(n), bigint: false },
  timestamp: { type: new arrow.TimestampMicrosecond(), make: (n) => new BigInt64Array(n), bigint: true },
};

export function toVector(kind: ColumnKind, values: ArrayLike<unknown>, length: number): arrow.Vector {
  const numeric = NUMERIC[kind];
  if (!numeric) return kind === 'bool' ? boolVector(values, length) : utf8Vector(values, length);
  // A typed array of the column's own type holds no NULL: used as it is (a 1M-row load spent
  // most of its 1.5 s decode copying values one by one — query-pushdown bench, Node).
  if (
    ArrayBuffer.isView(values) &&
    values.length === length &&
    values.constructor === numeric.make(0).constructor
  )
    return arrow.makeVector(
      arrow.makeData({ type: numeric.type, length, nullCount: 0, data: values } as never),
    );
  const data = numeric.make(length) as unknown as unknown[];
  const { validity, nullCount } = markPresent(values, length, (index, value) => {
    data[index] = numeric.bigint ? BigInt(value as bigint) : Number(value);
  });
  return arrow.makeVector(
    arrow.makeData({
      type: numeric.type,
      length,
      nullCount,
      nullBitmap: nullCount > 0 ? validity : null,
      data,
    } as never),
  );
}

function boolVector(values: ArrayLike<unknown>, length: number): arrow.Vector {
  const bits = new Uint8Array(Math.ceil(length / 8));
  const { validity, nullCount } = markPresent(values, length, (index, value) => {
    if (value) bits[index >> 3] |= 1 << (index & 7);
  });
  return arrow.makeVector(
    arrow.makeData({
      type: new arrow.Bool(),
      length,
      nullCount,
      nullBitmap: nullCount > 0 ? validity : null,
      data: bits,
    }),
  );
}

/** Sets the validity bit of every present (non-null) value and hands it to `write`. */
function markPresent(
  values: ArrayLike<unknown>,
  length: number,
  write: (index: number, value: unknown) => void,
) {
  const validity = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  for (let index = 0; index < length; index++) {
    const value = values[index];
    if (value === null || value === undefined) {
      nullCount++;
      continue;
    }
    validity[index >> 3] |= 1 << (index & 7);
    write(index, value);
  }
  return { validity, nullCount };
}

/**
 * Distinct strings whose encoding a column keeps. Result columns repeat few values many times: a
 * cell's footprint once per week, a region code per cell; encoding each of the first answer's
 * 15,236 footprints anew took 80 ms of its 1 s in the agent worker (Chromium trace, 2026-12-06).
 */
const ENCODINGS_KEPT = 65_536;

/** UTF-8 bytes and 32-bit offsets; a value seen before in the column reuses its encoding. */
function utf8Vector(values: ArrayLike<unknown>, length: number): arrow.Vector {
  const encoder = new TextEncoder();
  const encoded: Uint8Array[] = new Array(length);
  const validity = new Uint8Array(Math.ceil(length / 8));
  const offsets = new Int32Array(length + 1);
  const known = new Map<string, Uint8Array>();
  const empty = new Uint8Array(0);
  let nullCount = 0;
  let total = 0;
  for (let index = 0; index < length; index++) {
    const value = values[index];
    if (value === null || value === undefined) {
      nullCount++;
      encoded[index] = empty;
    } else {
      const text = String(value);
      let bytes = known.get(text);
      if (!bytes) {
        bytes = encoder.encode(text);
        if (known.size < ENCODINGS_KEPT) known.set(text, bytes);
      }
      encoded[index] = bytes;
      validity[index >> 3] |= 1 << (index & 7);
    }
    total += encoded[index].byteLength;
    offsets[index + 1] = total;
  }
  const data = new Uint8Array(total);
  for (let index = 0; index < length; index++) data.set(encoded[index], offsets[index]);
  return arrow.makeVector(
    arrow.makeData({
      type: new arrow.Utf8(),
      length,
      nullCount,
      nullBitmap: nullCount > 0 ? validity : null,
      valueOffsets: offsets,
      data,
    }),
  );
}
