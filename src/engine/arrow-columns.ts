import * as arrow from 'apache-arrow';

/**
 * Typed JS values → Arrow vectors built with the top-level apache-arrow, shared by the parquet and
 * CSV paths. NULL (null or undefined) becomes a cleared validity bit, never a 0 or NaN; `date` is
 * days since 1970-01-01 (DateDay), `timestamp` microseconds.
 */
export type ColumnKind = 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64' | 'date' | 'timestamp' | 'utf8';

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
  if (!numeric) {
    const type = kind === 'bool' ? new arrow.Bool() : new arrow.Utf8();
    return arrow.vectorFromArray(Array.from({ length }, (_, index) => values[index] ?? null), type as arrow.DataType);
  }
  const data = numeric.make(length);
  const validity = new Uint8Array(Math.ceil(length / 8));
  let nullCount = 0;
  for (let index = 0; index < length; index++) {
    const value = values[index];
    if (value === null || value === undefined) {
      nullCount++;
      continue;
    }
    validity[index >> 3] |= 1 << (index & 7);
    (data as unknown as unknown[])[index] = numeric.bigint ? BigInt(value as bigint) : Number(value);
  }
  return arrow.makeVector(
    arrow.makeData({ type: numeric.type, length, nullCount, nullBitmap: nullCount > 0 ? validity : null, data } as never),
  );
}
