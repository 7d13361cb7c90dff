#!/usr/bin/env python3
"""
Writes src/bench/questions/offline-extra.json: each question's figures are COPIED from the
independent outputs status-figures.json (reference.py) and trends-figures.json
(trends-reference.ts), never typed by hand and never taken from Perch's tools.

usage: python3 src/bench/reference/build-questions.py
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
S = json.loads((HERE / 'status-figures.json').read_text())
T = json.loads((HERE / 'trends-figures.json').read_text())['breeding']
TOLERANCE = 'relative 1% on every figure'
MASK = 'All 293 cells of the Michigan mask (the example is masked to Michigan; FORMAT.md §1).'


def pick(source, *keys):
    return {key: source[key] for key in keys}


def where_answer(label, w):
    return f"In {label} it is predicted present in {w['cells_occupied']} of {w['cells_modelled']} modelled cells ({100 * w['occupied_share']:.1f}%), mean relative abundance {w['mean_abundance']:.4g}; the highest cell has {w['top_cell_abundance']:.4g}."


WHERE_FIGURES = ('cells_modelled', 'cells_occupied', 'occupied_share', 'mean_abundance', 'top_cell_abundance')
WHERE_METHOD = 'Weekly abundance median raster: per cell the nanmean over the weeks (bands whose date falls in the period), then the mean over cells with a value; cells_occupied counts cells > 0. ' + MASK
TIMING = S['timing']
CHANCE_METHOD = 'Weekly occurrence median raster: for each week the mean over non-NaN cells, then the mean over the weeks; best week = argmax; best cell = max over the weeks and cells. ' + MASK
RS = S['regional_stats']
R = S['ranges_smooth']
SEASONAL_OCC = S['seasonal_occurrence_mean']

questions = [
    {'id': 'extra-where-week', 'question': 'Where is the Yellow-bellied Sapsucker in week 24?',
     'reference_answer': where_answer('week 24 (2023-06-14)', S['where_week_24']),
     'figures': pick(S['where_week_24'], *WHERE_FIGURES), 'method': WHERE_METHOD},
    {'id': 'extra-where-month', 'question': 'Where are yellow-bellied sapsuckers in October?',
     'reference_answer': where_answer('October (weeks of 4, 11, 18 and 25 October)', S['where_october']),
     'figures': pick(S['where_october'], *WHERE_FIGURES), 'method': WHERE_METHOD},
    {'id': 'extra-where-season', 'question': 'Where does the Yellow-bellied Sapsucker spend the winter?',
     'reference_answer': where_answer('the non-breeding season (22 Nov to 8 Mar)', S['where_nonbreeding']),
     'figures': pick(S['where_nonbreeding'], *WHERE_FIGURES), 'method': WHERE_METHOD},
    {'id': 'extra-where-date', 'question': 'Where are yellow-bellied sapsuckers on April 19?',
     'reference_answer': 'The nearest weekly estimate is 2023-04-19 (week 16). ' + where_answer('that week', S['where_april_19']),
     'figures': pick(S['where_april_19'], 'week_date', 'cells_modelled', 'cells_occupied', 'mean_abundance', 'top_cell_abundance'), 'method': WHERE_METHOD},
    {'id': 'extra-where-region', 'question': 'Where is the sapsucker in Michigan in July?',
     'reference_answer': 'The data is masked to Michigan, so all of it: ' + where_answer('July', S['where_july']),
     'figures': pick(S['where_july'], *WHERE_FIGURES), 'method': WHERE_METHOD},
    {'id': 'extra-arrive', 'question': 'When do Yellow-bellied Sapsuckers reach Michigan?',
     'reference_answer': f"Around the week of {TIMING['arrival_week']}, the first week whose mean is at least 25% of the peak; the peak follows in the week of {TIMING['peak_week']} (mean {TIMING['peak_mean']:.4g}).",
     'figures': pick(TIMING, 'arrival_week', 'peak_week', 'peak_mean'),
     'method': 'Weekly abundance median: mean over non-NaN cells per week; arrival = first week with mean >= 25% of the peak mean. ' + MASK},
    {'id': 'extra-leave', 'question': 'When do they leave Michigan?',
     'reference_answer': f"Around the week of {TIMING['departure_week']}, the last week whose mean is at least 25% of the peak (the data holds one species, so 'they' is the Yellow-bellied Sapsucker).",
     'figures': pick(TIMING, 'departure_week', 'peak_week'),
     'method': 'As extra-arrive; departure = last week with mean >= 25% of the peak mean.'},
    {'id': 'extra-peak-fall', 'question': 'When does the sapsucker peak during fall migration?',
     'reference_answer': f"In the week of {S['peak_postbreeding']['peak_week']}: mean {S['peak_postbreeding']['peak_mean']:.4g}, total {S['peak_postbreeding']['peak_sum']:.4g}.",
     'figures': S['peak_postbreeding'],
     'method': 'Weekly abundance median: per-week mean and sum over non-NaN cells, argmax among the post-breeding migration weeks (23 Aug to 15 Nov). ' + MASK},
    {'id': 'extra-peak-year', 'question': 'When is the Yellow-bellied Sapsucker most abundant?',
     'reference_answer': f"In spring migration, the week of {TIMING['peak_week']}: mean {TIMING['peak_mean']:.4g} over {TIMING['peak_cells']} cells, total {TIMING['peak_sum']:.5g}.",
     'figures': pick(TIMING, 'peak_week', 'peak_mean', 'peak_sum', 'peak_cells'),
     'method': 'Weekly abundance median: mean over non-NaN cells for each of the 52 bands, then the argmax. ' + MASK},
    {'id': 'extra-chance-month', 'question': 'How likely am I to see a sapsucker in Michigan in May?',
     'reference_answer': f"About {100 * S['chance_may']['mean_probability']:.1f}% per standard checklist on average in May; best week {S['chance_may']['best_week']} ({S['chance_may']['best_week_probability']:.4g}); best cell {S['chance_may']['best_cell_probability']:.4g}.",
     'figures': S['chance_may'], 'method': CHANCE_METHOD},
    {'id': 'extra-chance-season', 'question': 'What are my chances of seeing a Yellow-bellied Sapsucker in winter?',
     'reference_answer': f"Very low: mean occurrence {S['chance_nonbreeding']['mean_probability']:.4g} over the non-breeding weeks; best week {S['chance_nonbreeding']['best_week']}; best cell {S['chance_nonbreeding']['best_cell_probability']:.4g}.",
     'figures': S['chance_nonbreeding'], 'method': CHANCE_METHOD},
    {'id': 'extra-chance-week', 'question': 'What is the chance of seeing it in week 30?',
     'reference_answer': f"Mean occurrence {S['chance_week_30']['mean_probability']:.4g} in week 30 (2023-07-26); best cell {S['chance_week_30']['best_cell_probability']:.4g}.",
     'figures': pick(S['chance_week_30'], 'mean_probability', 'best_cell_probability', 'best_week'), 'method': CHANCE_METHOD},
    {'id': 'extra-compare', 'question': 'Compare the Yellow-bellied Sapsucker and the Red-naped Sapsucker in June',
     'reference_answer': f"The Red-naped Sapsucker is not in this data. In June the Yellow-bellied Sapsucker's mean is {S['where_june']['mean_abundance']:.4g}, present in {S['where_june']['cells_occupied']} of {S['where_june']['cells_modelled']} cells.",
     'figures': {'june_mean_abundance': S['where_june']['mean_abundance'], 'june_cells_occupied': S['where_june']['cells_occupied']},
     'expect_phrases': ['Red-naped Sapsucker'],
     'method': 'As extra-where-month (June): the comparison asks about June; the year peak is not asked.'},
    {'id': 'extra-top-regions', 'question': 'Which regions hold the most Yellow-bellied Sapsuckers in the breeding season?',
     'reference_answer': f"United States {100 * RS['USA|breeding']['total_pop_fraction']:.1f}% of the breeding population, Michigan {100 * RS['USA-MI|breeding']['total_pop_fraction']:.2f}% (eBird's regional statistics).",
     'figures': {'USA_total_pop_fraction': RS['USA|breeding']['total_pop_fraction'], 'USA_MI_total_pop_fraction': RS['USA-MI|breeding']['total_pop_fraction'],
                 'USA_range_occupied_fraction': RS['USA|breeding']['range_occupied_fraction'], 'USA_MI_abundance_mean': RS['USA-MI|breeding']['abundance_mean']},
     'method': 'regional_stats.csv rows with season breeding, ranked by total_pop_percent (a fraction 0–1).'},
    {'id': 'extra-top-states-winter', 'question': 'Which states hold the most sapsuckers in winter?',
     'reference_answer': f"Only Michigan is reported: {100 * RS['USA-MI|nonbreeding']['total_pop_fraction']:.3f}% of the non-breeding population, {100 * RS['USA-MI|nonbreeding']['range_occupied_fraction']:.1f}% of the state occupied.",
     'figures': {'USA_MI_total_pop_fraction': RS['USA-MI|nonbreeding']['total_pop_fraction'], 'USA_MI_range_occupied_fraction': RS['USA-MI|nonbreeding']['range_occupied_fraction'], 'USA_MI_max_week': RS['USA-MI|nonbreeding']['max_week']},
     'method': 'regional_stats.csv rows with region_type state and season nonbreeding.'},
    {'id': 'extra-trend', 'question': 'Is the Yellow-bellied Sapsucker declining?',
     'reference_answer': f"Yes, slightly: {T['regional_ppy_median_folds']:.3g}% per year ({T['start_year']}–{T['end_year']}), 80% interval {T['regional_ppy_80ci'][0]:.3g} to {T['regional_ppy_80ci'][1]:.3g}, about {T['regional_cumulative_percent']:.3g}% over the period; {T['n_negative']} of {T['n_rows']} cells negative, {T['n_declining_ci_excludes_zero']} clearly declining and {T['n_increasing_ci_excludes_zero']} clearly increasing.",
     'figures': pick(T, 'regional_ppy_median_folds', 'regional_ppy_80ci', 'regional_cumulative_percent', 'n_rows', 'n_negative', 'n_positive', 'n_declining_ci_excludes_zero', 'n_increasing_ci_excludes_zero'),
     'method': 'Trends and folds Parquet read with native DuckDB, statistics in TypeScript (trends-reference.ts): per fold the abd-weighted mean of abd_ppy, then median and 10th/90th percentiles; cumulative = 100((1+p/100)^10 - 1); interval excludes zero when abd_ppy_lower > 0 or abd_ppy_upper < 0.'},
    {'id': 'extra-range-winter', 'question': "How big is the sapsucker's winter range?",
     'reference_answer': f"About {R['range|nonbreeding']['area_km2']:,.0f} km², {100 * R['range|nonbreeding']['area_km2'] / R['prediction_area|nonbreeding']['area_km2']:.1f}% of the {R['prediction_area|nonbreeding']['area_km2']:,.0f} km² prediction area.",
     'figures': {'area_km2': R['range|nonbreeding']['area_km2'], 'prediction_area_km2': R['prediction_area|nonbreeding']['area_km2'], 'share_of_prediction_area': R['range|nonbreeding']['area_km2'] / R['prediction_area|nonbreeding']['area_km2'],
                 'bbox_lonlat': {key: R['range|nonbreeding'][key] for key in ('xmin', 'ymin', 'xmax', 'ymax')}},
     'method': 'Smoothed range gpkg, layer range, season nonbreeding: WKB read by hand, projected to EPSG:8857 with the Equal Earth formulas, shoelace area / 1e6 (reference.py reproduces the public breeding figure 112657.316 km²).'},
    {'id': 'extra-range-spring', 'question': 'How large is its range during spring migration?',
     'reference_answer': f"The spring-migration range is the whole prediction area: {R['range|prebreeding_migration']['area_km2']:,.0f} km² (100%).",
     'figures': {'area_km2': R['range|prebreeding_migration']['area_km2'], 'prediction_area_km2': R['prediction_area|prebreeding_migration']['area_km2']},
     'method': 'As extra-range-winter, season prebreeding_migration.'},
    {'id': 'extra-season-likely', 'question': 'In which season is the sapsucker most likely to be seen?',
     'reference_answer': f"Spring migration (mean occurrence {SEASONAL_OCC['prebreeding_migration']:.4g}), then breeding ({SEASONAL_OCC['breeding']:.4g}), fall ({SEASONAL_OCC['postbreeding_migration']:.4g}) and winter ({SEASONAL_OCC['nonbreeding']:.4g}).",
     'figures': SEASONAL_OCC, 'method': 'occurrence_seasonal_mean raster: the mean of each band over its non-NaN cells. ' + MASK},
    {'id': 'extra-what-data', 'question': 'What data is there?',
     'reference_answer': f"One species (Yellow-bellied Sapsucker), {S['data']['cells']} cells of 27 km, {S['data']['weeks']} weekly estimates from {S['data']['first_week']} to {S['data']['last_week']}, {T['n_rows']} trend cells.",
     'figures': {'cells': S['data']['cells'], 'weeks': S['data']['weeks'], 'first_week': S['data']['first_week'], 'last_week': S['data']['last_week'], 'trend_cells': T['n_rows']},
     'method': 'Union of non-NaN cells over the weekly abundance bands; band count and first/last band dates; rows of the trends Parquet.'},
    {'id': 'extra-follow-up-winter', 'context': ['When does the Yellow-bellied Sapsucker peak in Michigan?'], 'question': 'and in winter?',
     'reference_answer': f"In winter its weekly mean peaks in the week of {S['peak_nonbreeding']['peak_week']} at only {S['peak_nonbreeding']['peak_mean']:.4g} (total {S['peak_nonbreeding']['peak_sum']:.4g}).",
     'figures': S['peak_nonbreeding'], 'method': 'As extra-peak-fall, among the non-breeding weeks (22 Nov to 8 Mar). The follow-up keeps the species and Michigan.'},
    {'id': 'extra-follow-up-where', 'context': ['Where is the Yellow-bellied Sapsucker in week 24?'], 'question': 'what about in October?',
     'reference_answer': where_answer('October', S['where_october']),
     'figures': pick(S['where_october'], *WHERE_FIGURES), 'method': WHERE_METHOD + ' The follow-up keeps the species and the "where" question.'},
    {'id': 'extra-ambiguous-region', 'question': 'Where is the Yellow-bellied Sapsucker in Georgia in May?',
     'reference_answer': 'Georgia is a US state (USA-GA) and a country (GEO), but neither is in this data: it is masked to Michigan, so there are no figures for Georgia.',
     'figures': {}, 'expect_phrases': ['masked to Michigan', 'Georgia'], 'method': 'config.json / prediction area: the example is masked to Michigan; Georgia (either) has no modelled cells.'},
    {'id': 'extra-unsupported', 'question': 'What colour are its eggs?',
     'reference_answer': 'The data has no answer (no egg or plumage data); the offline agent says what it can answer instead.',
     'figures': {}, 'expect_phrases': ['not something this data holds'], 'method': 'Not in any table.'},
]

for question in questions:
    question.setdefault('tolerance', TOLERANCE)

out = {
    'about': 'More questions about the real eBird S&T example (yebsap, masked to Michigan), one or more per question family of the offline agent. Figures are computed independently of Perch from the original files by src/bench/reference (reference.py: numpy/zlib/struct/sqlite3; trends-reference.ts: native DuckDB) and copied here by build-questions.py. context = questions asked first in the same conversation; expect_ask = options the agent must offer with ask_user; expect_phrases = text the answer must contain.',
    'questions': questions,
}
(HERE.parent / 'questions' / 'offline-extra.json').write_text(json.dumps(out, indent=1, ensure_ascii=False) + '\n')
print(f'wrote {len(questions)} questions')
