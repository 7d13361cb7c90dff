"""
The development set's questions, written by hand: text, perspective, style, and the reading a
correct answer must have (or why the data cannot answer). dev-reference.py turns each reading into
figures; nothing here is a figure. Times are written as people say them (a month, "mid-June", a
date, a holiday) and resolved to weeks by dev-reference.py's week rules.

Perspectives: birder, teacher, data (a data person), visitor (a first-time visitor).
Styles (kind, with tags added from the reading: date, holiday, subregion, town, threshold,
ranking, comparison, follow_up, unanswerable): casual, precise, typo.
"""

YEAR = {'kind': 'year'}


def S(season):
    return {'kind': 'season', 'season': season}


def M(month, part=None):
    return {'kind': 'month', 'month': month, **({'part': part} if part else {})}


def MONTHS(first, last):
    return {'kind': 'months', 'from': first, 'to': last}


def D(month, day, holiday=None):
    return {'kind': 'date', 'month': month, 'day': day, **({'holiday': holiday} if holiday else {})}


def WK(first, last=None):
    return {'kind': 'weeks', 'from': first, 'to': last or first}


BREEDING, NONBREEDING, SPRING, FALL = S('breeding'), S('nonbreeding'), S('prebreeding_migration'), S('postbreeding_migration')
MEMORIAL, JULY4, LABOR, HALLOWEEN = D(5, 29, 'Memorial Day'), D(7, 4, 'July 4'), D(9, 4, 'Labor Day'), D(10, 31, 'Halloween')
THANKSGIVING, CHRISTMAS, NEW_YEAR, VALENTINE = D(11, 23, 'Thanksgiving'), D(12, 25, 'Christmas'), D(1, 1, "New Year's Day"), D(2, 14, "Valentine's Day")

MI = {'kind': 'all'}
UP = {'kind': 'part', 'part': 'upper_peninsula'}
LP = {'kind': 'part', 'part': 'lower_peninsula'}
NORTH = {'kind': 'part', 'part': 'northern_michigan'}
SOUTH = {'kind': 'part', 'part': 'southern_michigan'}


def NEAR(name):
    return {'kind': 'near', 'name': name}


MARQUETTE, TRAVERSE, GRAND_RAPIDS, DETROIT = NEAR('Marquette'), NEAR('Traverse City'), NEAR('Grand Rapids'), NEAR('Detroit')
LANSING, SAULT, HOUGHTON = NEAR('Lansing'), NEAR('Sault Ste. Marie'), NEAR('Houghton')


def R(measure, operation, time=None, place=None, *, times=None, places=None, threshold=None, of='value', top_n=None, units=None, interval=None, species=('yebsap',)):
    reading = {'species': list(species), 'measure': measure, 'operation': operation}
    if time:
        reading['time'] = time
    if times:
        reading['times'] = times
    if place:
        reading['place'] = place
    if places:
        reading['places'] = places
    if threshold is not None:
        reading['threshold'] = {'value': threshold, 'of': of}
    if top_n:
        reading['top_n'] = top_n
    if units:
        reading['units'] = units
    if interval:
        reading['interval'] = True
    return reading


QUESTIONS = []


def tags_of(reading, style):
    tags = list(style)
    times = reading.get('times') or [reading.get('time')]
    places = reading.get('places') or [reading.get('place')]
    for time in times:
        if time and time.get('holiday'):
            tags.append('holiday')
        elif time and time['kind'] in ('date', 'month', 'months', 'weeks'):
            tags.append('date')
        elif time and time['kind'] == 'season':
            tags.append('season')
    for place in places:
        if place and place['kind'] == 'part':
            tags.append('subregion')
        if place and place['kind'] == 'near':
            tags.append('town')
    if 'threshold' in reading:
        tags.append('threshold')
    if 'top_n' in reading or reading['operation'] in ('rank_species', 'where_highest', 'where_lowest'):
        tags.append('ranking')
    if reading.get('times') or reading.get('places') or reading['operation'] == 'which_larger':
        tags.append('comparison')
    if 'units' in reading:
        tags.append('units')
    if reading['measure'] in ('trend', 'range_area'):
        tags.append(reading['measure'])
    return sorted(set(tags))


def q(qid, perspective, style, text, reading, context=None, pick=None):
    """An answerable question; `style` is a tuple of casual/precise/typo."""
    tags = tags_of(reading, style) + (['follow_up'] if context else [])
    QUESTIONS.append({'id': f'dev-{qid}', 'perspective': perspective, 'kind': sorted(set(tags)), 'question': text, 'reading': reading,
                      **({'context': context} if context else {}), **({'pick': pick} if pick else {})})


def out(qid, perspective, style, reason, text, answer, why, context=None):
    QUESTIONS.append({'id': f'dev-{qid}', 'perspective': perspective, 'kind': sorted(set(list(style) + ['unanswerable'] + (['follow_up'] if context else []))),
                      'question': text, 'out_of_scope': reason, 'answer': answer, 'why': why, **({'context': context} if context else {})})


