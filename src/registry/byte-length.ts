const encoder = new TextEncoder();

/** Bytes of `text` as UTF-8: what a budget counts, since providers send JSON as UTF-8. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}
