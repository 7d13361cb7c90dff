/** The honest reply to a question the offline agent could not read at all, with what it can read. */
export function capabilitiesReply(question: string): string {
  return [
    `I am the offline agent: I read questions without a language model, and I could not find what to compute in "${question.trim()}".`,
    'I read a question as parts — a measure (abundance, chance of seeing it, share of the population, range size, trend), what to do with it (when or where it is highest, when it arrives or leaves, how long it stays, how many places are above a level, compare two times, places or species), a time (a week, a date, "mid-June", a month, a season, a holiday, "now") and a place (a state, "the Upper Peninsula", "near Marquette").',
    'For example: "When do sapsuckers reach Michigan?", "Where are they most common in the breeding season?", "How likely am I to see one near Traverse City in early May?", "Is the population increasing?", "What data do you have?"',
    'Follow-ups such as "and in winter?" or "what about the Upper Peninsula?" keep everything else of the previous question. For questions of another kind, choose Gemini or an OpenAI-compatible model in Settings.',
  ].join('\n\n');
}
