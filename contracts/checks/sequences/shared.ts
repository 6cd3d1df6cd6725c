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

/** Whether an answer is a success: a step the sequence rests on must have succeeded, whatever its findings' severity. */
export const succeeded = (out: Outcome | undefined): boolean => out?.status !== undefined && out.status < 300;

/** Whether findings hold an error (what stops a sequence, or a step's reading of an answer). */
export const failed = (problems: Finding[]): boolean => problems.some((p) => p.severity === 'error');

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
 * it, or the last page read, and the findings on the pages (the walk stops at
 * the first error).
 */
export async function listed(
  run: CheckRun,
  operationId: 'listClients' | 'listCompanyClients',
  body: Record<string, unknown>,
  id: number,
): Promise<{ client?: Client; out?: Outcome; problems: Finding[] }> {
  let out: Outcome | undefined;
  const problems: Finding[] = [];
  for (let page = 1, last = 1; page <= last && page <= run.ctx.maxPages; page++) {
    out = await run.call(operationId, { body: { ...body, page } });
    const found = run.conform(operationId, out);
    problems.push(...found);
    // An observation on a page (an assumed part) does not stop the walk; an error does.
    if (failed(found)) return { out, problems };
    const env = (out.body as { data?: { data?: Client[]; last_page?: number } } | undefined)?.data;
    const client = env?.data?.find((c) => c.id === id);
    if (client) return { client, out, problems };
    last = env?.last_page ?? 1;
  }
  return { out, problems };
}

/**
 * A sequence stops only on a failed precondition: an error among the findings
 * so far, or a record, token or success a step did not give (`missing`). An observation
 * (what rests on an assumption) lets it go on, so its subject is still tried.
 * Returns the findings with one that says which precondition failed and what
 * was not tried; undefined when the sequence goes on.
 */
export function stopped(
  problems: Finding[],
  operationId: string,
  precondition: string,
  untried: string,
  missing = false,
): Finding[] | undefined {
  if (!missing && !failed(problems)) return undefined;
  const stop: Finding = {
    operationId,
    message: `precondition failed: ${precondition}; so ${untried} was not tried`,
    severity: 'error',
  };
  return [...problems, stop];
}
