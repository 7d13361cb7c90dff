import { z } from 'zod';
import type { GeometryKind } from '../../catalog/types';

/** How a table carries geometry, as its catalog entry says (catalog/types.ts GeometryKind). */
export const geometrySchema: z.ZodType<GeometryKind> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('lonlat'), lon: z.string(), lat: z.string() }),
  z.strictObject({ kind: z.literal('polygon'), column: z.string(), encoding: z.literal('geojson') }),
  z.strictObject({ kind: z.literal('cell_id'), column: z.string() }),
]);
