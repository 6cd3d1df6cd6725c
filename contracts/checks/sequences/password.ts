// Sequence: after a password change every old token is refused. On an account
// given for it (--password-account-*) or signed up by the run (--allow-writes),
// never the run's main account: sign in twice, change the password with
// update_password, then both old tokens are refused on a protected read, the
// old password no longer signs in and the new one does. A given account gets
// its password back afterwards, so the run can be repeated.
import { randomBytes } from 'node:crypto';
import type { CheckRun } from '../../check-run.js';
import type { Discovered } from '../../discovered.js';
import type { Session } from '../../session.js';
import type { Finding, Want } from '../../types.js';
import { signIn, tokenOf } from '../kit.js';
import {
  during,
  found as finding,
  logOut,
  read,
  refused,
  sequence,
  signedInUserId,
  stopped,
  succeeded,
} from './shared.js';

interface Account {
  email: string;
  password: string;
  /** Given for the run: its password is restored afterwards. */
  given: boolean;
  /** Tokens of the account from before the change (the sign-up's, if any). */
  tokens: string[];
  /** It is the run's main account, whose password is never changed (the check is skipped). */
  main?: boolean;
}

/** The account without which the sequence is skipped, and the flags that give it. */
const PASSWORD_ACCOUNT: Want = {
  input: 'an account whose password may be changed',
  flag: '--password-account-email/--password-account-password or --allow-writes',
};
const GIVE =
  'give an account whose password may be changed and restored with --password-account-email/--password-account-password (or MCS_PW_EMAIL, MCS_PW_PASSWORD)';

/** A password no one knows, kept secret by the session at once. */
function freshPassword(run: CheckRun): string {
  const password = `Mcs-${randomBytes(12).toString('base64url')}`;
  run.keepSecret(password);
  return password;
}

/** Signs up a throwaway account; undefined (with the reason the check is skipped) where sign-up is not served. */
async function signUp(run: CheckRun): Promise<{ account?: Account; problems: Finding[] }> {
  const stamp = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `mcs-contracts-${stamp}@example.com`;
  const password = freshPassword(run);
  const body = {
    name: 'Contract',
    surname: 'Check',
    email,
    password,
    company_name: `Contract check ${stamp}`,
    device_token: '',
    platform: run.ctx.platform,
  };
  const out = await run.call('signup', { body });
  const token = tokenOf(out.body);
  run.keepSecret(token);
  if (out.status !== undefined && out.status < 300)
    return {
      account: { email, password, given: false, tokens: token ? [token] : [] },
      problems: run.conform('signup', out),
    };
  run.nothingToCheck(
    `sign-up answered ${out.status ?? out.fault?.kind}, so the run has no account of its own to change the password of; ${GIVE}`,
  );
  return { problems: run.conform('signup', out, '4xx').map(during('signing up an account for the sequence')) };
}

/** Two sessions of the account, each shown to work on a protected read; never on the run's main account. */
async function twoSessions(run: CheckRun, a: Account, mainUserId: number | undefined): Promise<Finding[]> {
  const problems: Finding[] = [];
  for (const n of [1, 2]) {
    const { out, token } = await signIn(run, a.email, a.password);
    problems.push(...read(run, 'signin', out, `signing in to the password-change account (${n} of 2)`, !!token));
    if (!token) {
      if (a.given)
        problems.push(
          finding(
            run,
            out,
            'signin',
            `the account given by --password-account-email could not sign in; if an earlier run could not restore its password, reset it`,
          ),
        );
      return problems;
    }
    if (mainUserId !== undefined && signedInUserId(out) === mainUserId) {
      a.main = true;
      run.nothingToCheck("the password-change account is the run's main account, whose password is never changed");
      return [...problems, ...(await logOut(run, token, 'ending the session opened on the main account'))];
    }
    const works = await run.call('getProfile', { auth: { bearer: token }, body: {} });
    problems.push(...read(run, 'getProfile', works, 'an old token, before the password change'));
    // A token refused before the change proves nothing about the change.
    if (succeeded(works)) a.tokens.push(token);
  }
  return problems;
}

