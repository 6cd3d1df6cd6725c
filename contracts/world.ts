// The mock's worlds (issue 30): against this project's mock, a run works in a
// world of its own, so that parallel runs never meet and the default world is
// left as the run found it. `world` names one; `default` keeps to the default
// world (no header); without it, one probe (GET {baseUrl}/__mock/worlds) tells
// whether the target is the mock, and a fresh world is named for the run.
import { readBounded } from '../lib/limits.js';
import { tlsFailure } from '../lib/tls-failure.js';
import { DEFAULT_WORLD, freshWorldName } from '../lib/world-name.js';
import type { RunContext } from './options.js';

/** The probe's timeout at most (the run's --timeout when shorter): a deployment that is slow to 404 costs little. */
export const PROBE_TIMEOUT_MS = 3000;
/** The probe's answer is read up to this much: a list of a thousand worlds is well under it. */
const PROBE_MAX_BYTES = 4 * 2 ** 20;
/** A fresh world's name begins so: `contracts-20261127T062000Z-3f9a1c`. */
export const FRESH_PREFIX = 'contracts';

export interface WorldChoice {
  /** The world every request names (X-Mock-World); undefined: none (the default world, or not the mock). */
  name?: string;
  /** Named by the run for itself, after the probe found the mock. */
  fresh: boolean;
}

type Ctx = Pick<RunContext, 'world' | 'baseUrl' | 'timeoutMs' | 'fetch' | 'onNotice' | 'credentials'>;

/** A base URL that already names a world by the mock's path prefix (`http://host/worlds/w3`). */
const PREFIXED_BASE = /\/worlds\/([A-Za-z0-9-]{1,40})\/?$/;

/** The run's world: the one asked for, none for `default`, else a fresh one when the probe finds the mock.
 *  `turn` is the run's pace: the probe waits its turn like any request. Never throws. */
export async function chooseWorld(ctx: Ctx, turn: () => Promise<void>, signal?: AbortSignal): Promise<WorldChoice> {
  if (ctx.world === DEFAULT_WORLD) return { fresh: false };
  if (ctx.world !== undefined) return { name: ctx.world, fresh: false };
  // The URL names the world already: a header naming a fresh one would contradict it (the mock's 400).
  const prefixed = PREFIXED_BASE.exec(new URL(ctx.baseUrl).pathname)?.[1];
  if (prefixed !== undefined) {
    ctx.onNotice(`the base URL names the world ${prefixed} (/worlds/${prefixed}): the run works there`);
    return { fresh: false };
  }
  // A token given without an account was issued in some world, the default one unless named: a fresh world
  // would refuse it (401), so the run stays where it was issued.
  if (ctx.credentials.token !== undefined && ctx.credentials.email === undefined) {
    ctx.onNotice(
      'a token without an account was given: the run names no world (--world NAME names the one it was issued in)',
    );
    return { fresh: false };
  }
  await turn();
  const url = `${ctx.baseUrl}/__mock/worlds`;
  const found = await probe(ctx, url, signal);
  if (found !== true) {
    ctx.onNotice(`GET ${url} ${found}: not the mock, so no world is named (the probe is no check)`);
    return { fresh: false };
  }
  const name = freshWorldName(FRESH_PREFIX);
  ctx.onNotice(
    `the target is the mock (GET ${url} listed its worlds): the run works in a fresh world, ${name}, and leaves it for the console (DELETE /__mock/worlds/${name} drops it; --world default runs in the default world)`,
  );
  return { name, fresh: true };
}

/** true when the answer is the mock's list of worlds (200, JSON `{worlds: [...], max: N}`); else what it was. */
async function probe(ctx: Ctx, url: string, signal?: AbortSignal): Promise<true | string> {
  const timeout = AbortSignal.timeout(Math.min(ctx.timeoutMs, PROBE_TIMEOUT_MS));
  try {
    const res = await ctx.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      return `answered ${res.status}`;
    }
    const read = await readBounded(res, PROBE_MAX_BYTES);
    return !read.tooLarge && isWorldList(read.text) ? true : 'answered 200 with something else than a list of worlds';
  } catch (err) {
    // A refused certificate is a connection made, and the run's sign-in says the same with what to do.
    const tls = tlsFailure(err);
    if (tls) return `failed: ${tls}`;
    return `had no answer (${(err as Error).name === 'TimeoutError' ? 'timeout' : 'no connection'})`;
  }
}

function isWorldList(text: string): boolean {
  try {
    const body = JSON.parse(text) as { worlds?: unknown; max?: unknown } | null;
    return body !== null && typeof body === 'object' && Array.isArray(body.worlds) && typeof body.max === 'number';
  } catch {
    return false;
  }
}
