// Out-of-band payloads: what tools attach for the page. Never part of a model's context.
export type { MapLayerPayload } from './map-layer';
export type { ChartPayload } from './chart-spec';
export type { DataTablePayload } from './data-table';
export type { BasemapPayload, LineSet, PolygonSet, TownLabels } from './basemap';
import type { MapLayerPayload } from './map-layer';
import type { ChartPayload } from './chart-spec';
import type { DataTablePayload } from './data-table';

export type Payload = MapLayerPayload | ChartPayload | DataTablePayload;