# --- birder -------------------------------------------------------------------------------------
q('b01', 'birder', ('casual',), "When's the best week to spot a Yellow-bellied Sapsucker near Marquette?", R('occurrence', 'when_highest', None, MARQUETTE))
q('b02', 'birder', (), 'How likely is a sapsucker on a checklist near Traverse City in early May?', R('occurrence', 'value', M(5, 'early'), TRAVERSE))
q('b03', 'birder', (), 'Where in the Upper Peninsula are sapsuckers most abundant in the breeding season?', R('abundance', 'where_highest', BREEDING, UP))
q('b04', 'birder', ('casual',), 'What week do sapsuckers usually show up in the UP?', R('abundance', 'first_week_above', None, UP))
q('b05', 'birder', (), 'When do the last sapsuckers leave the Lower Peninsula?', R('abundance', 'last_week_above', None, LP))
q('b06', 'birder', ('casual',), 'How many weeks do sapsuckers stick around near Grand Rapids?', R('abundance', 'length_of_stay', None, GRAND_RAPIDS))
q('b07', 'birder', (), 'Which week of spring migration has the biggest jump in sapsucker numbers?', R('abundance', 'biggest_rise', SPRING))
q('b08', 'birder', ('casual',), 'When do sapsucker numbers crash the most from one week to the next?', R('abundance', 'biggest_drop'))
q('b09', 'birder', (), 'Is a sapsucker easier to find in April or in May?', R('occurrence', 'which_larger', times=[M(4), M(5)]))
q('b10', 'birder', ('casual',), 'mid-June near Houghton: what are my odds of a sapsucker?', R('occurrence', 'value', M(6, 'mid'), HOUGHTON))
q('b11', 'birder', ('casual',), 'Best spot in Michigan for sapsuckers on Memorial Day?', R('abundance', 'where_highest', MEMORIAL, MI))
q('b12', 'birder', (), 'How often does a checklist near Sault Ste. Marie include a sapsucker in late April?', R('occurrence', 'value', M(4, 'late'), SAULT))
q('b13', 'birder', (), 'When a sapsucker is reported near Lansing in May, how many are usually on the checklist?', R('count', 'value', M(5), LANSING))
q('b14', 'birder', (), 'When, during the breeding season, is the sapsucker least common in the Lower Peninsula?', R('abundance', 'when_lowest', BREEDING, LP))
q('b15', 'birder', (), 'Which part of the Lower Peninsula has the most sapsuckers during spring migration?', R('abundance', 'where_highest', SPRING, LP))
q('b16', 'birder', ('casual',), "What's the peak week for sapsuckers near Detroit?", R('abundance', 'when_highest', None, DETROIT))
q('b17', 'birder', (), 'During fall migration, which week brings the most sapsuckers near Lansing?', R('abundance', 'when_highest', FALL, LANSING))
q('b18', 'birder', (), 'When do sapsuckers arrive near Houghton?', R('abundance', 'first_week_above', None, HOUGHTON))
q('b19', 'birder', ('casual',), 'When do sapsuckers clear out of the Marquette area?', R('abundance', 'last_week_above', None, MARQUETTE))
q('b20', 'birder', (), 'How many sapsuckers does a typical checklist in the UP record in the breeding season?', R('abundance', 'value', BREEDING, UP))
q('b21', 'birder', ('precise',), "What's the chance of detecting a Yellow-bellied Sapsucker anywhere in Michigan in the week of April 26?", R('occurrence', 'value', D(4, 26), MI))
q('b22', 'birder', (), 'Is the sapsucker more common in the Upper Peninsula or the Lower Peninsula during the breeding season?', R('abundance', 'which_larger', BREEDING, places=[UP, LP]))
q('b23', 'birder', (), 'Where are sapsuckers most concentrated in late September?', R('abundance', 'where_highest', M(9, 'late')))
q('b24', 'birder', ('casual',), 'Are sapsuckers still around near Traverse City at Halloween?', R('occurrence', 'value', HALLOWEEN, TRAVERSE))
q('b25', 'birder', (), 'When does the chance of seeing a sapsucker peak in southern Michigan?', R('occurrence', 'when_highest', None, SOUTH))
q('b26', 'birder', (), 'When is it easiest to find a sapsucker in northern Michigan?', R('occurrence', 'when_highest', None, NORTH))
q('b27', 'birder', (), 'How long is the sapsucker season in the Upper Peninsula?', R('abundance', 'length_of_stay', None, UP))
q('b28', 'birder', ('casual',), 'top 3 cells for sapsuckers near Grand Rapids in April', R('abundance', 'where_highest', M(4), GRAND_RAPIDS, top_n=3))
q('b29', 'birder', ('precise',), 'Over how many weeks is the chance of detection at least 0.2 near Marquette?', R('occurrence', 'length_of_stay', None, MARQUETTE, threshold=0.2))
q('b30', 'birder', (), 'first week the chance of seeing one near Traverse City reaches 10%', R('occurrence', 'first_week_above', None, TRAVERSE, threshold=0.1))
q('b31', 'birder', ('casual',), 'When do sapsuckers hit their spring high in the UP?', R('abundance', 'when_highest', SPRING, UP))
q('b32', 'birder', (), 'In which week of the breeding season is the count per checklist highest?', R('count', 'when_highest', BREEDING))
q('b33', 'birder', ('casual',), 'sapsucker odds on the 4th of July, statewide?', R('occurrence', 'value', JULY4, MI))
q('b34', 'birder', (), 'Where are sapsuckers scarcest in Michigan in the breeding season?', R('abundance', 'where_lowest', BREEDING, MI))
q('b35', 'birder', ('casual',), 'Which week do sapsuckers thin out fastest in the Upper Peninsula?', R('abundance', 'biggest_drop', None, UP))
q('b36', 'birder', ('precise',), 'How many weeks is the statewide chance of finding one at 0.15 or more?', R('occurrence', 'length_of_stay', None, MI, threshold=0.15))

