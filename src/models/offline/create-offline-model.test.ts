import { describe, expect, it } from 'vitest';
import { createOfflineModel } from './create-offline-model';
import { drive, world } from './test-support/offline-world';

const start = () => createOfflineModel().startConversation({ system: '', tools: [] });

describe('createOfflineModel', () => {
  it('is the offline adapter: no network, id offline', () => {
    const model = createOfflineModel();
    expect(model).toMatchObject({ id: 'offline', needsNetwork: false });
  });

  it('a peak question resolves species and region through the tools and writes only tool figures and caveats', async () => {
    const { answer, calls } = await drive(start(), 'When does the Yellow-bellied Sapsucker peak in Michigan?', world());
    expect(calls.map((call) => call.name)).toEqual(['run_sql', 'run_sql', 'find_species', 'find_region', 'run_sql', 'weekly_series', 'add_map_layer']);
    expect(calls.at(-2)!.arguments).toEqual({ species: 'yebsap', region: 'USA-MI' });
    expect(answer).toContain('2023-05-17');
    expect(answer).toContain('0.4321');
    expect(answer).toContain('12.34');
    expect(answer).toContain('- CAVEAT FROM THE TOOL');
  });

  it('a region that is the whole prediction area is read as every modelled cell, and says so', async () => {
    const { answer, calls } = await drive(start(), 'When does the Yellow-bellied Sapsucker peak in Michigan?', world({ extentMatch: 0.99 }));
    expect(calls.at(-2)!.arguments).toEqual({ species: 'yebsap' });
    expect(calls.at(-1)!.arguments.sql).toBe("SELECT w.cell_id, w.week, w.abundance FROM weekly AS w WHERE w.species_code = 'yebsap' ORDER BY w.week, w.cell_id");
    expect(answer).toContain('masked to Michigan');
    expect(answer).toContain('all 100 modelled cells');
    expect(answer).toContain('5 of them');
  });

  it('no species named and one species in the data: answers for it and says so', async () => {
    const { answer, calls } = await drive(start(), 'When do they leave?', world());
    expect(calls.find((call) => call.name === 'weekly_series')!.arguments).toEqual({ species: 'yebsap' });
    expect(answer).toContain('the data holds exactly one, Yellow-bellied Sapsucker (yebsap)');
    expect(answer).toContain('2023-10-11');
  });

  it('no species named and several in the data: asks which with ask_user', async () => {
    const species = [
      { species_code: 'yebsap', common_name: 'Yellow-bellied Sapsucker', scientific_name: 'Sphyrapicus varius', simulated: false },
      { species_code: 'simwar', common_name: 'Simulated Warbler', scientific_name: 'Fictus one', simulated: true },
    ];
    const { calls } = await drive(start(), 'When do they leave?', world({ species }));
    expect(calls.at(-1)).toEqual({ name: 'ask_user', arguments: { question: 'Which species do you mean?', options: ['Yellow-bellied Sapsucker (yebsap)', 'Simulated Warbler (simwar)'] } });
  });

  it('an ambiguous region asks; the reply "2" continues the question with that region', async () => {
    const conversation = start();
    const first = await drive(conversation, 'When does the Yellow-bellied Sapsucker peak in Georgia?', world());
    expect(first.calls.at(-1)!.name).toBe('ask_user');
    expect(first.calls.at(-1)!.arguments.options).toEqual(['Georgia (GEO, a country)', 'Georgia (USA-GA, a state)']);
    const second = await drive(conversation, '2', world());
    expect(second.calls.find((call) => call.name === 'weekly_series')!.arguments).toEqual({ species: 'yebsap', region: 'USA-GA' });
    expect(second.answer).toContain('in Georgia');
  });

  it('a follow-up "and in winter?" keeps species, region and family, and narrows to the season', async () => {
    const conversation = start();
    await drive(conversation, 'When does the Yellow-bellied Sapsucker peak in Michigan?', world());
    const { answer, calls } = await drive(conversation, 'and in winter?', world());
    expect(calls.find((call) => call.name === 'weekly_series')!.arguments).toEqual({ species: 'yebsap', region: 'USA-MI' });
    expect(answer).toContain('Within the non-breeding season (winter)');
    expect(answer).toContain('2023-12-13');
    expect(answer).toContain('0.0456');
  });

  it('a timing answer adds one weekly layer of every cell in all 52 weeks, animated by week and coloured by abundance', async () => {
    const { answer, calls } = await drive(start(), 'When does the Yellow-bellied Sapsucker peak in Michigan?', world());
    const layer = calls.find((call) => call.name === 'add_map_layer')!;
    expect(layer.arguments).toEqual({
      sql: "SELECT w.cell_id, w.week, w.abundance FROM weekly AS w WHERE w.species_code = 'yebsap' AND w.state_code = 'USA-MI' ORDER BY w.week, w.cell_id",
      name: 'Yellow-bellied Sapsucker in Michigan: weekly abundance',
      color_by: 'abundance',
      time_column: 'week',
    });
    expect(answer).toContain('The map shows every cell in every week as the layer "Yellow-bellied Sapsucker in Michigan: weekly abundance"');
  });

  it('a follow-up does not add the same weekly layer again, and says the map already shows it', async () => {
    const conversation = start();
    await drive(conversation, 'When does the Yellow-bellied Sapsucker peak in Michigan?', world());
    const { answer, calls } = await drive(conversation, 'and in winter?', world());
    expect(calls.map((call) => call.name)).not.toContain('add_map_layer');
    expect(answer).toContain('The map already shows the layer');
  });

  it('a layer the tool refuses is said with its message, and the figures still stand', async () => {
    const handlers = { ...world(), add_map_layer: () => ({ error: { code: 'no_scope', message: 'no_scope: cells is not in this session.' } }) };
    const { answer } = await drive(start(), 'When does the Yellow-bellied Sapsucker peak?', handlers);
    expect(answer).toContain('The map layer could not be drawn: no_scope: cells is not in this session.');
    expect(answer).toContain('0.4321');
  });

  it('"Add the dataset at <url> as <name>" proposes add_dataset_from_url with exactly those arguments, and says nothing ran', async () => {
    const handlers = { ...world(), add_dataset_from_url: () => ({ error: { code: 'proposed', message: 'proposed: needs approval' } }) };
    const { answer, calls } = await drive(start(), 'Add the dataset at http://127.0.0.1:8123/data/Extra.csv as My_Counts', handlers);
    expect(calls).toEqual([{ name: 'add_dataset_from_url', arguments: { url: 'http://127.0.0.1:8123/data/Extra.csv', name: 'my_counts' } }]);
    expect(answer).toContain('Nothing has been fetched yet');
    expect(answer).toContain('Approvals tab');
  });

  it('an add request with no name takes the table name from the file name', async () => {
    const handlers = { ...world(), add_dataset_from_url: () => ({ error: { code: 'proposed', message: 'proposed' } }) };
    const { calls } = await drive(start(), 'Please load the data from https://example.org/files/2024-counts.csv.', handlers);
    expect(calls[0]!.arguments).toEqual({ url: 'https://example.org/files/2024-counts.csv', name: 'dataset_2024_counts' });
  });

  it('a question it cannot read gets the list of what it can do and makes no call', async () => {
    const { answer, calls } = await drive(start(), 'Tell me a joke', world());
    expect(calls).toEqual([]);
    expect(answer).toContain('I can answer:');
  });

  it('a species not in the data is said plainly, listing the species there are', async () => {
    const { answer, calls } = await drive(start(), 'When does the Red-naped Sapsucker peak?', world());
    expect(calls.some((call) => call.name === 'weekly_series')).toBe(false);
    expect(answer).toContain("no species matching 'red-naped sapsucker'");
    expect(answer).toContain('Yellow-bellied Sapsucker (yebsap)');
  });

  it('a simulated species is called simulated before any figure', async () => {
    const species = [{ species_code: 'simwar', common_name: 'Simulated Warbler', scientific_name: 'Fictus one', simulated: true }];
    const { answer } = await drive(start(), 'When does the Simulated Warbler peak?', world({ species }));
    expect(answer.startsWith('Simulated data:')).toBe(true);
  });

  it('a failing tool ends with its error message, not invented figures', async () => {
    const handlers = { ...world(), weekly_series: () => ({ error: { code: 'no_scope', message: 'no_scope: weekly is not in this session.' } }) };
    const { answer } = await drive(start(), 'When does the Yellow-bellied Sapsucker peak?', handlers);
    expect(answer).toContain('no_scope: weekly is not in this session.');
    expect(answer).not.toContain('0.4321');
  });
});
