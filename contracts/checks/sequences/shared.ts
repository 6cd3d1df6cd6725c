// What the sequence checks share: their specs, the reading of a client from a
// paged list with the exchange that showed it, sessions of their own, and
// findings that say at which step of a sequence they came. Sign-in and tokens
// are the checks' kit (checks/kit.ts).
import type { Outcome } from '../../../lib/http.js';
import type { CheckRun } from '../../check-run.js';
import type { CheckSpec } from '../../session.js';
import { type Finding, resting } from '../../types.js';

export type Client = Record<string, unknown> & { id: number };

/** A check of the sequences group; it runs when its subject operation is selected. */
export const sequence = (name: string, operationId: string, title: string): CheckSpec => ({
  id: `sequences:${name}`,
  group: 'sequences',
  operationId,
  title,
});

/** Says at which step of the sequence a finding came. */
export const during =
  (step: string) =>
  (f: Finding): Finding => ({ ...f, message: `${step}: ${f.message}` });

/** A finding the check made itself, shown with the exchange that showed it. */
export function found(
  run: CheckRun,
  out: Outcome | undefined,
  operationId: string,
  message: string,
  more: Partial<Finding> = {},
): Finding {
  return { operationId, message, severity: 'error', ...more, ...(out ? { reproduce: run.reproduce(out) } : {}) };
}

export const userIdOf = (out: Outcome): number | undefined => {
  const id = (out.body as { data?: { user?: { id?: unknown } } } | undefined)?.data?.user?.id;
  return typeof id === 'number' ? id : undefined;
};

/**
 * The credential must be refused: the documented 401. Accepting it (a 2xx) is
 * a violation even where the spec assumes the number 401, because the document
 * states that the token no longer works.
 */
export function refused(run: CheckRun, operationId: string, out: Outcome, step: string): Finding[] {
  const accepted = out.status !== undefined && out.status < 300;
  return run
    .conform(operationId, out, [401])
    .map((f) => (accepted && f.expected === '401' ? resting(f, undefined) : f))
    .map(during(step));
}

/** Ends a session the sequence opened for itself (tidy: errors here are the check's findings too). */
export async function logOut(run: CheckRun, token: string, step: string): Promise<Finding[]> {
  return run.conform('logout', await run.call('logout', { auth: { bearer: token }, body: {} })).map(during(step));
}

/**
 * Walks a paged client list (client/list or client/user_client) for one
 * client, checking every page; returns the client with the page that showed
 * it, or the last page read.
 */
export async function listed(
  run: CheckRun,
  operationId: 'listClients' | 'listCompanyClients',
  body: Record<string, unknown>,
  id: number,
): Promise<{ client?: Client; out?: Outcome; problems: Finding[] }> {
  let out: Outcome | undefined;
  for (let page = 1, last = 1; page <= last && page <= run.ctx.maxPages; page++) {
    out = await run.call(operationId, { body: { ...body, page } });
    const problems = run.conform(operationId, out);
    if (problems.length) return { out, problems };
    const env = (out.body as { data?: { data?: Client[]; last_page?: number } } | undefined)?.data;
    const client = env?.data?.find((c) => c.id === id);
    if (client) return { client, out, problems: [] };
    last = env?.last_page ?? 1;
  }
  return { out, problems: [] };
}
