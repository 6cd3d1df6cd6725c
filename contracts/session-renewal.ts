// The run's own session, watched across its calls: the run's token refused
// (401) where no check logged it out means the deployment ended the session
// (or let a check end it). The run says so once (session-loss.ts words it) and
// signs in again when it has the credentials, so that the checks after that
// one are not all 401 failures.
import type { Outcome } from '../lib/http.js';
import { detachDeep } from '../lib/limits.js';
import { redactDeep } from '../lib/redact.js';
import type { Reproduction } from '../lib/reproduce.js';
import type { OperationEntry } from '../spec/load.js';
import type { CallOptions } from './check-run.js';
import type { RunContext } from './options.js';
import { MAX_RENEWALS, sessionLossNotice, sessionLossResult } from './session-loss.js';
import type { CheckResult } from './types.js';
import type { Wire } from './wire.js';

/** What the watch reads and sets of the run (the Session): a sign-in again replaces the run's token. */
export interface RenewalRun {
  readonly ctx: RunContext;
  readonly secrets: Set<string>;
  token: string;
  op(id: string): OperationEntry;
  keepSecret(value: string | undefined): void;
  reproduce(out: Outcome): Reproduction;
  /** Records a result of the run (the loss's finding), as a check's is. */
  record(result: CheckResult): void;
}

export class SessionRenewal {
  /** The run's own session was found ended (said once, in a notice and a finding), and signed in again so often. */
  private lost = false;
  private renewals = 0;
  /** Calls so far; the last one the run's token was taken on; the last logout of another session taken. A
   *  session lost after such a logout, with no success of its own since, may be that logout's doing. */
  private calls = 0;
  private ownWorked = 0;
  private otherLoggedOut = 0;
  /** The operation that ended that other session (the spec's `ends-session` write). */
  private loggedOutBy: OperationEntry | undefined;

  constructor(
    private readonly run: RenewalRun,
    private readonly wire: Wire,
  ) {}

  /** Counts a call answered, and whether it was a logout of another session or a success of the run's token. */
  sent(operationId: string, o: CallOptions, out: Outcome): void {
    this.calls++;
    const taken = out.status !== undefined && out.status < 300;
    if (taken && this.run.op(operationId).writeEffect?.kind === 'ends-session' && typeof o.auth === 'object') {
      this.otherLoggedOut = this.calls;
      this.loggedOutBy = this.run.op(operationId);
    }
    if (taken && this.ownToken(operationId, o)) this.ownWorked = this.calls;
  }

  /** The call with the run's own token answered 401. */
  refusedOwnToken(operationId: string, o: CallOptions, out: Outcome): boolean {
    return out.status === 401 && !!this.run.token && this.ownToken(operationId, o);
  }

  /**
   * The run's token was refused where no check logged it out. If the profile refuses it too, the session is
   * gone: said once, as a notice and a finding of the run, and the run signs in again when it has the
   * credentials. True when the run holds a fresh token.
   */
  async renew(operationId: string, o: CallOptions, note: (line: string) => void): Promise<boolean> {
    const { ctx } = this.run;
    const { email, password } = ctx.credentials;
    const can = !!(email && password) && this.renewals < MAX_RENEWALS;
    if (this.lost && !can) return false;
    const probe = await this.wire.send('getProfile', { body: {} }, note);
    if (probe.status !== 401) return false;
    if (!this.lost) this.sessionLost(operationId, probe, can, !o.judgesSession);
    this.lost = true;
    if (!can) return false;
    this.renewals++;
    const signin = await this.wire.send(
      'signin',
      { body: { email, password, device_token: '', platform: ctx.platform } },
      note,
    );
    const token = (signin.body as { data?: { api_token?: unknown } } | null | undefined)?.data?.api_token;
    if (typeof token !== 'string' || !token) return false;
    this.run.keepSecret(token);
    this.run.token = token;
    return true;
  }

  /** The call carries the run's own token. */
  private ownToken(operationId: string, o: CallOptions): boolean {
    const auth = o.auth ?? (this.run.op(operationId).isPublic ? 'none' : 'bearer');
    return auth === 'bearer' || auth === 'x-api-token';
  }

  /** Says once that the run's session ended: a notice at once, and (unless the check judges it) a finding. */
  private sessionLost(operationId: string, probe: Outcome, renewing: boolean, finding: boolean): void {
    const { ctx } = this.run;
    const loss = { operationId, renewing, strict: ctx.strict, reproduce: this.run.reproduce(probe) };
    ctx.onNotice(sessionLossNotice(loss));
    if (!finding) return;
    // A logout of another session, with no success of the run's token since, may have ended it too.
    const logout = this.otherLoggedOut > this.ownWorked ? this.loggedOutBy : undefined;
    this.run.record(detachDeep(redactDeep(sessionLossResult({ ...loss, logout }), this.run.secrets)));
  }
}
