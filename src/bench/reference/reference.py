#!/usr/bin/env python3
"""
Independent figures for src/bench/questions/offline-extra.json, computed from the ORIGINAL eBird
S&T example files (../shared/data/ebirdst-example), never from Perch's pipeline output or engine.

Only numpy, zlib, struct, sqlite3, csv and json: GeoTIFFs are decoded here by hand (classic
little-endian TIFF, 256x256 DEFLATE tiles, float32, pixel-interleaved — FORMAT.md §1), range
polygons are read from the GeoPackage WKB and projected to EPSG:8857 with the Equal Earth
formulas (Šavrič et al. 2018, ellipsoidal form as in PROJ's eqearth.cpp), and regional
statistics come straight from the CSV. Trends (Parquet) are computed by trends-reference.ts with
native DuckDB.

usage: python3 src/bench/reference/reference.py [example_dir] > src/bench/reference/status-figures.json
"""
import csv
import json
import math
import re
import sqlite3
import struct
import sys
import warnings
import zlib
from datetime import date
from pathlib import Path

import numpy as np

# nanmean of a cell with no value in any week is NaN (not modelled), which is what we want; numpy warns about it.
warnings.simplefilter('ignore', RuntimeWarning)

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[3] / '..' / 'shared' / 'data' / 'ebirdst-example')
STATUS = ROOT / '2023-yebsap-example'
RUN = 'yebsap-example'

# --- GeoTIFF -------------------------------------------------------------------------------

TYPE_SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 11: 4, 12: 8, 16: 8}
TYPE_CODES = {1: 'B', 2: 's', 3: 'H', 4: 'I', 5: 'II', 7: 'B', 11: 'f', 12: 'd', 16: 'Q'}


