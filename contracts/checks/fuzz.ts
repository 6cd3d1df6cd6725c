// The fuzz group (--fuzz N): N generated requests per operation, from its own
// schemas, split between two checks. Valid requests go to reads (and, with
// --allow-writes, to a measurement the run added itself): each must answer a
// status the spec documents, never a 5xx, with a body that conforms. Invalid
// requests go everywhere, made harmless (contracts/fuzz/safety.ts): each must
// be refused with a documented 4xx. A failure is shrunk by fast-check to a
// minimal request, reported with its reproduction (curl). --seed repeats a run.

import { createAjv } from '../../spec/ajv.js';
import type { OperationEntry } from '../../spec/load.js';
import type { AuthMode, CheckRun } from '../check-run.js';
import type { Expect } from '../conform.js';
import type { Discovered } from '../discovered.js';
import type { Hints } from '../fuzz/arbitraries.js';
import { type CaseContext, type FuzzCase, invalidCase, validCase } from '../fuzz/cases.js';
import { addOwnRecord } from '../fuzz/own-records.js';
import { type Answer, fuzzProperty } from '../fuzz/property.js';
import { invalidAuth, unknownParams, type ValidPlan, validPlan } from '../fuzz/safety.js';
import type { Session } from '../session.js';

type BodyCheck = (op: OperationEntry, body: unknown) => boolean;

interface Fuzzing {
  ctx: CaseContext;
  found: Discovered;
  isValid: BodyCheck;
}

export async function fuzzChecks(s: Session, found: Discovered): Promise<void> {
  const { fuzz, seed, platform, facts } = s.ctx;
  s.ctx.onNotice(`fuzz: ${fuzz} generated requests per operation, seed ${seed} (--seed ${seed} repeats them)`);
  const f: Fuzzing = {
    ctx: { platforms: [platform, ...facts.platforms.filter((p) => p !== platform)], hints: hintsFrom(found) },
    found,
    isValid: requestBodyCheck(),
  };
  for (const [index, op] of s.spec.operations.entries()) {
    const plan = validPlan(op, s.ctx.allowWrites);
    const validRuns = plan.kind === 'skip' ? 0 : Math.ceil(fuzz / 2);
    const invalidRuns = Math.max(1, fuzz - validRuns);
    await validCheck(s, f, op, plan, validRuns, seedFor(seed, index, 0));
    await invalidCheck(s, f, op, invalidRuns, seedFor(seed, index, 1));
  }
}

/** Each operation's checks draw from their own seed, so that --only does not change what another one gets. */
export const seedFor = (seed: number, index: number, kind: number) => (seed + 7919 * (2 * index + kind)) % 2 ** 31;

/** Values the account has, mixed into the generated ones so that reads find records. */
function hintsFrom(found: Discovered): Hints {
  const hints: Hints = {};
  const one = (key: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') hints[key] = [v];
  };
  one('client_id', found.client?.id);
  one('keyword', found.client?.name);
  one('room_id', found.roomId);
  one('user_id', found.userId);
  one('company_name', found.companyName);
  if (found.measurementTypes.length) hints.measurement_type_id = found.measurementTypes.map((t) => t.id);
  return hints;
}

/** Request bodies against their schema (the spec's Ajv), compiled once per operation. */
function requestBodyCheck(): BodyCheck {
  const ajv = createAjv({ allErrors: false });
  const compiled = new Map<string, (body: unknown) => boolean>();
  return (op, body) => {
    if (body === undefined || !op.requestBody) return true;
    let check = compiled.get(op.operationId);
    if (!check) {
      const validate = ajv.compile(op.requestBody.schema);
      check = (b) => validate(b) as boolean;
      compiled.set(op.operationId, check);
    }
    return check(body);
  };
}

/** A valid request may get any status the spec documents for the operation, save a 5xx and the throttle. */
const documented = (op: OperationEntry): number[] =>
  Object.keys(op.responses)
    .map(Number)
    .filter((n) => n >= 200 && n < 500 && n !== 429);

async function send(
  run: CheckRun,
  op: OperationEntry,
  c: FuzzCase,
  expect: Expect,
  extra: { auth?: AuthMode; params?: Record<string, string> } = {},
): Promise<Answer> {
  const out = await run.call(op.operationId, { body: c.body, query: c.query, platform: c.platform, ...extra });
  const findings = run.conform(op.operationId, out, expect);
  run.releaseConformed();
  return { findings, out, stop: out.status === 429 || out.fault?.kind === 'deadline' };
}

async function validCheck(s: Session, f: Fuzzing, op: OperationEntry, plan: ValidPlan, runs: number, seed: number) {
  const count = runs ? `${runs} ` : '';
  const title =
    plan.kind === 'own-record'
      ? `answers ${count}generated valid edits of a measurement of the run's own as the spec says`
      : `answers ${count}generated valid requests with a documented status and a conforming body`;
  await s.check(
    { id: `fuzz:${op.operationId}:valid`, group: 'fuzz', operationId: op.operationId, title },
    async (run) => {
      if (plan.kind === 'skip') {
        run.nothingToCheck(`no valid requests: ${plan.reason}`);
        return [];
      }
      let overrides: Record<string, unknown> = {};
      if (plan.kind === 'own-record') {
        const own = await addOwnRecord(run, op.operationId, f.found);
        if ('reason' in own) run.nothingToCheck(own.reason);
        if ('reason' in own || 'problems' in own) return 'problems' in own ? own.problems : [];
        overrides = own.overrides;
      }
      const arbitrary = validCase(op, f.ctx).map((c) => ({ ...c, body: withOverrides(c.body, overrides) }));
      const expect = documented(op);
      return fuzzProperty(run, {
        arbitrary,
        runs,
        seed,
        send: async (c) => (f.isValid(op, c.body) ? send(run, op, c, expect) : 'discard'),
      });
    },
  );
}

const withOverrides = (body: unknown, overrides: Record<string, unknown>) =>
  Object.keys(overrides).length ? { ...(body as Record<string, unknown>), ...overrides } : body;

async function invalidCheck(s: Session, f: Fuzzing, op: OperationEntry, runs: number, seed: number) {
  const title = `refuses ${runs} generated invalid requests with a documented 4xx`;
  await s.check(
    { id: `fuzz:${op.operationId}:invalid`, group: 'fuzz', operationId: op.operationId, title },
    async (run) => {
      const extra = { auth: invalidAuth(op), params: unknownParams(op) };
      return fuzzProperty(run, {
        arbitrary: invalidCase(op, f.ctx),
        runs,
        seed,
        send: async (c) => {
          // A flaw in the body must make it invalid: one that the schema still accepts is not sent.
          const bodyFlaw = c.flaw?.kind === 'missing' || c.flaw?.kind === 'set';
          return bodyFlaw && f.isValid(op, c.body) ? 'discard' : send(run, op, c, '4xx', extra);
        },
      });
    },
  );
}
