import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryFrameSchema } from '../../frame/query-frame';
import { createOfflineConversation, createOfflineModel } from './create-offline-model';
import { type Driven, drive, peakResult, world } from './test-support/offline-world';

const clock = () => ({ today: '2026-06-15' });
const start = () => createOfflineConversation({}, clock);
const statusCalls = (calls: Driven['calls']) =>
  calls.filter((call) => call.name === 'query_status').map((call) => call.arguments);

describe('createOfflineModel', () => {
  it('is the offline adapter: no network, id offline', () => {
    expect(createOfflineModel()).toMatchObject({ id: 'offline', needsNetwork: false });
  });

  it("reads the data's names once (one step: names and four pages of towns), then asks query_status with a valid frame and writes only the tool's figures", async () => {
    const { answer, calls } = await drive(
      start(),
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      world(),
    );
    expect(calls.slice(0, 5)).toEqual([
      { name: 'data_vocabulary', arguments: { part: 'names' } },
      ...[0, 1, 2, 3].map((page) => ({ name: 'data_vocabulary', arguments: { part: 'places', page } })),
    ]);
    const [frame] = statusCalls(calls);
    expect(queryFrameSchema.parse(frame)).toEqual(frame);
    expect(frame).toMatchObject({ species: ['yebsap'], measure: 'abundance', operation: 'when_highest' });
    expect(answer).toMatch(/^I read this as: relative abundance · when highest · test time · Michigan\./);
    expect(answer).toContain('0.432');
    expect(answer).toContain('2023-05-17');
    expect(answer).toContain('- CAVEAT FROM THE TOOL');
  });

  it('the first reply carries the reading, once', async () => {
    const { replies } = await drive(
      start(),
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      world(),
    );
    const withReading = replies.filter((reply) => reply.reading);
    expect(withReading).toHaveLength(1);
    expect(withReading[0]!.reading!.frame).toMatchObject({ operation: 'when_highest' });
    expect(withReading[0]!.reading!.names).toMatchObject({ yebsap: 'Yellow-bellied Sapsucker' });
  });

  it('a follow-up keeps every part it does not name, asks no vocabulary again, and says each caveat once', async () => {
    const conversation = start();
    await drive(
      conversation,
      'Where is the Yellow-bellied Sapsucker most common in the Upper Peninsula in June?',
      world(),
    );
    const { calls, answer } = await drive(conversation, 'and in winter?', world());
    expect(calls.map((call) => call.name)).toEqual(['query_status']);
    expect(calls[0]!.arguments).toMatchObject({
      species: ['yebsap'],
      operation: 'where_highest',
      places: [{ kind: 'part', part: 'upper_peninsula' }],
      times: [{ kind: 'season', season: 'nonbreeding' }],
    });
    // A method caveat lives under Details in every answer; it is never said in the text.
    const [body, details] = answer.split('\n\nDetails:\n');
    expect(body).not.toContain('CAVEAT FROM THE TOOL');
    expect(details).toContain('- CAVEAT FROM THE TOOL');
  });

  it('a caveat about what the data covers is said in the first answer, and under Details in follow-ups', async () => {
    const mask = 'The Yellow-bellied Sapsucker data is masked to Michigan: figures are for its cells only.';
    const handlers = world({ status: (frame) => ({ ...peakResult(frame), caveats: [mask] }) });
    const conversation = start();
    const first = await drive(
      conversation,
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      handlers,
    );
    const second = await drive(conversation, 'and in the Upper Peninsula?', handlers);
    expect(first.answer.split('\n\nDetails:')[0]).toContain(mask);
    expect(second.answer.split('\n\nDetails:')[0]).not.toContain(mask);
    expect(second.answer.split('\n\nDetails:\n')[1]).toContain(`- ${mask}`);
  });

  it('a species the data does not hold is said plainly, with what it holds, and no figure is computed', async () => {
    const { answer, calls } = await drive(start(), 'When do American Robins arrive in Michigan?', world());
    expect(statusCalls(calls)).toEqual([]);
    expect(answer).toContain('only the Yellow-bellied Sapsucker (yebsap)');
  });

  it('a place outside the mask is refused with the mask named, and no figure is computed', async () => {
    const { answer, calls } = await drive(start(), 'Where are sapsuckers in Wisconsin in May?', world());
    expect(statusCalls(calls)).toEqual([]);
    expect(answer).toContain('masked to Michigan');
    expect(answer).toContain('Wisconsin');
  });

  it('a head count is refused and the share of the population is offered', async () => {
    const { answer, calls } = await drive(start(), 'How many sapsuckers live in Michigan?', world());
    expect(statusCalls(calls)).toEqual([]);
    expect(answer).toContain('does not count birds');
    expect(answer).toContain('share of the whole population');
  });

  it('words it did not understand are named as such, not blamed on the species', async () => {
    const { answer } = await drive(start(), 'When do sapsuckers peak in my backyard?', world());
    expect(answer).toContain("I did not understand 'backyard'");
    expect(answer).not.toMatch(/no species matching/);
  });

  it('a tool failure (not_covered) is said with its message and no invented figure', async () => {
    const handlers = world({
      status: () => ({
        error: {
          code: 'not_covered',
          message: 'not_covered: the data has no modelled cells near that place.',
        },
      }),
    });
    const { answer } = await drive(
      start(),
      'When does the Yellow-bellied Sapsucker peak near Detroit?',
      handlers,
    );
    expect(answer).toContain('the data has no modelled cells near that place.');
    expect(answer).not.toContain('0.432');
  });

  it('an edited frame (a reading chip) is answered as sent, without reading the text', async () => {
    const frame = {
      species: ['yebsap'],
      measure: 'occurrence',
      operation: 'value',
      times: [{ kind: 'season', season: 'breeding' }],
      places: [],
    };
    const { calls } = await drive(start(), 'chance of detection · mean · breeding season', world(), frame);
    expect(statusCalls(calls)).toEqual([frame]);
  });

  it('a date that reads two ways is answered the US way, and the other reading is offered, not asked', async () => {
    const { calls, answer } = await drive(start(), 'Where is the sapsucker on 6/7?', world());
    expect(calls.find((call) => call.name === 'ask_user')).toBeUndefined();
    expect(statusCalls(calls)[0]).toMatchObject({ times: [{ kind: 'weeks', from: 23, to: 23 }] });
    expect(answer).toContain('I could also read your question as');
    expect(answer).toContain('July 6');
  });

  it('several species and none named asks back with the species as options; "2" answers the second', async () => {
    const species = [
      { code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius' },
      { code: 'rebwoo', common_name: 'Red-bellied Woodpecker', scientific_name: 'Melanerpes carolinus' },
    ];
    const conversation = start();
    const first = await drive(conversation, 'When do they arrive?', world({ species }));
    const ask = first.calls.find((call) => call.name === 'ask_user');
    expect(ask!.arguments.options).toEqual(
      expect.arrayContaining(['Yellow-bellied Sapsucker', 'Red-bellied Woodpecker']),
    );
    const second = await drive(conversation, '2', world({ species }));
    const options = z.array(z.string()).parse(ask!.arguments.options);
    const picked = species.find((entry) => entry.common_name === options[1])!;
    expect(statusCalls(second.calls)[0]).toMatchObject({
      species: [picked.code],
      operation: 'first_week_above',
    });
  });

  it('a simulated species is called simulated before any figure', async () => {
    const species = [
      { code: 'simwar', common_name: 'Simulated Warbler', scientific_name: 'Fictus one', simulated: true },
    ];
    const { answer } = await drive(
      start(),
      'When does the Simulated Warbler peak?',
      world({
        species,
        status: (frame) => ({
          ...peakResult(frame),
          subjects: peakResult(frame).subjects.map((subject) => ({
            ...subject,
            species_code: 'simwar',
            common_name: 'Simulated Warbler',
          })),
        }),
      }),
    );
    expect(answer).toMatch(/^Simulated data: Simulated Warbler is a fictional species/);
  });

  it('a question with nothing to compute gets what the reader can read, and makes no status call', async () => {
    const { answer, calls } = await drive(start(), 'Tell me a joke', world());
    expect(statusCalls(calls)).toEqual([]);
    expect(answer).toContain('I read a question as parts');
  });

  it('"Add the dataset at <url> as <name>" proposes add_dataset_from_url with exactly those arguments', async () => {
    const handlers = {
      ...world(),
      add_dataset_from_url: () => ({ error: { code: 'proposed', message: 'proposed: needs approval' } }),
    };
    const { answer, calls } = await drive(
      start(),
      'Add the dataset at http://127.0.0.1:8123/data/Extra.csv as My_Counts',
      handlers,
    );
    expect(calls).toEqual([
      {
        name: 'add_dataset_from_url',
        arguments: { url: 'http://127.0.0.1:8123/data/Extra.csv', name: 'my_counts' },
      },
    ]);
    expect(answer).toContain('Nothing has been fetched yet');
  });

  it('"now" is read from the visitor\'s clock', async () => {
    const { calls } = await drive(
      createOfflineConversation({}, () => ({ today: '2026-06-15' })),
      'Where are sapsuckers right now?',
      world(),
    );
    const [frame] = statusCalls(calls);
    const weeks = queryFrameSchema.parse(frame).times[0];
    // 15 June is nearest to week 24 (14 June in the release year).
    expect(weeks).toMatchObject({ kind: 'weeks', from: 24, to: 24 });
  });
});

describe('createOfflineModel when the names cannot be read', () => {
  /** A world whose data_vocabulary 'names' call times out the first `failures` times. */
  function flakyNames(failures: number) {
    const base = world();
    let left = failures;
    return {
      ...base,
      data_vocabulary: (args: Record<string, unknown>) => {
        if (args.part === 'names' && left > 0) {
          left--;
          return { error: { code: 'timeout', message: 'timeout: data_vocabulary took longer than 20 s' } };
        }
        return base.data_vocabulary!(args);
      },
    } as typeof base;
  }

  it('asks for the names once more and answers when the second read works', async () => {
    const { answer, calls } = await drive(
      start(),
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      flakyNames(1),
    );
    expect(calls.filter((call) => call.arguments.part === 'names')).toHaveLength(2);
    expect(answer).toContain('0.432');
  });

  it('says the names could not be read — not that the data holds no species — and asks again next time', async () => {
    const conversation = start();
    const first = await drive(
      conversation,
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      flakyNames(2),
    );
    expect(first.answer).toMatch(/^I could not read the names in this data just now \(timeout: /);
    expect(first.answer).not.toMatch(/no species/);
    const second = await drive(
      conversation,
      'When does the Yellow-bellied Sapsucker peak in Michigan?',
      world(),
    );
    expect(second.calls[0]).toEqual({ name: 'data_vocabulary', arguments: { part: 'names' } });
    expect(second.answer).toContain('0.432');
  });
});