# --- teacher ------------------------------------------------------------------------------------
q('t01', 'teacher', (), "For my class: which week does Michigan's sapsucker population peak, and how high does the average get?", R('abundance', 'when_highest', None, MI))
q('t02', 'teacher', (), 'What share of all Yellow-bellied Sapsuckers is in Michigan in the week of July 4?', R('proportion_population', 'value', JULY4, MI))
q('t03', 'teacher', (), "How much of the species' whole population is in Michigan during the breeding season?", R('proportion_population', 'value', BREEDING, MI))
q('t04', 'teacher', (), 'How large is the sapsucker breeding range in square miles?', R('range_area', 'value', BREEDING, units='mi2'))
q('t05', 'teacher', (), 'What is the winter range of the Yellow-bellied Sapsucker in acres?', R('range_area', 'value', NONBREEDING, units='acres'))
q('t06', 'teacher', ('casual',), 'Is the sapsucker population in the Upper Peninsula going up or down?', R('trend', 'value', None, UP))
q('t07', 'teacher', (), 'Where in Michigan is the sapsucker population increasing fastest?', R('trend', 'where_highest', None, MI))
q('t08', 'teacher', (), 'How many trend cells in southern Michigan show a decline?', R('trend', 'value', None, SOUTH), pick=['cells_negative', 'cells'])
q('t09', 'teacher', (), "Where is the centre of Michigan's sapsucker population in summer?", R('abundance', 'centre', BREEDING, MI))
q('t10', 'teacher', (), 'Where is the middle of the sapsucker population during spring migration?', R('abundance', 'centre', SPRING))
q('t11', 'teacher', ('precise',), 'How many 27 km cells have a relative abundance of at least 0.5 in week 16?', R('abundance', 'cells_above', WK(16), threshold=0.5))
q('t12', 'teacher', (), 'What fraction of Michigan has a sapsucker occurrence of 0.3 or more in May?', R('occurrence', 'cells_above', M(5), MI, threshold=0.3))
q('t13', 'teacher', (), 'How big is the fall migration range in hectares?', R('range_area', 'value', FALL, units='hectares'))
q('t14', 'teacher', ('precise',), 'What is the breeding range in square kilometres?', R('range_area', 'value', BREEDING, units='km2'))
q('t15', 'teacher', (), 'What is the median yearly trend of sapsuckers in northern Michigan?', R('trend', 'value', None, NORTH), pick=['median_ppy'])
q('t16', 'teacher', (), 'How many trend cells near Grand Rapids are declining?', R('trend', 'value', None, GRAND_RAPIDS), pick=['cells_negative', 'cells'])
q('t17', 'teacher', (), 'Where is the sapsucker declining most steeply in Michigan?', R('trend', 'where_lowest', None, MI))
q('t18', 'teacher', (), 'In which week does Michigan hold the largest share of the sapsucker population?', R('proportion_population', 'when_highest', None, MI), pick=['week', 'date'])
q('t19', 'teacher', (), 'What share of the population is in the Upper Peninsula in the breeding season?', R('proportion_population', 'value', BREEDING, UP))
q('t20', 'teacher', (), 'How does the chance of seeing a sapsucker in June compare with December?', R('occurrence', 'value', times=[M(6), M(12)]))
q('t21', 'teacher', (), 'Can you compare relative abundance in the breeding season and the nonbreeding season?', R('abundance', 'value', times=[BREEDING, NONBREEDING]))
q('t22', 'teacher', ('precise',), 'What is the average relative abundance of sapsuckers in Michigan in January?', R('abundance', 'value', M(1), MI))
q('t23', 'teacher', ('precise',), 'In week 40, how many Upper Peninsula cells have an abundance of at least 0.1?', R('abundance', 'cells_above', WK(40), UP, threshold=0.1))
q('t24', 'teacher', (), 'Explain the arrival: when does the statewide average first reach a quarter of its peak?', R('abundance', 'first_week_above', None, MI, threshold=0.25, of='peak_share'))
q('t25', 'teacher', (), 'When does the Michigan average first reach half of its peak?', R('abundance', 'first_week_above', None, MI, threshold=0.5, of='peak_share'))
q('t26', 'teacher', (), 'What is the last week the statewide mean stays at or above half of its peak?', R('abundance', 'last_week_above', None, MI, threshold=0.5, of='peak_share'))
q('t27', 'teacher', ('precise',), "What's the total relative abundance across all cells in the week of 2023-05-10?", R('abundance', 'value', D(5, 10)), pick=['total'])
q('t28', 'teacher', (), 'Is the breeding population near Marquette increasing or decreasing?', R('trend', 'value', None, MARQUETTE))
q('t29', 'teacher', (), "What percentage of Michigan's cells have a chance of detection of at least 0.5 in the week of April 19?", R('occurrence', 'cells_above', D(4, 19), MI, threshold=0.5))
q('t30', 'teacher', (), "Compare Michigan's share of the sapsucker population in spring migration and in fall migration.", R('proportion_population', 'value', None, MI, times=[SPRING, FALL]))
q('t31', 'teacher', (), 'Where is the population centre in the week of October 11?', R('abundance', 'centre', D(10, 11)))
q('t32', 'teacher', (), 'Which weeks make up the sapsucker stay in southern Michigan?', R('abundance', 'length_of_stay', None, SOUTH))

