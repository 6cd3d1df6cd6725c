// Why an x-assumed point may be left "not observed", and what would show it:
// a flag a run lacks, or why no request the suite may send can show it. A point
// a check shows (CheckSpec.shows) takes the reason from that check when it is
// skipped; this table covers the rest. test/contracts/ledger-points.test.ts
// requires every x-assumed node of the spec to be shown confirmed against the
// mock or to be listed here, so that a new one without either fails.

export const NOT_OBSERVED: Record<string, string> = {
  '/x-sessions':
    "not observable within a run's request budget: it takes 101 sign-ins of one account, and the 101st would end one of its sessions (perhaps the run's own)",
  '/paths/~1countries~1index/post/responses/500':
    'not observable by a request: only a deployment that cannot read its country list answers it',
  '/components/schemas/SignUpRequest':
    'not probed: an accepted sign-up makes an account that no operation of the API deletes, even with --allow-writes',
  '/components/schemas/ResetPasswordRequest':
    'not observable by a request: a reset needs the token of the e-mail the deployment sends, which the run cannot read',
};

/** The generic reason, for a point the run could have shown and did not. */
export const NO_ANSWER_SHOWED = 'no answer of this run showed it';

export const unobservedWhy = (id: string): string => NOT_OBSERVED[id] ?? NO_ANSWER_SHOWED;
