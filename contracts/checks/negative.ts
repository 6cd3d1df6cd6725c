// Schemathesis-style negative checks: a request missing a required field or
// the platform header, or with a field of the wrong type, is refused with a 4xx
// in the documented shape; a method the spec lacks for a path answers 4xx.
// Bodies name identifiers that do not exist, so that even a deployment that
// wrongly accepts them changes nothing.
import type { Outcome } from '../../lib/http.js';
import type { PatchOperation } from '../../spec/finding.js';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { completeBody } from '../../spec/valid-body.js';
import type { AuthMode, CheckRun } from '../check-run.js';
import type { Session } from '../session.js';
import { isTargetId, NO_SUCH_ID } from '../targets.js';
import { type Finding, type HttpRule, resting } from '../types.js';
import { CREDENTIALS, canSignIn, endsSession, withSessionFor } from './disposable.js';

export { isTargetId, NO_SUCH_ID } from '../targets.js';

/** That a request without the platform header is refused (with 400) is x-assumed: the document only calls the
 *  header required of the client. Every operation's no-platform answer rests on this one node. */
export const PLATFORM_REFUSAL = '/x-platform-refusal';
export const NOBODY = 'nobody@example.invalid';

/** A wrong type no framework takes for the field's own (Laravel's rules, Spring's Jackson and Django REST all
 *  refuse text that is no number for an integer, an object for a string), so that negative:type's verdict is
 *  about validation, whatever the spec says of coercion; what some take (a number or a boolean for a string,
 *  a fraction for an integer: x-type-coercion) their own probes show (checks/coercions.ts). */
const UNCOERCIBLE = { integer: 'not-a-number', string: { not: 'a string' } } as const;

/** The operation's own example with every required field the spec asks (spec/valid-body.ts), made harmless:
 *  unknown ids, unknown accounts, and no password at all, so that no request could sign in, sign up or change
 *  a password even if wrongly accepted. */
export function harmlessBody(op: OperationEntry): Record<string, unknown> | undefined {
  if (!op.requestBody) return undefined;
  const example = structuredClone(op.requestBody.examples[0] ?? {});
  return makeHarmless(completeBody(op.requestBody.schema, example) as Record<string, unknown>);
}

/** A body made harmless in place (see harmlessBody); the fuzz checks use it on generated bodies too. */
export function makeHarmless(body: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(body)) {
    if (isTargetId(key) && typeof body[key] === 'number') body[key] = NO_SUCH_ID;
    if (/email/.test(key)) body[key] = NOBODY;
    if (/password/.test(key)) delete body[key];
    if (key === 'qr_code') body[key] = 'contract-check-unknown-code';
  }
  return body;
}