# --- data person --------------------------------------------------------------------------------
q('d01', 'data', ('precise',), 'mean relative abundance, weeks 20-33, all cells', R('abundance', 'value', WK(20, 33), MI))
q('d02', 'data', ('precise',), 'Return the week with the minimum mean occurrence across Michigan.', R('occurrence', 'when_lowest', None, MI))
q('d03', 'data', ('precise',), 'abundance with its 80% interval (lower/upper) in week 16', R('abundance', 'value', WK(16), interval=True))
q('d04', 'data', ('precise',), 'first week where mean abundance >= 0.1', R('abundance', 'first_week_above', threshold=0.1))
q('d05', 'data', ('precise',), 'last week with mean occurrence >= 0.2', R('occurrence', 'last_week_above', threshold=0.2))
q('d06', 'data', ('precise',), 'number of weeks with mean abundance at or above 50% of peak', R('abundance', 'length_of_stay', threshold=0.5, of='peak_share'))
q('d07', 'data', ('precise',), 'top 3 cells by expected count in the breeding season', R('count', 'where_highest', BREEDING, top_n=3))
q('d08', 'data', (), 'Rank all species in the data by mean abundance in June.', R('abundance', 'rank_species', M(6), species=()))
q('d09', 'data', ('precise',), 'abundance-weighted mean trend, breeding 2012-2022, lower peninsula', R('trend', 'value', None, LP), pick=['weighted_ppy'])
q('d10', 'data', ('precise',), 'median abd_ppy for trend cells within 50 km of Grand Rapids', R('trend', 'value', None, GRAND_RAPIDS), pick=['median_ppy'])
q('d11', 'data', ('precise',), 'max week-over-week increase of mean occurrence', R('occurrence', 'biggest_rise'))
q('d12', 'data', ('precise',), 'largest weekly decrease in mean count, year-round', R('count', 'biggest_drop', YEAR))
q('d13', 'data', ('precise',), 'count of cells with mean abundance >= 0.25 over the breeding season', R('abundance', 'cells_above', BREEDING, threshold=0.25))
q('d14', 'data', ('precise',), 'abundance-weighted centroid, weeks 34-46', R('abundance', 'centre', WK(34, 46)))
q('d15', 'data', ('precise',), 'sum of proportion_population over the Michigan cells, week 20', R('proportion_population', 'value', WK(20), MI))
q('d16', 'data', ('precise',), 'argmax week of mean count near Traverse City', R('count', 'when_highest', None, TRAVERSE))
q('d17', 'data', ('precise',), 'min per-cell mean abundance in the nonbreeding season', R('abundance', 'where_lowest', NONBREEDING))
q('d18', 'data', ('precise',), 'mean occurrence for the Upper Peninsula cells, weeks 14-18', R('occurrence', 'value', WK(14, 18), UP))
q('d19', 'data', ('precise',), 'unweighted mean abd_ppy across the trend cells of the UP', R('trend', 'value', None, UP), pick=['mean_ppy'])
q('d20', 'data', ('precise',), "how many of the Lower Peninsula's trend cells have abd_ppy < 0", R('trend', 'value', None, LP), pick=['cells_negative', 'cells'])
q('d21', 'data', ('precise',), 'mean abundance with interval, breeding season, northern Michigan', R('abundance', 'value', BREEDING, NORTH, interval=True))
q('d22', 'data', ('precise',), 'cells with occurrence >= 0.2 during prebreeding migration in the lower peninsula', R('occurrence', 'cells_above', SPRING, LP, threshold=0.2))
q('d23', 'data', ('precise',), 'week of max mean abundance, southern Michigan, postbreeding migration', R('abundance', 'when_highest', FALL, SOUTH))
q('d24', 'data', ('precise',), 'breeding range area in km2, smoothed polygons', R('range_area', 'value', BREEDING, units='km2'))
q('d25', 'data', ('precise',), 'prebreeding migration range area in mi2', R('range_area', 'value', SPRING, units='mi2'))
q('d26', 'data', ('precise',), 'nonbreeding range area, hectares', R('range_area', 'value', NONBREEDING, units='hectares'))
q('d27', 'data', ('precise',), 'the abd_ppy of the top trend cell in the Upper Peninsula', R('trend', 'where_highest', None, UP))
q('d28', 'data', ('precise',), 'mean count per checklist when detected, full year', R('count', 'value', YEAR))
q('d29', 'data', ('precise',), 'mean occurrence, mid-April', R('occurrence', 'value', M(4, 'mid')))
q('d30', 'data', ('precise',), 'first week mean occurrence >= 0.05 in the Upper Peninsula', R('occurrence', 'first_week_above', None, UP, threshold=0.05))
q('d31', 'data', ('precise',), 'biggest weekly rise in abundance near Sault Ste. Marie', R('abundance', 'biggest_rise', None, SAULT))
q('d32', 'data', ('precise',), 'top 5 cells by abundance, Thanksgiving week', R('abundance', 'where_highest', THANKSGIVING, top_n=5))
q('d33', 'data', ('precise',), 'cells with a full-year mean count >= 0.5', R('count', 'cells_above', YEAR, threshold=0.5))
q('d34', 'data', ('precise',), 'lowest occurrence cell in the UP in week 30', R('occurrence', 'where_lowest', WK(30), UP))
q('d35', 'data', (), 'Which has the higher mean abundance in week 18: the Upper or the Lower Peninsula?', R('abundance', 'which_larger', WK(18), places=[UP, LP]))