async function changePassword(
  run: CheckRun,
  email: string,
  from: string,
  to: string,
  step: string,
): Promise<{ problems: Finding[]; changed: boolean }> {
  const body = { email, current_password: from, new_password: to, new_password_confirmation: to };
  const out = await run.call('updatePassword', { body });
  const problems = run.conform('updatePassword', out).map(during(step));
  // Refused, the change did not happen, whatever the severity of its findings; accepted, it did, whatever they are.
  if (succeeded(out)) return { problems, changed: true };
  return { problems: [...problems, { ...NOT_CHANGED, message: `${step}: ${NOT_CHANGED.message}` }], changed: false };
}

const NOT_CHANGED: Finding = {
  operationId: 'updatePassword',
  message: 'update_password refused the change',
  severity: 'error',
};

/** What the change must have done: old tokens and old password refused, the new password signs in. */
async function afterChange(run: CheckRun, a: Account, newPassword: string): Promise<Finding[]> {
  const step = 'after the password change';
  const problems: Finding[] = [];
  for (const [i, token] of a.tokens.entries()) {
    const out = await run.call('getProfile', { auth: i % 2 ? { xApiToken: token } : { bearer: token }, body: {} });
    problems.push(...refused(run, 'getProfile', out, `${step}, old token ${i + 1} of ${a.tokens.length}`));
  }
  const old = await signIn(run, a.email, a.password);
  problems.push(...run.conform('signin', old.out, '4xx').map(during(`${step}, the old password`)));
  const fresh = await signIn(run, a.email, newPassword);
  problems.push(...read(run, 'signin', fresh.out, `${step}, the new password`, !!fresh.token));
  if (fresh.token) {
    const works = await run.call('getProfile', { auth: { bearer: fresh.token }, body: {} });
    problems.push(...read(run, 'getProfile', works, `${step}, the new password's token`));
    if (!a.given) problems.push(...(await logOut(run, fresh.token, 'ending the last session')));
  }
  return problems;
}

/** The given account gets its password back, proven by a sign-in (whose session is then ended). */
async function restore(run: CheckRun, a: Account, newPassword: string): Promise<Finding[]> {
  const step = 'restoring the original password';
  const { problems } = await changePassword(run, a.email, newPassword, a.password, step);
  const back = await signIn(run, a.email, a.password);
  problems.push(...read(run, 'signin', back.out, `${step}, signing in with it`, !!back.token));
  if (back.token) problems.push(...(await logOut(run, back.token, 'ending the last session')));
  else
    problems.push(
      finding(
        run,
        back.out,
        'updatePassword',
        `the password of ${a.email} was left changed: reset it (forgot_password) before the next run`,
      ),
    );
  return problems;
}

export async function passwordChangeCheck(s: Session, found: Discovered): Promise<void> {
  const spec = sequence(
    'password-change',
    'updatePassword',
    'after a password change every old token is refused, the old password too, and the new one signs in',
  );
  const given = s.ctx.passwordAccount;
  if (!given && !s.ctx.allowWrites)
    // The skip adds the flags that give one (PASSWORD_ACCOUNT.flag): the reason does not name them again.
    return void s.skip(
      spec,
      'no account whose password may be changed and restored (MCS_PW_EMAIL and MCS_PW_PASSWORD name one too; a run that may write signs one up)',
      PASSWORD_ACCOUNT,
    );
  if (!given && !s.selected(s.op('signup')))
    return void s.skip(spec, `sign-up is not selected by --only/--skip; ${GIVE}`);
  await s.check(spec, async (run) => {
    const made = given ? { account: { ...given, given: true, tokens: [] }, problems: [] } : await signUp(run);
    const a = made.account;
    if (!a) return made.problems;
    const problems = [...made.problems, ...(await twoSessions(run, a, found.userId))];
    if (a.main) return problems;
    const untried = 'the password change';
    const unready = stopped(problems, 'signin', 'two working sessions of the account', untried, a.tokens.length < 2);
    if (unready) return unready;
    const newPassword = freshPassword(run);
    const change = await changePassword(run, a.email, a.password, newPassword, 'changing the password');
    problems.push(...change.problems);
    const unchanged = stopped(
      problems,
      'updatePassword',
      'the password change',
      'what it must have done',
      !change.changed,
    );
    if (unchanged) return unchanged;
    try {
      problems.push(...(await afterChange(run, a, newPassword)));
    } finally {
      if (a.given) problems.push(...(await restore(run, a, newPassword)));
    }
    return problems;
  });
}
