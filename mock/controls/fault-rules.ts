// Injected faults: latency or a forced documented status, for the next N calls
// or until cleared, on every operation or one. Set through /__mock/faults.
export interface FaultRule {
  id: number;
  /** Only this operation; all operations when absent. */
  operationId?: string;
  /** Answer with this documented status (and its example) instead of running the operation. */
  status?: number;
  latency_ms?: number;
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
   *  latency rule and a status rule that both match apply together, whatever order they
   *  were added in (the first matching status wins; the longest latency). A rule forcing a
   *  status passes over operations that do not document it (and keeps its count). */
  take(
    operationId: string,
    documents: (status: number) => boolean = () => true,
  ): { status?: number; latency_ms?: number } | undefined {
    const matching = this.rules.filter(
      (r) =>
        (r.operationId === undefined || r.operationId === operationId) &&
        (r.status === undefined || documents(r.status)),
    );
    if (matching.length === 0) return undefined;
    const statusRule = matching.find((r) => r.status !== undefined);
    const used = matching.filter((r) => r === statusRule || r.status === undefined);
    const latency = Math.max(0, ...used.map((r) => r.latency_ms ?? 0));
    for (const rule of used) {
      if (rule.remaining === undefined) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    return { ...(statusRule ? { status: statusRule.status } : {}), ...(latency ? { latency_ms: latency } : {}) };
  }
}

export interface Preference {
  code?: number;
  example?: string;
}

/** Prism's `Prefer` header: `code=404`, `example=name`, comma separated. */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const out: Preference = {};
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/[,;]/)) {
    const [k, v] = part.split('=').map((x) => x.trim());
    if (k === 'code' && v && /^\d{3}$/.test(v)) out.code = Number(v);
    else if (k === 'code') out.code = Number.NaN;
    if (k === 'example' && v) out.example = v;
  }
  return out;
}
