/**
 * The words of one intake section's record lifecycle (intake §2, §8), built from its noun and section name:
 * `{ noun: 'Child', section: 'Children' }` gives 'New Child', 'Child Added', 'Would you like to add another
 * child?', 'Finished With Children', 'Child Updated', 'Remove Child?' and 'Are you sure you would like to
 * remove this child?'. The spec's exceptions ('Successor Trustees Updated') are overrides.
 */
export type RecordTextsConfig = {
  /** The record's name in titles: 'Child', 'Retirement Account', 'General PoA'. */
  noun: string;
  /** The section's name: 'Children' ('Finished With Children'). */
  section: string;
  /** The noun inside sentences; default: the noun with its capitalised words lower-cased ('general PoA'). */
  nounInSentence?: string;
  newTitle?: string;
  editTitle?: string;
  added?: string;
  addAnother?: string;
  finished?: string;
  updated?: string;
  removeTitle?: string;
  removeMessage?: string;
};

export type RecordTexts = Required<Omit<RecordTextsConfig, 'nounInSentence'>>;

/** Lower-cases words written as Capitalised ('Retirement Account' → 'retirement account'), keeping 'PoA', 'IRA'. */
export function nounInSentence(noun: string): string {
  return noun
    .split(' ')
    .map((word) => (/^\p{Lu}\p{Ll}*$/u.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/** Every text of the lifecycle, the overrides first. */
export function recordTexts(config: RecordTextsConfig): RecordTexts {
  const { noun, section } = config;
  const lower = config.nounInSentence ?? nounInSentence(noun);
  return {
    noun,
    section,
    newTitle: config.newTitle ?? `New ${noun}`,
    editTitle: config.editTitle ?? `Edit ${noun}`,
    added: config.added ?? `${noun} Added`,
    addAnother: config.addAnother ?? `Would you like to add another ${lower}?`,
    finished: config.finished ?? `Finished With ${section}`,
    updated: config.updated ?? `${noun} Updated`,
    removeTitle: config.removeTitle ?? `Remove ${noun}?`,
    removeMessage: config.removeMessage ?? `Are you sure you would like to remove this ${lower}?`,
  };
}
