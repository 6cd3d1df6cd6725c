// The requests --fuzz generates for one operation, from its own schemas: the
// values come from the arbitraries the mock's fuzzer uses (valueFor), the
// flaws from flaws.ts, and a request body is checked against its schema before
// it is sent, so that a valid case is valid and an invalid one invalid.
import fc from 'fast-check';
import type { OperationEntry } from '../../spec/load.js';
import { type Hints, valueFor } from './arbitraries.js';
import { applyFlaw, type Flaw, flawsOf } from './flaws.js';
import { harmless } from './safety.js';

export interface FuzzCase {
  body?: unknown;
  query: Record<string, string>;
  /** null: the request goes without the platform header. */
  platform: string | null;
  /** What makes an invalid case invalid. */
  flaw?: Flaw;
  /** The field and value a valid case of the boundary phase sets (boundary.ts). */
  boundary?: string;
}

export interface CaseContext {
  /** The spec's platform values, the run's own first. */
  platforms: readonly string[];
  /** x-platform-refusal.refused: a request without a known platform header is invalid (false: it is served;
   *  absent, refused). */
  platformRefused?: boolean;
  hints: Hints;
}

/** Query parameters as text: each present or not, within its schema. */
function queryFor(op: OperationEntry): fc.Arbitrary<Record<string, string>> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const fields = Object.fromEntries(
    params.map((p) => [p.name, valueFor(p.schema, 0, { chaos: false, hints: {} }).map(String)]),
  );
  return fc.record(fields, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<
    Record<string, string>
  >;
}

/** A valid request: every value within the schema; hinted fields (ids the account has) mixed with generated ones. */
export function validCase(op: OperationEntry, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const body =
    op.method === 'get'
      ? fc.constant(undefined)
      : op.requestBody
        ? valueFor(op.requestBody.schema, 0, { chaos: false, hints: ctx.hints, mixHints: true })
        : fc.constant({});
  return fc.record({ body, query: queryFor(op), platform: fc.constantFrom(...ctx.platforms) });
}

/** An invalid request: a valid one made harmless (safety.ts), with one flaw. */
export function invalidCase(op: OperationEntry, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const flaws = flawsOf(op, ctx.platforms, ctx.platformRefused);
  return fc
    .tuple(validCase(op, ctx), fc.constantFrom(...flaws))
    .map(([c, flaw]) => ({ ...applyFlaw({ ...c, body: harmless(op, c.body) }, flaw), flaw }));
}

/** One line for a report: what was generated, cut short. */
export function describeCase(c: FuzzCase): string {
  const parts = [c.flaw?.label ?? (c.boundary ? `a valid boundary value ${c.boundary}` : 'a valid request')];
  if (c.body !== undefined) parts.push(`body ${JSON.stringify(c.body)}`);
  if (Object.keys(c.query).length) parts.push(`query ?${new URLSearchParams(c.query)}`);
  if (c.platform !== null) parts.push(`platform ${c.platform}`);
  const text = parts.join(', ');
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
