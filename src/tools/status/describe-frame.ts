import { MEASURE_LABELS, type Measure, type QueryFrame, type TimeSpec } from '../../frame/query-frame';

const MEASURE_WORDS = MEASURE_LABELS;

/** The unit a reader states the figures in. */
export const MEASURE_UNITS: Record<Exclude<Measure, 'range_area'>, string> = {
  abundance:
    'relative abundance (expected birds on a standard 2 km, 1 h eBird checklist; an index, not a head count)',
  occurrence: 'probability (0–1) of detecting the species on a standard checklist',
  count: 'expected count on a checklist where the species is detected',
  proportion_population: 'share (0–1) of the range-wide population',
  trend: 'percent change in relative abundance per year',
};

/** "relative abundance · where highest · breeding season · Michigan": how the frame was read, one line. */
export function describeFrame(frame: QueryFrame, placeLabels: readonly string[]): string {
  const times = frame.times.length === 0 ? ['whole year'] : frame.times.map(timeWords);
  const places = placeLabels.length === 0 ? ['every modelled cell'] : placeLabels;
  const parts = [
    MEASURE_WORDS[frame.measure],
    frame.operation.replaceAll('_', ' '),
    times.join(' vs '),
    places.join(' vs '),
  ];
  if (frame.species.length === 2) parts.push(frame.species.join(' vs '));
  return parts.join(' · ');
}

function timeWords(time: TimeSpec): string {
  if (time.kind === 'year') return 'whole year';
  if (time.kind === 'season') return `${time.season.replaceAll('_', ' ')} season`;
  return time.label;
}