# --- first-time visitor -------------------------------------------------------------------------
q('v01', 'visitor', ('casual',), "I'm visiting Traverse City on the 4th of July, will I see a sapsucker?", R('occurrence', 'value', JULY4, TRAVERSE))
q('v02', 'visitor', ('casual',), "We're going to the UP for Labor Day. Any chance of a sapsucker?", R('occurrence', 'value', LABOR, UP))
q('v03', 'visitor', (), "What's the chance to see a yellow-bellied sapsucker in Detroit at Thanksgiving?", R('occurrence', 'value', THANKSGIVING, DETROIT))
q('v04', 'visitor', ('casual',), 'Will there be sapsuckers in Michigan at Christmas?', R('occurrence', 'value', CHRISTMAS, MI))
q('v05', 'visitor', ('casual',), 'visiting grand rapids in october, how common are sapsuckers', R('abundance', 'value', M(10), GRAND_RAPIDS))
q('v06', 'visitor', (), 'Staying in Marquette in mid-August: where nearby are sapsuckers most common?', R('abundance', 'where_highest', M(8, 'mid'), MARQUETTE))
q('v07', 'visitor', ('casual',), 'First time in Michigan - when should I come to see sapsuckers?', R('occurrence', 'when_highest', None, MI))
q('v08', 'visitor', ('casual',), "I'll be in Lansing over New Year's Day. Any sapsuckers then?", R('occurrence', 'value', NEW_YEAR, LANSING))
q('v09', 'visitor', (), 'Is a sapsucker likely near Houghton in early July?', R('occurrence', 'value', M(7, 'early'), HOUGHTON))
q('v10', 'visitor', ('casual',), "We're camping in the Upper Peninsula in late June. How common are sapsuckers?", R('abundance', 'value', M(6, 'late'), UP))
q('v11', 'visitor', (), 'Heading to Detroit during spring migration: best week for a sapsucker?', R('occurrence', 'when_highest', SPRING, DETROIT))
q('v12', 'visitor', (), 'On Halloween, where in Michigan would I have the best chance of a sapsucker?', R('occurrence', 'where_highest', HALLOWEEN, MI))
q('v13', 'visitor', ('casual',), 'I live near Sault Ste. Marie. When do the sapsuckers come back?', R('abundance', 'first_week_above', None, SAULT))
q('v14', 'visitor', (), 'When do the sapsuckers leave Grand Rapids?', R('abundance', 'last_week_above', None, GRAND_RAPIDS))
q('v15', 'visitor', ('casual',), 'Going to Traverse City around Memorial Day - how many sapsuckers would a birder there log?', R('abundance', 'value', MEMORIAL, TRAVERSE))
q('v16', 'visitor', (), 'What are my chances of seeing a sapsucker near Lansing in September?', R('occurrence', 'value', M(9), LANSING))
q('v17', 'visitor', (), 'Is the sapsucker more common near Marquette or near Detroit in May?', R('abundance', 'which_larger', M(5), places=[MARQUETTE, DETROIT]))
q('v18', 'visitor', (), 'Where should I go in Michigan to see a sapsucker in June?', R('occurrence', 'where_highest', M(6), MI))
q('v19', 'visitor', ('casual',), 'in summer, is the UP or lower Michigan better for seeing sapsuckers?', R('occurrence', 'which_larger', BREEDING, places=[UP, LP]))
q('v20', 'visitor', (), 'How many sapsuckers per checklist can I expect near Marquette in summer?', R('abundance', 'value', BREEDING, MARQUETTE))

# --- typos --------------------------------------------------------------------------------------
q('y01', 'visitor', ('typo', 'casual'), 'wen do sapsukers arive in michgan', R('abundance', 'first_week_above', None, MI))
q('y02', 'visitor', ('typo', 'casual'), 'were are the yelow bellied sapsuckers in june', R('abundance', 'where_highest', M(6)))
q('y03', 'birder', ('typo', 'casual'), 'chanse of seing a sapsuker near lansing in may', R('occurrence', 'value', M(5), LANSING))
q('y04', 'teacher', ('typo',), 'hw big is the breding range in sq miles', R('range_area', 'value', BREEDING, units='mi2'))
q('y05', 'teacher', ('typo',), 'is the yellow belied sapsucker declinig in the upper penninsula', R('trend', 'value', None, UP))
q('y06', 'birder', ('typo', 'casual'), 'peek week for sapsucers in the UP?', R('abundance', 'when_highest', None, UP))
q('y07', 'visitor', ('typo', 'casual'), 'how long do yb sapsuckers stay near travers city', R('abundance', 'length_of_stay', None, TRAVERSE))
q('y08', 'data', ('typo',), 'sapsuker abundnce in wk 30', R('abundance', 'value', WK(30)))
q('y09', 'birder', ('typo', 'casual'), 'wich week has the bigest drop in sapsuckers', R('abundance', 'biggest_drop'))
q('y10', 'teacher', ('typo',), 'centre of the sapsuckr population in octobr', R('abundance', 'centre', M(10)))
q('y11', 'data', ('typo',), 'how manny cells above 0.3 abundence in may', R('abundance', 'cells_above', M(5), threshold=0.3))
q('y12', 'visitor', ('typo', 'casual'), 'odds of a sapsucker on thanksgving in michigan', R('occurrence', 'value', THANKSGIVING, MI))

# --- dates, precise ---------------------------------------------------------------------------
q('p01', 'data', ('precise',), 'What is the mean relative abundance in the week of 2023-04-05?', R('abundance', 'value', D(4, 5)))
q('p02', 'birder', (), 'Relative abundance of Yellow-bellied Sapsucker on 12 August?', R('abundance', 'value', D(8, 12)))
q('p03', 'visitor', ('casual',), 'Where are the sapsuckers on May 3rd?', R('abundance', 'where_highest', D(5, 3)))
q('p04', 'birder', (), 'What is the chance of seeing a sapsucker around September 20?', R('occurrence', 'value', D(9, 20)))
q('p05', 'teacher', (), 'What is the average relative abundance in Michigan between April and June?', R('abundance', 'value', MONTHS(4, 6), MI))
q('p06', 'data', ('precise',), 'Mean occurrence from week 10 to week 15?', R('occurrence', 'value', WK(10, 15)))
q('p07', 'data', (), 'Between June and September, when is abundance lowest?', R('abundance', 'when_lowest', MONTHS(6, 9)))
q('p08', 'birder', (), 'Which week in October has the most sapsuckers?', R('abundance', 'when_highest', M(10)))
q('p09', 'birder', (), "What's the average abundance in early November near Grand Rapids?", R('abundance', 'value', M(11, 'early'), GRAND_RAPIDS))
q('p10', 'data', (), 'What is the expected count when detected in late April?', R('count', 'value', M(4, 'late')))
q('p11', 'data', (), 'During the nonbreeding season, which week has the highest abundance in the Lower Peninsula?', R('abundance', 'when_highest', NONBREEDING, LP))
q('p12', 'teacher', ('casual',), "Relative abundance in the Upper Peninsula on Valentine's Day?", R('abundance', 'value', VALENTINE, UP))
q('p13', 'teacher', (), 'What proportion of the population is near Marquette in the week of May 10?', R('proportion_population', 'value', D(5, 10), MARQUETTE))

