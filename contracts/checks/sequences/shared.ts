// What the sequence checks share: their specs, the reading of a client from a
// paged list with the exchange that showed it, sessions of their own, and
// findings that say at which step of a sequence they came. Sign-in and tokens
// are the checks' kit (checks/kit.ts).
import type { Outcome } from '../../../lib/http.js';
import type { CheckRun } from '../../check-run.js';
import type { CheckSpec } from '../../session.js';
import { type Finding, resting } from '../../types.js';
import type { Client } from '../list-spec.js';
import { userIdOf } from '../record-ids.js';

export type { Client };

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

/** The user id a sign-in's answer names (its `user`, whose fields the document does not show). */
export const signedInUserId = (out: Outcome): number | undefined =>
  userIdOf((out.body as { data?: { user?: unknown } } | null | undefined)?.data?.user);

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
 * A read the sequence makes for what it holds. When it gave it (`gave`: by default a success), its
 * conformance is the read's own check's, reported there once, and nothing here; when not, its findings say
 * why (and the caller stops, or judges what is missing).
 */
export function read(run: CheckRun, operationId: string, out: Outcome, step: string, gave = succeeded(out)): Finding[] {
  if (!gave) return run.conform(operationId, out).map(during(step));
  run.used(operationId, out);
  return [];
}

/**
 * Walks a paged client list (client/list or client/user_client) for one
 * client; returns the client with the page that showed it, or the last page
 * read. A page that gives a list of clients is read whatever its schema
 * findings (the list's own checks report them); one that gives none ends the
 * walk with the findings that say why, at least one an error.
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
    const env = (out.body as { data?: { data?: unknown; last_page?: unknown } } | null | undefined)?.data;
    const clients = succeeded(out) && Array.isArray(env?.data) ? (env.data as unknown[]) : undefined;
    if (!clients) {
      const problems = run.conform(operationId, out);
      if (!failed(problems))
        problems.push(found(run, out, operationId, `page ${page} of ${operationId} gave no list of clients`));
      return { out, problems };
    }
    run.used(operationId, out);
    const client = clients.find((c): c is Client => (c as Client | null)?.id === id);
    if (client) return { client, out, problems: [] };
    last = typeof env?.last_page === 'number' ? env.last_page : 1;
  }
  return { out, problems: [] };
}

/**
 * A sequence stops only when a step did not give what the next ones need
 * (`missing`: a record, a token, a success); findings on what a step did give
 * (its schema, what rests on an assumption) let it go on, so its subject is
 * still tried. Returns the findings with one that says which precondition
 * failed and what was not tried; undefined when the sequence goes on.
 */
export function stopped(
  problems: Finding[],
  operationId: string,
  precondition: string,
  untried: string,
  missing: boolean,
): Finding[] | undefined {
  if (!missing) return undefined;
  const stop: Finding = {
    operationId,
    message: `precondition failed: ${precondition}; so ${untried} was not tried`,
    severity: 'error',
  };
  return [...problems, stop];
}
