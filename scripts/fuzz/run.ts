// Fuzzes the mock from the spec: for every operation, generated requests must
// never give a 5xx, a crash or a hang, and every answer must honour the spec.
// A hang is caught by a timer; a synchronous endless loop would stop the timer
// too, and is caught only by tap's per-file timeout (or the bench's caller).

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type FuzzRequest, type Hints, requestFor } from '../../contracts/fuzz/arbitraries.js';
import { MEASUREMENT_TYPE_BY_KIND } from '../../fixtures/reference.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import type { LoadedSpec } from '../../spec/load.js';

export interface FuzzFailure {
  operationId: string;
  request: FuzzRequest;
  status?: number;
  problem: string;
}

export interface FuzzResult {
  cases: number;
  /** One shrunk counterexample per failing operation. */
  failures: FuzzFailure[];
  byStatus: Record<string, number>;
  byOperation: Record<string, Record<string, number>>;
  ms: number;
}

const HANG_MS = 5000;

async function signin(app: FastifyInstance, email: string): Promise<string> {
  const { headers, defaultPlatform } = app.mock.ctx.facts;
  const r = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: { [headers.platform]: defaultPlatform },
    payload: { email, password: 'demo-password' },
  });
  return r.json().data.api_token;
}

/** Values that exist in the world, so that plausible requests reach the handlers. */
function hintsFrom(app: FastifyInstance, token: string): Hints {
  const store = app.mock.store;
  const demo = store.userByEmail('demo@example.com')!;
  // Two clients with their rooms, so that a drawn client and room often belong together.
  const clients = store
    .ownClientIds(demo.id)
    .slice(0, 10)
    .filter((id) => store.roomsOfClient(id).length > 0)
    .slice(0, 2);
  const rooms = clients.flatMap((id) => store.roomsOfClient(id).map((r) => r.id));
  const measurements = rooms.flatMap((r) => store.measurementsInRoom(r).map((m) => m.id)).slice(0, 20);
  return {
    client_id: clients,
    room_id: rooms,
    user_id: store.companyMembers(demo.company_id).map((u) => u.id),
    // The window forms take the window types; the awning type there is a 422 (the awning has its own form).
    measurement_type_id: store
      .reference()
      .measurementTypes.map((t) => t.id)
      .filter((id) => id !== MEASUREMENT_TYPE_BY_KIND.awning),
    id: [0, ...measurements],
    company_name: [store.companyOf(demo).name],
    qr_code: [token],
    // Sign-in succeeds sometimes; no field is named so that the demo password could change.
    email: ['demo@example.com', 'nobody@example.invalid'],
    password: ['demo-password'],
  };
}

export async function fuzzMock(
  app: FastifyInstance,
  spec: LoadedSpec,
  { runsPerOperation = 50, seed = 42 } = {},
): Promise<FuzzResult> {
  const validator = createExchangeValidator(spec);
  const tokens = { plan: await signin(app, 'demo@example.com'), nosub: await signin(app, 'nosub@example.com') };
  const hints = hintsFrom(app, tokens.plan);
  const failures: FuzzFailure[] = [];
  const byStatus: Record<string, number> = {};
  const byOperation: Record<string, Record<string, number>> = {};
  let cases = 0;
  const started = performance.now();
  // logout would end the sessions the other cases use; deletes go last, so the
  // clients the hints name are still there for the other operations.
  const order = [
    ...spec.operations.filter((o) => o.operationId !== 'deleteClient'),
    ...spec.operations.filter((o) => o.operationId === 'deleteClient'),
  ];
  for (const [index, op] of order.entries()) {
    if (op.operationId === 'logout') continue;
    const counts: Record<string, number> = {};
    byOperation[op.operationId] = counts;
    // The property fails on a defect, so fast-check shrinks it to a small counterexample.
    const details = await fc.check(
      fc.asyncProperty(requestFor(op, spec, tokens, hints), async (req) => {
        cases++;
        const problem = await exchange(app, validator, op.operationId, req, counts);
        if (problem) throw new Error(JSON.stringify(problem));
      }),
      { numRuns: runsPerOperation, seed: seed + index },
    );
    if (details.failed) {
      const [req] = (details.counterexample ?? []) as [FuzzRequest];
      const problem = (() => {
        try {
          return JSON.parse((details.errorInstance as Error).message) as Omit<FuzzFailure, 'operationId' | 'request'>;
        } catch {
          return { problem: String((details.errorInstance as Error)?.message ?? details.errorInstance) };
        }
      })();
      failures.push({ operationId: op.operationId, request: req, ...problem });
    }
    for (const [k, v] of Object.entries(counts)) byStatus[k] = (byStatus[k] ?? 0) + (v as number);
  }
  return { cases, failures, byStatus, byOperation, ms: performance.now() - started };
}

/** One generated request; a problem when it crashed, hung, failed on the server or left the spec. */
async function exchange(
  app: FastifyInstance,
  validator: ReturnType<typeof createExchangeValidator>,
  operationId: string,
  req: FuzzRequest,
  counts: Record<string, number>,
): Promise<{ status?: number; problem: string } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((r) => (timer = setTimeout(() => r('hang'), HANG_MS)));
  let res: Awaited<ReturnType<FastifyInstance['inject']>> | 'hang';
  try {
    res = await Promise.race([
      app.inject({
        method: req.method as 'POST',
        url: req.url,
        headers: req.headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      }),
      hang,
    ]);
  } catch (err) {
    return { problem: `inject threw: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
  if (res === 'hang') return { problem: `no answer within ${HANG_MS} ms` };
  counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500) return { status: res.statusCode, problem: `server error: ${res.body.slice(0, 200)}` };
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return { status: res.statusCode, problem: `not JSON: ${res.body.slice(0, 80)}` };
  }
  const findings = validator.validate({
    operationId,
    status: res.statusCode,
    headers: res.headers as Record<string, string>,
    body,
  });
  return findings.length ? { status: res.statusCode, problem: findings.map((f) => f.message).join('; ') } : undefined;
}