export async function negativeChecks(s: Session): Promise<void> {
  for (const op of s.spec.operations) {
    const body = harmlessBody(op);
    const params = op.path.includes('{token}') ? { token: 'contract-check-unknown-token' } : undefined;
    const refused = s.ctx.facts.platformRefused;
    const noPlatform = {
      id: `negative:${op.operationId}:no-platform`,
      group: 'negative' as const,
      operationId: op.operationId,
      title: refused
        ? 'refuses a request without the platform header'
        : 'serves a request without the platform header (x-platform-refusal: not refused)',
      shows: [PLATFORM_REFUSAL],
    };
    // Accepted by a deployment that ignores the header, a logout ends the session it is sent with: never the run's.
    if (endsSession(op) && !canSignIn(s.ctx)) s.skip(noPlatform, 'it may end the session it is sent with', CREDENTIALS);
    else
      await s.check(noPlatform, (run) =>
        withSessionFor(run, op, async (auth) =>
          noPlatformAnswer(run, op, await run.call(op.operationId, { body, params, platform: null, auth })),
        ),
      );
    if (!op.requestBody || !body) continue;
    const shape = foldAllOf(op.requestBody.schema);
    const properties = (shape.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = (shape.required as string[] | undefined) ?? [];
    const missing = required.find((r) => r in body) ?? required[0];
    if (missing) {
      const { [missing]: _gone, ...rest } = body;
      await s.check(
        {
          id: `negative:${op.operationId}:missing`,
          group: 'negative',
          operationId: op.operationId,
          title: `refuses a body without required "${missing}"`,
        },
        async (run) =>
          run.conform(
            op.operationId,
            await run.call(op.operationId, { body: rest, params, exact: true }),
            '4xx',
            '422',
          ),
      );
    }
    const typed = Object.entries(properties).find(
      ([k, p]) => k in body && (p.type === 'integer' || p.type === 'string'),
    );
    if (typed) {
      const [key, p] = typed;
      const wrong = UNCOERCIBLE[p.type as 'integer' | 'string'];
      await s.check(
        {
          id: `negative:${op.operationId}:type`,
          group: 'negative',
          operationId: op.operationId,
          title: `refuses "${key}" of the wrong type`,
        },
        async (run) =>
          run.conform(
            op.operationId,
            await run.call(op.operationId, { body: { ...body, [key]: wrong }, params, exact: true }),
            '4xx',
            '422',
          ),
      );
    }
  }
  await wrongMethodChecks(s);
}

/**
 * A request without the platform header, judged by x-platform-refusal: refused, a 4xx (the 400 the spec
 * documents); not refused, whatever the operation answers its harmless body with, but the refusal (400).
 * An answer that shows what the deployment chose instead (a 2xx where refused, a 400 where served) carries
 * the patch of `refused`.
 */
function noPlatformAnswer(run: CheckRun, op: OperationEntry, out: Outcome): Finding[] {
  const refused = run.ctx.facts.platformRefused;
  const served = Object.keys(op.responses)
    .map(Number)
    .filter((n) => n !== 400 && n < 500 && n !== 429);
  const found = run.conform(op.operationId, out, refused ? '4xx' : served, {
    situation: refused ? '400' : undefined,
    rests: PLATFORM_REFUSAL,
  });
  const status = out.status ?? 0;
  const chose = refused ? status >= 200 && status < 300 : status === 400;
  if (!chose) return found;
  const path = `${PLATFORM_REFUSAL}/refused`;
  const patch: PatchOperation[] = [
    { op: 'test', path, value: refused },
    { op: 'replace', path, value: !refused },
  ];
  return found.map((f) => (f.assumption === PLATFORM_REFUSAL && f.keyword === undefined ? { ...f, patch } : f));
}

async function wrongMethodChecks(s: Session): Promise<void> {
  const byPath = new Map<string, OperationEntry[]>();
  for (const op of s.spec.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  for (const [path, ops] of byPath) {
    const op = ops[0]!;
    const documented = ops.map((o) => o.method.toUpperCase());
    const method = documented.includes('POST') ? (documented.includes('GET') ? 'DELETE' : 'GET') : 'POST';
    const params = path.includes('{token}') ? { token: 'contract-check-unknown-token' } : undefined;
    const spec = {
      id: `negative:${op.operationId}:method`,
      group: 'negative' as const,
      operationId: op.operationId,
      title: `answers ${method} ${path}, a method the spec lacks, with 4xx`,
    };
    // A deployment that routes every method to the logout would end the session the call carries.
    if (endsSession(op) && !canSignIn(s.ctx)) s.skip(spec, 'it may end the session it is sent with', CREDENTIALS);
    else
      await s.check(spec, (run) =>
        withSessionFor(run, op, (auth) => wrongMethod(run, op, { method, path, params, documented, auth })),
      );
  }
}

/** A call with a method the spec lacks for its path; `documented` are the methods it has. */
interface WrongMethod {
  method: string;
  path: string;
  params?: Record<string, string>;
  documented: string[];
  /** A disposable session's, where the call may end it (else the run's own). */
  auth?: AuthMode;
}

/** A method the spec lacks for the path: a 4xx, best a 405 with Allow. Neither the spec nor the document
 *  speaks of other methods: what only HTTP (RFC 9110) asks is an observation (HTTP_RULES); a server error
 *  is a failure whatever the method. */
async function wrongMethod(run: CheckRun, op: OperationEntry, call: WrongMethod): Promise<Finding[]> {
  const { method, path, params, documented, auth } = call;
  const out = await run.call(op.operationId, { method, params, auth, body: method === 'GET' ? undefined : {} });
  if (out.fault)
    return [{ operationId: op.operationId, message: `${method} ${path}: ${out.fault.message}`, severity: 'error' }];
  const problems: Finding[] = [];
  if (out.status === 429) return run.conform(op.operationId, out, '4xx');
  const status = out.status!;
  if (status >= 500) {
    problems.push({
      operationId: op.operationId,
      message: `${method} ${path} answered ${status} (a server error)`,
      expected: '4xx (405 with Allow)',
      actual: String(status),
      severity: 'error',
    });
  } else if (status < 400 || status !== 405) {
    problems.push(
      resting(
        {
          operationId: op.operationId,
          message: `${method} ${path}, a method the spec lacks, answered ${status} rather than 405 (RFC 9110)`,
          expected: '405',
          actual: String(status),
        },
        'http:405' satisfies HttpRule,
      ),
    );
  } else if (!out.headers.allow) {
    problems.push(
      resting(
        {
          operationId: op.operationId,
          message: `${method} ${path} answered 405 without an Allow header (RFC 9110 asks for one)`,
          expected: `Allow: ${documented.join(', ')}`,
          actual: 'no Allow header',
        },
        'http:405-allow' satisfies HttpRule,
      ),
    );
  }
  return problems;
}
