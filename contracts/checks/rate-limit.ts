// --check-rate-limit (it spends the quota): past the documented limit, 429 in
// the documented shape. Runs last, on a session of its own when it can.
import type { CheckRun } from '../check-run.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';

/** The 429's headers and whose budget a call spends are x-assumed (Laravel's throttle; section 8 gives only the limit). */
const HEADERS = '/components/responses/TooManyRequests/headers';
const THROTTLE_HEADERS = ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'];
const RATE_LIMIT_KEY = '/x-rate-limit-key';

import { signIn } from './kit.js';

export async function rateLimitCheck(s: Session): Promise<void> {
  const { requests: limit, windowSeconds } = s.ctx.facts.rateLimit;
  const per = windowSeconds === 60 ? 'a minute' : `in ${windowSeconds} s`;
  const spec = {
    id: 'rate-limit:getProfile',
    group: 'rate-limit' as const,
    operationId: 'getProfile',
    title: `the call past ${limit} ${per} answers 429`,
    shows: [...THROTTLE_HEADERS.map((h) => `${HEADERS}/${h}`), RATE_LIMIT_KEY],
  };
  if (!s.ctx.checkRateLimit) {
    s.skip(spec, 'spends the quota; --check-rate-limit runs it');
    return;
  }
  await s.check(spec, (run) => pastTheLimit(run, limit, per));
}

/** Calls the profile until the 429 comes (on a fresh session when the run signed in with a password). */
async function pastTheLimit(run: CheckRun, limit: number, per: string): Promise<Finding[]> {
  let token = run.token;
  const { email, password } = run.ctx.credentials;
  if (email && password) token = (await signIn(run, email, password, { allow429: true })).token ?? token;
  // The call that should meet the 429. The quota is the user's (x-rate-limit-key), so the
  // run's earlier calls in this window count: the first answer's X-RateLimit-Remaining says how many.
  let due = limit + 1;
  for (let n = 1; n <= limit + 10; n++) {
    // The first call waits out a 429 as every call of the run does: a quota the run's earlier calls spent
    // before this check began is not this check's finding. From there on, the 429 is what it looks for.
    const out = await run.call('getProfile', { auth: { bearer: token }, body: {}, allow429: n > 1 });
    if (out.fault)
      return [{ operationId: 'getProfile', message: `call ${n}: ${out.fault.message}`, severity: 'error' }];
    if (n === 1 && out.status !== 429) due = dueAfter(out.headers['x-ratelimit-remaining'], limit);
    if (out.status !== 429) continue;
    const problems: Finding[] = run.conform('getProfile', out, [429]);
    for (const header of THROTTLE_HEADERS)
      if (!out.headers[header.toLowerCase()])
        problems.push(
          resting(
            {
              operationId: 'getProfile',
              status: 429,
              message: `the 429 has no ${header} header`,
              expected: header,
              actual: 'none',
            },
            `${HEADERS}/${header}`,
          ),
        );
    if (n < due)
      problems.push(
        resting(
          {
            operationId: 'getProfile',
            status: 429,
            message:
              due === limit + 1
                ? `429 came at call ${n}, within the documented ${limit} (the quota may be shared with earlier calls)`
                : `429 came at call ${n}, before the ${due - 1} calls the first answer's X-RateLimit-Remaining left`,
            expected: `call ${due}`,
            actual: `call ${n}`,
          },
          RATE_LIMIT_KEY,
        ),
      );
    return problems;
  }
  return [
    {
      operationId: 'getProfile',
      message: `no 429 after ${limit + 10} calls in a row; the documented limit is ${limit} ${per}`,
      expected: '429',
      actual: 'all answered',
      severity: 'error',
    },
  ];
}

/** The call due for the 429, given the first call's X-RateLimit-Remaining: the limit's next without one. */
function dueAfter(remaining: string | undefined, limit: number): number {
  const left = Number(remaining);
  return remaining !== undefined && Number.isInteger(left) && left >= 0 && left < limit ? left + 2 : limit + 1;
}