def read_tiff(path):
    """Returns (bands array [bands, rows, cols] float32 with NaN nodata, band descriptions)."""
    data = path.read_bytes()
    assert data[:4] == b'II*\x00', f'{path}: not a little-endian classic TIFF'
    (ifd,) = struct.unpack_from('<I', data, 4)
    (count,) = struct.unpack_from('<H', data, ifd)
    tags = {}
    for index in range(count):
        tag, kind, n, value = struct.unpack_from('<HHII', data, ifd + 2 + 12 * index)
        size = TYPE_SIZES[kind] * n
        raw = data[ifd + 2 + 12 * index + 8: ifd + 2 + 12 * index + 12] if size <= 4 else data[value: value + size]
        if kind == 2:
            tags[tag] = raw[:size].rstrip(b'\x00').decode('utf-8')
        else:
            code = TYPE_CODES[kind]
            tags[tag] = list(struct.unpack('<' + code * n, raw[:size]))
    width, height = tags[256][0], tags[257][0]
    bands = tags.get(277, [1])[0]
    tile_w, tile_h = tags[322][0], tags[323][0]
    assert tags[259][0] == 8 and tags[258][0] == 32 and tags.get(339, [3])[0] == 3 and tags.get(284, [1])[0] == 1
    offsets, counts = tags[324], tags[325]
    across = -(-width // tile_w)
    out = np.full((height, width, bands), np.nan, dtype=np.float32)
    for tile, (offset, length) in enumerate(zip(offsets, counts)):
        block = np.frombuffer(zlib.decompress(data[offset: offset + length]), dtype='<f4').reshape(tile_h, tile_w, bands)
        row, col = divmod(tile, across)
        r0, c0 = row * tile_h, col * tile_w
        r1, c1 = min(height, r0 + tile_h), min(width, c0 + tile_w)
        out[r0:r1, c0:c1, :] = block[: r1 - r0, : c1 - c0, :]
    metadata = tags.get(42112, '')
    descriptions = {int(m.group(1)): m.group(2) for m in re.finditer(r'<Item name="DESCRIPTION" sample="(\d+)" role="description">([^<]*)</Item>', metadata)}
    return np.moveaxis(out, 2, 0), [descriptions.get(i, str(i + 1)) for i in range(bands)]


def weekly(product):
    bands, names = read_tiff(STATUS / 'weekly' / f'{RUN}_{product}_27km_2023.tif')
    return bands, names


def seasonal(product, statistic='mean'):
    return read_tiff(STATUS / 'seasonal' / f'{RUN}_{product}_seasonal_{statistic}_27km_2023.tif')


# --- seasons and weeks (config.json, FORMAT.md §5–6) -----------------------------------------

CONFIG = json.loads((STATUS / 'config.json').read_text())


def season_weeks(season, dates):
    entry = next(s for s in CONFIG['season_dates'] if s['season'] == season)
    start, end = entry['start_date'], entry['end_date']
    if start <= end:
        return [i for i, d in enumerate(dates) if start <= d <= end]
    return [i for i, d in enumerate(dates) if d >= start or d <= end]


def month_weeks(month, dates):
    return [i for i, d in enumerate(dates) if int(d[5:7]) == month]


def nearest_week(month, day, dates):
    target = date(2023, month, day).timetuple().tm_yday
    days = [date.fromisoformat(d).timetuple().tm_yday for d in dates]
    return min(range(len(days)), key=lambda i: abs(days[i] - target))


# --- figures -------------------------------------------------------------------------------

def where(abundance, weeks):
    """Per cell the mean over the weeks (NaN weeks skipped), then over cells with a value."""
    with np.errstate(invalid='ignore'):
        per_cell = np.nanmean(abundance[weeks], axis=0) if len(weeks) > 1 else abundance[weeks[0]]
    valid = per_cell[~np.isnan(per_cell)]
    return {
        'cells_modelled': int(valid.size),
        'cells_occupied': int((valid > 0).sum()),
        'occupied_share': float((valid > 0).sum() / valid.size),
        'mean_abundance': float(valid.mean()),
        'top_cell_abundance': float(valid.max()),
    }


def weekly_means(values):
    means = np.array([np.nanmean(band) for band in values], dtype=np.float64)
    sums = np.array([np.nansum(band) for band in values], dtype=np.float64)
    cells = np.array([int((~np.isnan(band)).sum()) for band in values])
    return means, sums, cells


def timing(abundance, dates, share=0.25):
    means, sums, cells = weekly_means(abundance)
    peak = int(np.argmax(means))
    above = [i for i in range(len(means)) if means[i] >= share * means[peak]]
    return {
        'peak_week': dates[peak], 'peak_mean': float(means[peak]), 'peak_sum': float(sums[peak]), 'peak_cells': int(cells[peak]),
        'arrival_week': dates[above[0]], 'departure_week': dates[above[-1]],
    }


def peak_within(abundance, dates, weeks):
    means, sums, _ = weekly_means(abundance)
    best = max(weeks, key=lambda i: means[i])
    return {'peak_week': dates[best], 'peak_mean': float(means[best]), 'peak_sum': float(sums[best])}


def chance(occurrence, dates, weeks):
    """Mean over the weeks of the weekly mean occurrence over modelled cells; best week; best cell."""
    means = [float(np.nanmean(occurrence[i])) for i in weeks]
    best = int(np.argmax(means))
    return {
        'mean_probability': float(np.mean(means)),
        'best_week': dates[weeks[best]],
        'best_week_probability': means[best],
        'best_cell_probability': float(np.nanmax(occurrence[weeks])),
    }


def seasonal_means(product):
    bands, names = seasonal(product)
    return {name: float(np.nanmean(band)) for band, name in zip(bands, names)}


def regional_stats():
    with open(STATUS / 'regional_stats.csv', newline='') as handle:
        rows = list(csv.DictReader(handle))
    return {f"{row['region_code']}|{row['season']}": {
        'total_pop_fraction': float(row['total_pop_percent']),
        'range_occupied_fraction': float(row['range_occupied_percent']),
        'abundance_mean': float(row['abundance_mean']),
        'max_week': row['max_week'],
        'region_type': row['region_type'],
    } for row in rows}


# --- ranges: GeoPackage WKB → EPSG:8857 planar area ----------------------------------------

A_WGS84 = 6378137.0
F_WGS84 = 1 / 298.257223563
E2 = F_WGS84 * (2 - F_WGS84)
E = math.sqrt(E2)
A1, A2, A3, A4 = 1.340264, -0.081106, 0.000893, 0.003796
M = math.sqrt(3) / 2


def qsfn(sinphi):
    con = E * sinphi
    return (1 - E2) * (sinphi / (1 - con * con) - (0.5 / E) * np.log((1 - con) / (1 + con)))


QP = float(qsfn(np.array(1.0)))
RQDA = math.sqrt(0.5 * QP)


def equal_earth(lon, lat):
    """EPSG:8857 (Equal Earth Greenwich, WGS84 ellipsoid): authalic latitude, then the polynomial."""
    sbeta = np.clip(qsfn(np.sin(np.radians(lat))) / QP, -1, 1)
    psi = np.arcsin(M * sbeta)
    psi2 = psi * psi
    psi6 = psi2 ** 3
    x = np.radians(lon) * np.cos(psi) / (M * (A1 + 3 * A2 * psi2 + psi6 * (7 * A3 + 9 * A4 * psi2)))
    y = psi * (A1 + A2 * psi2 + psi6 * (A3 + A4 * psi2))
    return x * RQDA * A_WGS84, y * RQDA * A_WGS84


def read_multipolygon(blob):
    assert blob[:2] == b'GP'
    flags = blob[3]
    envelope = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[(flags >> 1) & 7]
    offset = 8 + envelope
    polygons = []

    def u32(little):
        nonlocal offset
        (value,) = struct.unpack_from('<I' if little else '>I', blob, offset)
        offset += 4
        return value

    little = blob[offset] == 1
    offset += 1
    assert u32(little) == 6, 'expected a MultiPolygon'
    for _ in range(u32(little)):
        little = blob[offset] == 1
        offset += 1
        assert u32(little) == 3
        rings = []
        for _ in range(u32(little)):
            n = u32(little)
            points = np.frombuffer(blob, dtype='<f8' if little else '>f8', count=2 * n, offset=offset).reshape(n, 2)
            offset += 16 * n
            rings.append(points)
        polygons.append(rings)
    return polygons


def planar_area(ring_x, ring_y):
    return 0.5 * abs(float(np.dot(ring_x, np.roll(ring_y, -1)) - np.dot(ring_y, np.roll(ring_x, -1))))


def range_figures(smoothing='smooth'):
    path = STATUS / 'ranges' / f'{RUN}_range_{smoothing}_27km_2023.gpkg'
    connection = sqlite3.connect(path)
    figures = {}
    for layer in ('range', 'prediction_area'):
        for season, blob in connection.execute(f'SELECT season, geom FROM "{layer}"'):
            area = 0.0
            lons, lats = [], []
            for rings in read_multipolygon(blob):
                for index, ring in enumerate(rings):
                    x, y = equal_earth(ring[:, 0], ring[:, 1])
                    area += planar_area(x, y) * (1 if index == 0 else -1)
                    lons.append(ring[:, 0])
                    lats.append(ring[:, 1])
            lon, lat = np.concatenate(lons), np.concatenate(lats)
            figures[f'{layer}|{season}'] = {'area_km2': area / 1e6, 'xmin': float(lon.min()), 'ymin': float(lat.min()), 'xmax': float(lon.max()), 'ymax': float(lat.max())}
    connection.close()
    return figures


def main():
    abundance, dates = weekly('abundance_median')
    occurrence, _ = weekly('occurrence_median')
    union = np.any(~np.isnan(abundance), axis=0)
    ranges = range_figures()
    out = {
        'about': 'Computed by src/bench/reference/reference.py from the original GeoTIFFs, GeoPackage and CSV of the eBird S&T example (numpy + zlib + struct + sqlite3 only).',
        'data': {'cells': int(union.sum()), 'weeks': len(dates), 'first_week': dates[0], 'last_week': dates[-1], 'seasons': len(CONFIG['season_dates'])},
        'where_week_24': where(abundance, [23]),
        'where_october': where(abundance, month_weeks(10, dates)),
        'where_nonbreeding': where(abundance, season_weeks('nonbreeding', dates)),
        'where_july': where(abundance, month_weeks(7, dates)),
        'where_june': where(abundance, month_weeks(6, dates)),
        'where_april_19': {**where(abundance, [nearest_week(4, 19, dates)]), 'week_date': dates[nearest_week(4, 19, dates)]},
        'timing': timing(abundance, dates),
        'peak_postbreeding': peak_within(abundance, dates, season_weeks('postbreeding_migration', dates)),
        'peak_nonbreeding': peak_within(abundance, dates, season_weeks('nonbreeding', dates)),
        'chance_may': chance(occurrence, dates, month_weeks(5, dates)),
        'chance_nonbreeding': chance(occurrence, dates, season_weeks('nonbreeding', dates)),
        'chance_week_30': chance(occurrence, dates, [29]),
        'seasonal_abundance_mean': seasonal_means('abundance'),
        'seasonal_occurrence_mean': seasonal_means('occurrence'),
        'regional_stats': regional_stats(),
        'ranges_smooth': ranges,
    }
    # Cross-check (FORMAT.md §1c): the seasonal mean raster is the per-cell nanmean of the season's weekly bands.
    bands, names = seasonal('abundance')
    for band, name in zip(bands, names):
        with np.errstate(invalid='ignore'):
            rebuilt = np.nanmean(abundance[season_weeks(name, dates)], axis=0)
        assert np.nanmax(np.abs(rebuilt - band)) < 1e-6, name
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
