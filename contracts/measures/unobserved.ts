// Why an x-assumed point may be left "not observed", and what would show it:
// a flag a run lacks, or why no request the suite may send can show it. A point
// a check shows (CheckSpec.shows) takes the reason from that check when it is
// skipped, one of a write operation the reason of its skipped write checks;
// this table covers the rest. A reason that starts with "needs" names a flag
// that shows the point; any other says why no run shows it.
// test/contracts/ledger-points.test.ts requires every x-assumed node of the
// spec to be shown confirmed against the mock (with every flag) or to be
// listed here as never shown, so that a new one without either fails.

export const NOT_OBSERVED: Record<string, string> = {
  '/x-sessions':
    "not observable within a run's request budget: it takes 101 sign-ins of one account, and the 101st would end one of its sessions (perhaps the run's own)",
  '/paths/~1countries~1index/post/responses/500':
    'not observable by a request: only a deployment that cannot read its country list answers it',
  '/paths/~1room~1get-by-client-id/post/x-no-rooms':
    'shown only by a client without rooms among the first page of client/list (every client of the mock has some)',
  // Shown by a run with the flag (the test requires it confirmed then).
  '/components/schemas/SignUpRequest':
    'needs --allow-writes without --password-account-email: only the password-change sequence signs an account up, for itself',
  '/x-situations/other-company-client':
    "not observable by a request: a run knows no client of another company (every list it reads is its own company's), and an id it does not know may as well be no client's",
  '/components/schemas/ResetPasswordRequest':
    'not observable by a request: a reset needs the token of the e-mail the deployment sends, which the run cannot read',
};

/** The generic reason, for a point the run could have shown and did not. */
export const NO_ANSWER_SHOWED = 'no answer of this run showed it';

/** A reason that names the flag that shows the point (not one no run can show). */
export const needsFlag = (why: string): boolean => why.startsWith('needs ');

export const unobservedWhy = (id: string): string => NOT_OBSERVED[id] ?? NO_ANSWER_SHOWED;
