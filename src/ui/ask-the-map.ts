import type { MapLayerPayload } from '../payloads';
import { weekOfDate } from '../tools/support/week-dates';
import type { WorkerRequest } from '../worker/protocol';
import type { MapPoint } from './map-keys';

/** The card label of a map turn (the worker's turn-start says the same: MAP_MODEL_ID). */
export const MAP_TURN_LABEL = 'map';

type MapAskBody = Omit<Extract<WorkerRequest, { type: 'map-ask' }>, 'id' | 'type'>;

/**
 * The `map-ask` request of a click or an Enter on the map: the place, the week the page shows
 * ("this week": the slider's week, else today's calendar week), and the newest visible layer's
 * call, whose species and measure the worker asks about (src/worker/map-subject.ts).
 */
export function mapAskRequest(
  turnId: string,
  point: MapPoint,
  layers: Iterable<{ payload: MapLayerPayload; visible: boolean }>,
  shownWeek: number | undefined,
  today: Date,
): MapAskBody {
  const layer = [...layers].filter((entry) => entry.visible).at(-1);
  return {
    turnId,
    question: placeQuestion(point),
    lon: point.lon,
    lat: point.lat,
    week: shownWeek ?? weekOfDate(today.toISOString().slice(0, 10)),
    ...(layer ? { layerCallId: layer.payload.callId } : {}),
  };
}

/** "This place on the map: 46.45° N, 90.17° W", the card's heading. */
export function placeQuestion(point: MapPoint): string {
  const lat = `${Math.abs(point.lat).toFixed(2)}° ${point.lat >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(point.lon).toFixed(2)}° ${point.lon >= 0 ? 'E' : 'W'}`;
  return `This place on the map: ${lat}, ${lon}`;
}
