/** The honest reply to a question the offline agent cannot read. */
export function capabilitiesReply(question: string): string {
  return [
    `I am the offline agent: I answer a fixed set of question types without a language model, and I could not read "${question.trim()}" as one of them.`,
    'I can answer:',
    '- where a species is, in a week, on a date, in a month or a season, optionally in a region ("Where is the Yellow-bellied Sapsucker in May?")',
    '- when it arrives, peaks or leaves ("When does it peak in Michigan?")',
    '- how likely you are to see it ("How likely am I to see it in Michigan in April?")',
    '- a comparison of two species ("Compare X and Y in June")',
    '- which regions hold the most of it ("Which states hold the most in the breeding season?")',
    '- whether it is increasing or decreasing, how big its range is, in which season it is most common',
    '- what data there is ("What data is there?")',
    '- adding a CSV or parquet file from a URL as a table, after you approve it ("Add the dataset at https://example.org/counts.csv as my_counts")',
    'Follow-ups such as "and in winter?" keep the species and region of the previous question. For anything else, use Gemini or an OpenAI-compatible model in the settings.',
  ].join('\n');
}
