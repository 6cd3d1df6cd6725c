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
  // A fixed window (Bucket4j's, many gateways') may restart within the burst, and the count with it: the
  // 429 is then due up to a limit later. X-RateLimit-Remaining jumping up by over half the limit shows it,
  // once (a burst spans at most two windows; smaller rises are other counters, a load balancer's nodes, whose
  // sum past the limit is a defect). Without the header the burst goes on as far as a restart at its worst
  // moment could push the 429, two limits and ten: never further.
  const ceiling = 2 * limit + 10;
  let last = ceiling;
  let left: number | undefined;
  let restarted = false;
  for (let n = 1; n <= last; n++) {
    // The first call waits out a 429 as every call of the run does: a quota the run's earlier calls spent
    // before this check began is not this check's finding. From there on, the 429 is what it looks for.
    const out = await run.call('getProfile', { auth: { bearer: token }, body: {}, allow429: n > 1 });
    if (out.fault)
      return [{ operationId: 'getProfile', message: `call ${n}: ${out.fault.message}`, severity: 'error' }];
    if (out.status !== 429) {
      const now = remainingOf(out.headers['x-ratelimit-remaining'], limit);
      if (now === undefined) continue;
      const restart: boolean = !restarted && left !== undefined && now - left > limit / 2;
      if (n === 1 || restart) {
        // The count is known (the first answer) or restarted: the 429 is due after what it leaves.
        restarted ||= restart;
        due = n + now + 1;
        last = Math.min(ceiling, Math.max(due + 9, limit + 10));
      }
      left = now;
      continue;
    }
    return [...run.conform('getProfile', out, [429]), ...throttleHeaders(out.headers), ...early(n, due, limit)];
  }
  return [
    {
      operationId: 'getProfile',
      message: `no 429 after ${last} calls in a row; the documented limit is ${limit} ${per}`,
      expected: '429',
      actual: 'all answered',
      severity: 'error',
    },
  ];
}

/** The throttle's headers a 429 lacks (x-assumed: Laravel's throttle gives them). */
function throttleHeaders(headers: Record<string, string | undefined>): Finding[] {
  return THROTTLE_HEADERS.filter((h) => !headers[h.toLowerCase()]).map((header) =>
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
}

/** A 429 at call n before the call due: the quota is shared with more than this check's calls (x-rate-limit-key). */
function early(n: number, due: number, limit: number): Finding[] {
  if (n >= due) return [];
  return [
    resting(
      {
        operationId: 'getProfile',
        status: 429,
        message:
          due === limit + 1
            ? `429 came at call ${n}, within the documented ${limit} (the quota may be shared with earlier calls)`
            : `429 came at call ${n}, before the ${due - 1} calls X-RateLimit-Remaining left`,
        expected: `call ${due}`,
        actual: `call ${n}`,
      },
      RATE_LIMIT_KEY,
    ),
  ];
}

/** The calls an answer's X-RateLimit-Remaining leaves, when it says so plainly (an integer within the limit). */
function remainingOf(remaining: string | undefined, limit: number): number | undefined {
  const left = Number(remaining);
  return remaining !== undefined && remaining.trim() !== '' && Number.isInteger(left) && left >= 0 && left < limit
    ? left
    : undefined;
}
