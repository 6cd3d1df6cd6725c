// What the sequence checks share: their specs, the reading of a client from a
// paged list with the exchange that showed it, sessions of their own, and
// findings that say at which step of a sequence they came.
import type { Outcome } from '../../../lib/http.js';
import type { CheckSpec, Session } from '../../session.js';
import type { Finding } from '../../types.js';

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
  s: Session,
  out: Outcome | undefined,
  operationId: string,
  message: string,
  more: Partial<Finding> = {},
): Finding {
  return { operationId, message, severity: 'error', ...more, ...(out ? { reproduce: s.reproduce(out) } : {}) };
}

export const apiToken = (out: Outcome): string | undefined => {
  const t = (out.body as { data?: { api_token?: unknown } } | undefined)?.data?.api_token;
  return typeof t === 'string' && t ? t : undefined;
};

export const userIdOf = (out: Outcome): number | undefined => {
  const id = (out.body as { data?: { user?: { id?: unknown } } } | undefined)?.data?.user?.id;
  return typeof id === 'number' ? id : undefined;
};

/**
 * The credential must be refused: the documented 401. Accepting it (a 2xx) is
 * a violation even where the spec assumes the number 401, because the document
 * states that the token no longer works.
 */
export function refused(s: Session, operationId: string, out: Outcome, step: string): Finding[] {
  const accepted = out.status !== undefined && out.status < 300;
  return s
    .conform(operationId, out, [401])
    .map((f) => (accepted && f.expected === '401' ? { ...f, severity: 'error' as const } : f))
    .map(during(step));
}

/** Signs in with an email and password; the token (if any) is kept secret at once. */
export async function signIn(s: Session, email: string, password: string): Promise<{ out: Outcome; token?: string }> {
  const out = await s.call('signin', { body: { email, password, device_token: '', platform: s.ctx.platform } });
  const token = apiToken(out);
  s.keepSecret(token);
  return { out, token };
}

/** Ends a session the sequence opened for itself (tidy: errors here are the check's findings too). */
export async function logOut(s: Session, token: string, step: string): Promise<Finding[]> {
  return s.conform('logout', await s.call('logout', { auth: { bearer: token }, body: {} })).map(during(step));
}

/**
 * Walks a paged client list (client/list or client/user_client) for one
 * client, checking every page; returns the client with the page that showed
 * it, or the last page read.
 */
export async function listed(
  s: Session,
  operationId: 'listClients' | 'listCompanyClients',
  body: Record<string, unknown>,
  id: number,
): Promise<{ client?: Client; out?: Outcome; problems: Finding[] }> {
  let out: Outcome | undefined;
  for (let page = 1, last = 1; page <= last && page <= s.ctx.maxPages; page++) {
    out = await s.call(operationId, { body: { ...body, page } });
    const problems = s.conform(operationId, out);
    if (problems.length) return { out, problems };
    const env = (out.body as { data?: { data?: Client[]; last_page?: number } } | undefined)?.data;
    const client = env?.data?.find((c) => c.id === id);
    if (client) return { client, out, problems: [] };
    last = env?.last_page ?? 1;
  }
  return { out, problems: [] };
}
