import type { PolygonCoordinates } from './planar-area';
import { boundingBox } from './planar-area';

export interface IndexedRegion {
  code: string;
  polygons: PolygonCoordinates[];
}

interface IndexedPolygon {
  code: string;
  bbox: [number, number, number, number];
  rings: number[][][];
}

/** Even-odd ray casting over all rings, so holes (lakes, enclaves) count as outside. */
function insideRings(rings: number[][][], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Point-in-polygon lookup with a bounding-box prefilter per polygon. */
export class RegionIndex {
  private readonly polygons: IndexedPolygon[];

  constructor(regions: IndexedRegion[]) {
    this.polygons = regions.flatMap((region) =>
      region.polygons.map((rings) => ({ code: region.code, bbox: boundingBox([rings]), rings })),
    );
  }

  locate(lon: number, lat: number): string | null {
    for (const polygon of this.polygons) {
      const [xmin, ymin, xmax, ymax] = polygon.bbox;
      if (lon < xmin || lon > xmax || lat < ymin || lat > ymax) continue;
      if (insideRings(polygon.rings, lon, lat)) return polygon.code;
    }
    return null;
  }
}
