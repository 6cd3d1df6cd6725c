// What --fuzz may send to a live deployment, operation by operation. Safe by
// default: valid requests only to reads (the spec's `x-read`: an operation not
// marked is a write, spec/operation-facts.ts); invalid ones everywhere, made so that
// a deployment that wrongly accepts one changes nothing; valid writes only with
// --allow-writes and only to a record the run added itself.
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { AuthMode } from '../check-run.js';
import { endsSession } from '../checks/disposable.js';
import { isTargetId, makeHarmless, NO_SUCH_ID } from '../checks/negative.js';

/** How the valid requests of an operation are sent, or why they are not. */
export type ValidPlan = { kind: 'read' } | { kind: 'own-record' } | { kind: 'skip'; reason: string };

/**
 * Read from the spec: a read (`x-read`) gets valid requests; a write whose `x-write-effect` is `adds-own-record`
 * gets them with --allow-writes, on a record the run adds itself (own-records.ts); any other write none, for
 * the reason its effect says.
 */
export function validPlan(op: OperationEntry, allowWrites: boolean): ValidPlan {
  if (op.read) return { kind: 'read' };
  if (op.writeEffect?.kind === 'adds-own-record')
    return allowWrites
      ? { kind: 'own-record' }
      : { kind: 'skip', reason: 'read-only run; --allow-writes adds valid edits of a record the run adds itself' };
  return {
    kind: 'skip',
    reason: op.writeEffect?.says ?? 'not a read, and the spec says of no record of its own for it to change',
  };
}

/** Never the run's own session on an operation that could end it. */
export const MADE_UP_TOKEN = 'contract-fuzz-made-up-token';
export function invalidAuth(op: OperationEntry): AuthMode | undefined {
  return endsSession(op) ? { bearer: MADE_UP_TOKEN } : undefined;
}

/** Path parameters name nothing that exists (a reset token no one was sent). */
export function unknownParams(op: OperationEntry): Record<string, string> | undefined {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.length ? Object.fromEntries(names.map((n) => [n, `contract-fuzz-unknown-${n}`])) : undefined;
}

/** A field a flaw must leave as the harmless base has it: a password stays absent, and on a write
 *  the record's identifier stays present (an unknown one), so that the request still names nothing. */
export function isProtected(op: OperationEntry, key: string): 'untouched' | 'present' | undefined {
  if (op.read) return undefined;
  if (/password/.test(key)) return 'untouched';
  return isTargetId(key) ? 'present' : undefined;
}

/** A field of a write that keeps its harmless value in every boundary case: what names a record, an account
 *  or a session (an identifier, an email address, a password, a QR code) is never set to a LIKE wildcard or a
 *  quote that a lenient backend could match against real ones. */
export function keptHarmless(op: OperationEntry, key: string): boolean {
  if (op.read) return false;
  return isProtected(op, key) !== undefined || /email/.test(key) || key === 'qr_code';
}

/** The base of an invalid request to a write: every record identifier the schema has is set to one that
 *  does not exist, accounts are nobody's, passwords are left out (checks/negative.ts). Reads pass as they are. */
export function harmless(op: OperationEntry, body: unknown): unknown {
  if (op.read || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  const properties = (foldAllOf(op.requestBody?.schema ?? {}).properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, p] of Object.entries(properties)) if (isTargetId(key) && p.type === 'integer') out[key] = NO_SUCH_ID;
  return makeHarmless(out);
}
