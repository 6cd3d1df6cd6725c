// Why an x-assumed point may be left "not observed", and what would show it:
// a flag a run lacks, or why no request the suite may send can show it. A point
// a check shows (CheckSpec.shows) takes the reason from that check when it is
// skipped; this table covers the rest. test/contracts/ledger-points.test.ts
// requires every x-assumed node of the spec to be shown confirmed against the
// mock or to be listed here, so that a new one without either fails.

export const NOT_OBSERVED: Record<string, string> = {};

/** The generic reason, for a point the run could have shown and did not. */
export const NO_ANSWER_SHOWED = 'no answer of this run showed it';

export const unobservedWhy = (id: string): string => NOT_OBSERVED[id] ?? NO_ANSWER_SHOWED;