# --- thresholds and rankings -------------------------------------------------------------------
q('h01', 'data', ('precise',), 'In how many cells does abundance reach 1.0 in the week of April 12?', R('abundance', 'cells_above', D(4, 12), threshold=1.0))
q('h02', 'teacher', (), 'How many Upper Peninsula cells average at least 0.25 abundance in the breeding season?', R('abundance', 'cells_above', BREEDING, UP, threshold=0.25))
q('h03', 'birder', (), 'How long does the statewide chance of detection stay at 0.1 or above?', R('occurrence', 'length_of_stay', None, MI, threshold=0.1))
q('h04', 'birder', (), 'When does abundance near Houghton first reach 0.3?', R('abundance', 'first_week_above', None, HOUGHTON, threshold=0.3))
q('h05', 'data', (), 'Last week of the year with an average abundance of 0.2 or more in the Lower Peninsula?', R('abundance', 'last_week_above', None, LP, threshold=0.2))
q('h06', 'birder', (), 'List the 10 best cells for sapsuckers in the breeding season.', R('abundance', 'where_highest', BREEDING, top_n=10))
q('h07', 'data', (), 'Top 5 cells by chance of detection in week 18', R('occurrence', 'where_highest', WK(18), top_n=5))
q('h08', 'data', (), 'Rank the species by chance of detection in the Upper Peninsula.', R('occurrence', 'rank_species', None, UP, species=()))
q('h09', 'birder', ('casual',), 'Which species is most common near Marquette in summer?', R('abundance', 'rank_species', BREEDING, MARQUETTE, species=()))
q('h10', 'teacher', (), "What share of the Lower Peninsula's cells has an occurrence of at least 0.2 in late April?", R('occurrence', 'cells_above', M(4, 'late'), LP, threshold=0.2))
q('h11', 'birder', (), 'How many weeks is the UP average at or above 75% of its peak?', R('abundance', 'length_of_stay', None, UP, threshold=0.75, of='peak_share'))
q('h12', 'data', (), 'Where are the 3 lowest cells for abundance in spring migration?', R('abundance', 'where_lowest', SPRING, top_n=3))

