// Injected faults: latency, a forced documented status, or a failure outside the
// spec (a kind), for the next N calls or until cleared, on every operation or one.
// Set through /__mock/faults.
import { listText } from '../../lib/words.js';

/**
 * Failures no spec documents, as servers and the proxies before them fail: each
 * is what an app's error screens must handle (docs/mock.md#faults-outside-the-spec).
 */
export const FAULT_KINDS = [
  'server-error',
  'bad-gateway',
  'unavailable',
  'gateway-timeout',
  'drop',
  'drop-mid',
  'no-answer',
  'truncated-json',
  'malformed-json',
  'slow',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The kinds a status forces where the operation does not document it (Laravel's 500, a proxy's 502/503/504). */
export const OUTSIDE_SPEC_STATUSES: Readonly<Record<number, FaultKind>> = {
  500: 'server-error',
  502: 'bad-gateway',
  503: 'unavailable',
  504: 'gateway-timeout',
};

/** What a status neither documented nor outside the spec is refused with: what is allowed instead. */
export function undocumentedStatus(operationId: string, status: number, documented: readonly string[]): string {
  return `${operationId} does not document status ${status}; it documents ${documented.join(', ')}. ${OUTSIDE_SPEC_OFFER}`;
}

/** The failures outside the spec a fault may force on any operation, said. */
export const OUTSIDE_SPEC_OFFER = `Outside the spec, any operation can be made to answer ${listText(Object.keys(OUTSIDE_SPEC_STATUSES), 'or')}, or to fail as a kind: ${listText([...FAULT_KINDS], 'or')}.`;

export const isFaultKind = (v: unknown): v is FaultKind => FAULT_KINDS.includes(v as FaultKind);

export interface FaultRule {
  id: number;
  /** Only this operation; all operations when absent. */
  operationId?: string;
  /** Answer with this documented status (and its example) instead of running the operation. */
  status?: number;
  /** A failure outside the spec instead of the operation's answer (or, for the body kinds, made of it). */
  kind?: FaultKind;
  latency_ms?: number;
  /** `unavailable` (503): the Retry-After it sends, in seconds. */
  retry_after?: number;
  /** `slow`: the rate the answer is trickled at. */
  bytes_per_second?: number;
  /** Calls left; the rule is dropped at 0. Absent: until cleared. */
  remaining?: number;
}

/**
 * Rules live at once: each call looks through them all, so a loop that adds rules and
 * never clears them would slow every call and grow without bound (a rule is ~100 bytes).
 */
export const MAX_FAULT_RULES = 1000;

export class FaultRules {
  private rules: FaultRule[] = [];
  private lastId = 0;

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /** Whether another rule may be added (fewer than MAX_FAULT_RULES live). */
  get full(): boolean {
    return this.rules.length >= MAX_FAULT_RULES;
  }

  add(rule: Omit<FaultRule, 'id'>): FaultRule {
    const r = { ...rule, id: ++this.lastId };
    this.rules.push(r);
    return r;
  }

  clear(): void {
    this.rules = [];
  }

  /** What applies to this call, spending one call of each rule used. Rules compose: a
   *  latency rule and an answer rule (a status or a kind) that both match apply together,
   *  whatever order they were added in (the first matching answer rule wins; the longest
   *  latency). A rule forcing a status passes over operations that do not document it
   *  (and keeps its count). */
  take(operationId: string, documents: (status: number) => boolean = () => true): Taken | undefined {
    const answers = (r: FaultRule) => r.status !== undefined || r.kind !== undefined;
    const matching = this.rules.filter(
      (r) =>
        (r.operationId === undefined || r.operationId === operationId) &&
        (r.status === undefined || documents(r.status)),
    );
    if (matching.length === 0) return undefined;
    const answerRule = matching.find(answers);
    const used = matching.filter((r) => r === answerRule || !answers(r));
    const latency = Math.max(0, ...used.map((r) => r.latency_ms ?? 0));
    for (const rule of used) {
      if (rule.remaining === undefined) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    const { status, kind, retry_after, bytes_per_second } = answerRule ?? {};
    return Object.fromEntries(
      Object.entries({ status, kind, retry_after, bytes_per_second, latency_ms: latency || undefined }).filter(
        ([, v]) => v !== undefined,
      ),
    ) as Taken;
  }
}

/** What the rules make of one call. */
export type Taken = Pick<FaultRule, 'status' | 'kind' | 'retry_after' | 'bytes_per_second' | 'latency_ms'>;

export interface Preference {
  code?: number;
  example?: string;
  /** `fault=KIND`: a failure outside the spec (the mock's own, not Prism's); NaN-like '' when not a kind. */
  fault?: FaultKind | '';
}

/** Prism's `Prefer` header: `code=404`, `example=name`, comma separated; and the mock's `fault=drop`. */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const out: Preference = {};
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const [k, v] = part.split('=').map((x) => x.trim());
    if (k === 'code' && v && /^\d{3}$/.test(v)) out.code = Number(v);
    else if (k === 'code') out.code = Number.NaN;
    if (k === 'example' && v) out.example = v;
    if (k === 'fault') out.fault = isFaultKind(v) ? v : '';
  }
  return out;
}
