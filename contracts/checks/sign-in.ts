// Signing in, and reading the token an answer gives: written once, so that
// every sign-in (the run's own, a check's, a disposable session's) sends the
// same body and keeps its token secret at once.
import type { Outcome } from '../../lib/http.js';
import type { CallOptions, CheckRun } from '../check-run.js';

/** What signs in: a check's run, or the session itself for the run's own sign-in before any check. */
export type Caller = Pick<CheckRun, 'ctx' | 'call' | 'keepSecret'>;

/** The api_token an answer's body carries (sign-in, sign-up, QR sign-in); undefined unless a non-empty string. */
export function tokenOf(body: unknown): string | undefined {
  const t = (body as { data?: { api_token?: unknown } } | null | undefined)?.data?.api_token;
  return typeof t === 'string' && t ? t : undefined;
}

/** Signs in with an email and password; the token (if any) is kept secret at once. */
export async function signIn(
  run: Caller,
  email: string,
  password: string,
  o: Omit<CallOptions, 'body'> = {},
): Promise<{ out: Outcome; token?: string }> {
  const out = await run.call('signin', {
    ...o,
    body: { email, password, device_token: '', platform: run.ctx.platform },
  });
  const token = tokenOf(out.body);
  run.keepSecret(token);
  return { out, token };
}