# --- follow-up chains (context = the earlier turns of the same conversation) --------------------
q('c01', 'birder', ('casual',), 'what about winter then?', R('abundance', 'when_highest', NONBREEDING), context=['When is the sapsucker most common in Michigan?'])
q('c02', 'birder', (), 'what about the Upper Peninsula?', R('abundance', 'where_highest', BREEDING, UP), context=['Where are sapsuckers most abundant in the breeding season?'])
q('c03', 'data', ('casual',), 'and above 0.25?', R('abundance', 'cells_above', WK(16), threshold=0.25), context=['How many cells have an abundance of at least 0.5 in week 16?'])
q('c04', 'teacher', ('casual',), 'ok and where is it increasing fastest?', R('trend', 'where_highest', None, MI), context=['Is the breeding population declining in Michigan?'])
q('c05', 'birder', ('casual',), 'and in the UP?', R('abundance', 'first_week_above', None, UP), context=['When do sapsuckers arrive in the Lower Peninsula?'])
q('c06', 'visitor', ('casual',), 'how many weeks is that?', R('abundance', 'length_of_stay', None, GRAND_RAPIDS), context=['When do sapsuckers arrive near Grand Rapids?', 'and when do they leave?'])
q('c07', 'visitor', ('casual',), 'and in June?', R('occurrence', 'value', M(6), MARQUETTE), context=["What's the chance of seeing a sapsucker near Marquette in May?"])
q('c08', 'visitor', ('casual',), 'what about near Detroit?', R('occurrence', 'value', M(6), DETROIT), context=["What's the chance of seeing a sapsucker near Marquette in May?", 'and in June?'])
q('c09', 'teacher', ('casual',), 'in square miles please', R('range_area', 'value', BREEDING, units='mi2'), context=['How big is the breeding range?'])
q('c10', 'teacher', ('casual',), 'and in acres?', R('range_area', 'value', NONBREEDING, units='acres'), context=['How big is the winter range in km²?'])
q('c11', 'data', ('casual',), 'and in hectares?', R('range_area', 'value', NONBREEDING, units='hectares'), context=['How big is the breeding range?', 'and the winter range?'])
q('c12', 'teacher', (), 'and during fall migration?', R('abundance', 'centre', FALL), context=['Where is the centre of the sapsucker population in the breeding season?'])
q('c13', 'teacher', (), 'and in spring migration?', R('proportion_population', 'value', SPRING, MI), context=['What share of the population is in Michigan in the breeding season?'])
q('c14', 'birder', ('casual',), 'and the biggest drop?', R('abundance', 'biggest_drop'), context=['When is the biggest weekly rise in sapsucker abundance?'])
q('c15', 'data', ('casual',), 'only in the Upper Peninsula?', R('abundance', 'biggest_rise', None, UP), context=['When is the biggest weekly rise in sapsucker abundance?'])
q('c16', 'visitor', ('casual',), 'and on Labor Day?', R('abundance', 'where_highest', LABOR), context=['Where are sapsuckers most abundant on July 4?'])
q('c17', 'data', ('casual',), 'and week 30?', R('occurrence', 'value', WK(30), MI), context=['How likely is a sapsucker statewide in week 20?'])
q('c18', 'data', ('casual',), 'which of the two is higher?', R('occurrence', 'which_larger', None, MI, times=[WK(20), WK(30)]), context=['How likely is a sapsucker statewide in week 20?', 'and week 30?'])
q('c19', 'data', (), 'compare that with the Lower Peninsula', R('abundance', 'value', BREEDING, places=[UP, LP]), context=['Mean abundance in the Upper Peninsula in the breeding season?'])
q('c20', 'teacher', ('casual',), 'and in the Lower Peninsula?', R('trend', 'value', None, LP), context=['Is the sapsucker trend negative in the Upper Peninsula?'])
q('c21', 'teacher', ('casual',), 'how many cells decline there?', R('trend', 'value', None, LP), context=['Is the sapsucker trend negative in the Upper Peninsula?', 'and in the Lower Peninsula?'], pick=['cells_negative', 'cells'])
q('c22', 'birder', (), 'and the chance of seeing one, when does that peak?', R('occurrence', 'when_highest', None, TRAVERSE), context=['When does sapsucker abundance peak near Traverse City?'])
q('c23', 'birder', ('casual',), 'and in northern Michigan?', R('abundance', 'length_of_stay', None, NORTH), context=['How many weeks do sapsuckers stay in southern Michigan?'])
q('c24', 'data', ('casual',), 'just the top 3 in the UP', R('abundance', 'where_highest', M(5), UP, top_n=3), context=['Top 5 cells for sapsuckers in May'])
q('c25', 'data', (), 'and with a threshold of 0.1?', R('abundance', 'last_week_above', threshold=0.1), context=['When do the sapsuckers leave Michigan?'])
q('c26', 'birder', (), 'and in the breeding season?', R('count', 'value', BREEDING), context=["What's the average count per checklist when a sapsucker is seen in May?"])
q('c27', 'teacher', ('casual',), 'and in August?', R('abundance', 'centre', M(8)), context=['Where is the population centre in April?'])
q('c28', 'data', ('casual',), 'ok and in June?', R('occurrence', 'cells_above', M(6), UP, threshold=0.3), context=['How many cells have an occurrence of at least 0.3 in May?', 'and in the UP only?'])
q('c29', 'birder', (), 'what about the chance of detection there?', R('occurrence', 'when_highest', None, LANSING), context=['When do sapsuckers peak near Houghton?', 'and near Lansing?'])
q('c30', 'data', ('casual',), 'with the 80% interval please', R('abundance', 'value', M(5, 'mid'), SAULT, interval=True), context=["What's the mean abundance near Sault Ste. Marie in mid-May?"])
q('c31', 'birder', (), 'and in the Upper Peninsula during the breeding season?', R('abundance', 'when_lowest', BREEDING, UP), context=['Which week has the lowest sapsucker abundance?'])
q('c32', 'visitor', ('casual',), 'and around Christmas?', R('occurrence', 'value', CHRISTMAS, TRAVERSE), context=['Any sapsuckers near Traverse City at Thanksgiving?', 'what about Halloween?'])
q('c33', 'birder', ('casual',), 'and in the Lower Peninsula?', R('abundance', 'length_of_stay', None, LP), context=['When do sapsuckers arrive in the UP?', 'and when do they leave?', 'so how many weeks is that?'])
q('c34', 'teacher', (), 'and what share of the cells is that?', R('occurrence', 'cells_above', BREEDING, NORTH, threshold=0.3), context=['How likely is a sapsucker in northern Michigan in the breeding season?', 'how many cells there are at 0.3 or more?', 'same, but for the breeding season only'])

