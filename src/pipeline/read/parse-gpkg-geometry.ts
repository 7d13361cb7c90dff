import type { PolygonCoordinates } from '../geo/planar-area';

const ENVELOPE_BYTES = [0, 32, 48, 48, 64];
const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;

/**
 * Parses a GeoPackage geometry blob (GPKG 1.2 §2.1.3: magic "GP", version, flags, srs_id,
 * optional envelope, then WKB) into multipolygon coordinates. Only (Multi)Polygon, 2D or with
 * Z/M ordinates (dropped), is accepted: range layers hold nothing else (FORMAT.md §2).
 */
export function parseGpkgGeometry(blob: Uint8Array): PolygonCoordinates[] {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob[0] !== 0x47 || blob[1] !== 0x50)
    throw new Error('geometry blob does not start with the GPKG magic "GP"');
  const flags = blob[3];
  const envelope = (flags >> 1) & 0x07;
  if (envelope >= ENVELOPE_BYTES.length) throw new Error(`invalid envelope indicator ${envelope}`);
  if ((flags >> 4) & 1) return [];
  return readWkb(view, 8 + ENVELOPE_BYTES[envelope]).polygons;
}

function readWkb(view: DataView, start: number): { polygons: PolygonCoordinates[]; end: number } {
  let offset = start;
  const little = view.getUint8(offset) === 1;
  offset += 1;
  const rawType = view.getUint32(offset, little);
  offset += 4;
  // EWKB flag bits and ISO 1000/2000/3000 offsets both encode Z/M; keep the base type and the width.
  const hasZ = (rawType & 0x80000000) !== 0 || [1, 3].includes(Math.floor((rawType & 0xffff) / 1000));
  const hasM = (rawType & 0x40000000) !== 0 || [2, 3].includes(Math.floor((rawType & 0xffff) / 1000));
  const type = (rawType & 0xffff) % 1000;
  const dimensions = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
  if (type === WKB_POLYGON) {
    const ringCount = view.getUint32(offset, little);
    offset += 4;
    const rings: number[][][] = [];
    for (let r = 0; r < ringCount; r++) {
      const pointCount = view.getUint32(offset, little);
      offset += 4;
      const ring: number[][] = [];
      for (let p = 0; p < pointCount; p++) {
        ring.push([view.getFloat64(offset, little), view.getFloat64(offset + 8, little)]);
        offset += 8 * dimensions;
      }
      rings.push(ring);
    }
    return { polygons: [rings], end: offset };
  }
  if (type === WKB_MULTIPOLYGON) {
    const count = view.getUint32(offset, little);
    offset += 4;
    const polygons: PolygonCoordinates[] = [];
    for (let i = 0; i < count; i++) {
      const part = readWkb(view, offset);
      polygons.push(...part.polygons);
      offset = part.end;
    }
    return { polygons, end: offset };
  }
  throw new Error(`WKB geometry type ${type} is not a polygon or multipolygon`);
}
