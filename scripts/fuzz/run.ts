// Fuzzes the mock from the spec: for every operation, generated requests must
// never give a 5xx, a crash or a hang, and every answer must honour the spec.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createExchangeValidator } from '../../contracts/exchange.js';
import type { LoadedSpec } from '../../spec/load.js';
import { requestFor, type FuzzRequest } from './arbitraries.js';

export interface FuzzFailure {
  operationId: string;
  request: FuzzRequest;
  status?: number;
  problem: string;
}

export interface FuzzResult {
  cases: number;
  failures: FuzzFailure[];
  byStatus: Record<string, number>;
  ms: number;
}

const HANG_MS = 5000;

async function signin(app: FastifyInstance, email: string): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/v1/user/signin', headers: { platform: 'WEB' }, payload: { email, password: 'demo-password' } });
  return r.json().data.api_token;
}

export async function fuzzMock(app: FastifyInstance, spec: LoadedSpec, { runsPerOperation = 50, seed = 42 } = {}): Promise<FuzzResult> {
  const validator = createExchangeValidator(spec);
  const tokens = { plan: await signin(app, 'demo@example.com'), nosub: await signin(app, 'nosub@example.com') };
  const failures: FuzzFailure[] = [];
  const byStatus: Record<string, number> = {};
  let cases = 0;
  const started = performance.now();
  for (const op of spec.operations) {
    // logout would end the sessions the other cases use.
    if (op.operationId === 'logout') continue;
    await fc.assert(
      fc.asyncProperty(requestFor(op, spec.basePath, tokens), async (req) => {
        cases++;
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((r) => (timer = setTimeout(() => r('hang'), HANG_MS)));
        let res: Awaited<ReturnType<FastifyInstance['inject']>> | 'hang';
        try {
          res = await Promise.race([app.inject({ method: req.method as 'POST', url: req.url, headers: req.headers, ...(req.payload === undefined ? {} : { payload: req.payload }) }), hang]);
        } catch (err) {
          failures.push({ operationId: op.operationId, request: req, problem: `inject threw: ${(err as Error).message}` });
          return;
        } finally {
          clearTimeout(timer);
        }
        if (res === 'hang') {
          failures.push({ operationId: op.operationId, request: req, problem: `no answer within ${HANG_MS} ms` });
          return;
        }
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) {
          failures.push({ operationId: op.operationId, request: req, status: res.statusCode, problem: `server error: ${res.body.slice(0, 200)}` });
          return;
        }
        let body: unknown;
        try {
          body = JSON.parse(res.body);
        } catch {
          failures.push({ operationId: op.operationId, request: req, status: res.statusCode, problem: `not JSON: ${res.body.slice(0, 80)}` });
          return;
        }
        for (const f of validator.validate({ operationId: op.operationId, status: res.statusCode, headers: res.headers as Record<string, string>, body })) {
          failures.push({ operationId: op.operationId, request: req, status: res.statusCode, problem: f.message });
        }
      }),
      { numRuns: runsPerOperation, seed, endOnFailure: false },
    );
  }
  return { cases, failures, byStatus, ms: performance.now() - started };
}