# --- what the data cannot answer ----------------------------------------------------------------
SPECIES_ONLY = 'The data holds one species, the Yellow-bellied Sapsucker'
out('o01', 'birder', (), 'species', 'When do American Robins arrive in Michigan?', f'{SPECIES_ONLY}; it has nothing on American Robins.', 'American Robin is not in the data.')
out('o02', 'birder', (), 'species', 'Where are Downy Woodpeckers most common in the UP?', f'{SPECIES_ONLY}; Downy Woodpecker is not in it.', 'Downy Woodpecker is not in the data.')
out('o03', 'teacher', (), 'species', 'Is the Red-headed Woodpecker declining in Michigan?', f'{SPECIES_ONLY}; there is no Red-headed Woodpecker trend here.', 'Red-headed Woodpecker is not in the data.')
out('o04', 'visitor', ('casual',), 'species', 'how common are blue jays near lansing in may', f'{SPECIES_ONLY}; Blue Jays are not in it.', 'Blue Jay is not in the data.')
out('o05', 'birder', (), 'species', 'When does the Ruby-throated Hummingbird leave Michigan?', f'{SPECIES_ONLY}; no hummingbird data.', 'Ruby-throated Hummingbird is not in the data.')
out('o06', 'visitor', (), 'species', "Where can I see a Kirtland's Warbler?", f"{SPECIES_ONLY}; Kirtland's Warbler is not in it.", "Kirtland's Warbler is not in the data.")
out('o07', 'birder', ('casual',), 'species', 'chance of a red-naped sapsucker near marquette', f'{SPECIES_ONLY}; the Red-naped Sapsucker (a different species) is not in it.', 'Red-naped Sapsucker is another species, not in the data.')
out('o08', 'birder', (), 'place', 'When do sapsuckers arrive in Wisconsin?', 'The data is masked to Michigan, so it cannot say anything about Wisconsin.', 'Wisconsin is outside the Michigan mask.')
out('o09', 'visitor', (), 'place', 'Where are Yellow-bellied Sapsuckers in Ohio in April?', 'The data covers only Michigan; Ohio is outside it.', 'Ohio is outside the Michigan mask.')
out('o10', 'teacher', (), 'place', 'How common are sapsuckers in Ontario in the breeding season?', 'The data covers only Michigan; Ontario is outside it.', 'Ontario is outside the Michigan mask.')
out('o11', 'visitor', ('casual',), 'place', "What's the chance of seeing a sapsucker near Toronto in May?", 'Toronto is outside the data, which covers only Michigan.', 'Toronto is outside the Michigan mask.')
out('o12', 'teacher', (), 'place', 'Is the sapsucker population in Minnesota increasing?', 'The trends here cover only Michigan; nothing on Minnesota.', 'Minnesota is outside the Michigan mask.')
out('o13', 'birder', (), 'place', 'When do sapsuckers reach Indiana?', 'The data is masked to Michigan; Indiana is outside it.', 'Indiana is outside the Michigan mask.')
out('o14', 'visitor', (), 'place', 'Where are sapsuckers in New York in June?', 'The data covers only Michigan; New York is outside it.', 'New York is outside the Michigan mask.')
out('o15', 'teacher', (), 'year', 'Where were sapsuckers in Michigan in 1995?', 'The weekly estimates are for 2023 only (trends 2012–2022); nothing for 1995.', '1995 is outside the 2023 release and the 2012–2022 trends.')
out('o16', 'data', (), 'year', 'What will the sapsucker trend be in 2030?', 'The trends cover 2012–2022; the data makes no forecast for 2030.', '2030 is outside the data.')
out('o17', 'birder', (), 'year', 'When did sapsuckers arrive in Michigan in 2019?', 'The weekly estimates are for the 2023 release only; 2019 is not in them.', '2019 is not a status year of the release.')
out('o18', 'teacher', (), 'year', 'Where were the sapsuckers near Marquette in 1980?', 'The data has no estimates for 1980 (weekly estimates 2023, trends 2012–2022).', '1980 is outside the data.')
out('o19', 'data', (), 'year', 'What was the breeding range in 2005?', 'The range polygons are for 2023 only; nothing for 2005.', '2005 is outside the release.')
out('o20', 'data', ('precise',), 'year', 'Is the sapsucker trend from 2000 to 2010 positive?', 'The trends cover 2012–2022 only; 2000–2010 is not in the data.', '2000–2010 is outside the 2012–2022 trend window.')
out('o21', 'visitor', ('casual',), 'head_count', 'how many sapsuckers live in Michigan?', 'eBird Status & Trends gives relative abundance (expected count on a checklist), not head counts, so it cannot say how many birds live there.', 'S&T has no head counts.')
out('o22', 'teacher', (), 'head_count', 'What is the total number of Yellow-bellied Sapsuckers in the Upper Peninsula?', 'The data holds relative abundance, an index, not a number of birds.', 'S&T has no head counts.')
out('o23', 'visitor', ('casual',), 'head_count', 'how many sapsuckers are there in the world', 'The data holds relative abundance in Michigan, not a population size.', 'S&T has no head counts.')
out('o24', 'birder', (), 'head_count', 'Roughly how many individual sapsuckers breed near Grand Rapids?', 'Relative abundance is an index per checklist; the data cannot count individual birds.', 'S&T has no head counts.')
out('o25', 'teacher', (), 'head_count', "What's the sapsucker population size in Michigan in winter?", 'The data has no population sizes, only relative abundance and shares.', 'S&T has no head counts.')
out('o26', 'visitor', ('casual',), 'topic', 'What do sapsuckers eat?', 'The data is about where and when sapsuckers are, not what they eat.', 'Diet is not in the data.')
out('o27', 'teacher', (), 'topic', 'What colour are Yellow-bellied Sapsucker eggs?', 'The data has nothing on eggs or plumage; it answers where and when.', 'Eggs are not in the data.')
out('o28', 'birder', (), 'topic', 'How do I tell a sapsucker from a Downy Woodpecker?', 'Identification is not in the data; it answers where and when sapsuckers are.', 'Identification is not in the data.')
out('o29', 'visitor', (), 'topic', "What does a sapsucker's drumming sound like?", 'The data has no sounds; it answers where and when sapsuckers are.', 'Sounds are not in the data.')
out('o30', 'teacher', (), 'topic', 'How long do sapsuckers live?', 'Lifespan is not in the data; it answers where and when sapsuckers are.', 'Lifespan is not in the data.')
out('o31', 'teacher', ('casual',), 'topic', 'Why do sapsuckers drill rows of holes in trees?', 'Behaviour is not in the data; it answers where and when sapsuckers are.', 'Behaviour is not in the data.')
out('o32', 'visitor', (), 'topic', 'Is it legal to feed sapsuckers?', 'The data has nothing on law or feeding; it answers where and when sapsuckers are.', 'Not about where or when birds are.')
out('o33', 'visitor', ('casual',), 'topic', "What's the weather in Marquette tomorrow?", 'The data has no weather; it answers where and when sapsuckers are.', 'Not about birds.')
