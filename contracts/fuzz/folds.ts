// What a fuzz check found, folded by kind: a 5xx, an invalid request accepted,
// a valid one refused, a body off the spec at one place... Every request of the
// budget is judged, so that one shape error on every answer does not hide a 500
// that one value gives; and a kind met a thousand times is reported once, with
// its count and its first few requests (each with its reproduction). What is held
// is bounded whatever the budget: at most MAX_KINDS kinds of EXAMPLES each.
import type { Reproduction } from '../../lib/reproduce.js';
import { anyIndex, type Finding, resting } from '../types.js';

/** Requests shown of each kind, each with its reproduction. */
export const EXAMPLES = 3;
/** Kinds held per check; a finding of a kind past these is only counted. */
export const MAX_KINDS = 12;

/** The kind of a finding: what it is and, for a body off the spec, where (array indices folded). */
export function kindOf(f: Finding): string {
  if (f.expected === 'an answer') return `no answer (${f.actual})`;
  if (f.expected === 'a JSON body') return 'no JSON body';
  if (f.keyword === 'status') return `undocumented status ${f.status}`;
  if (f.keyword === 'content-type') return 'content type';
  // A body off the spec is one kind per status and per node it rests on: a 400 whose body rests on an assumed
  // shape and a 403 whose body breaks a fact are two findings, and the check fails on the second only.
  if (f.keyword) {
    const where = anyIndex(f.at) || '(body)';
    const status = f.status === undefined ? '' : `${f.status} `;
    return `schema ${status}${where} ${f.keyword}${f.assumption ? ` (${f.assumption})` : ''}`;
  }
  if (f.status !== undefined && f.actual === String(f.status)) {
    if (f.status >= 500) return '5xx';
    // An acceptance that contradicts an assumption is another kind than one that contradicts a fact.
    if (f.expected === '4xx')
      return f.status < 300
        ? `invalid accepted${f.assumption ? ` (${f.assumption})` : ''}`
        : `answered ${f.status} to an invalid request`;
    return f.status >= 400 ? `valid refused with ${f.status}` : `answered ${f.status}`;
  }
  return f.message;
}

/** The worst first: no answer and server errors, then a wrong verdict on the request, then the rest. */
const weight = (kind: string) =>
  /^(no answer|5xx)/.test(kind) ? 0 : /^(invalid accepted|valid refused|answered)/.test(kind) ? 1 : 2;

interface Fold {
  kind: string;
  /** Requests of the budget that gave it. */
  count: number;
  examples: Finding[];
  failing: boolean;
  /** Where the random phase first met it (fast-check's run index), for shrinking; absent from a boundary case. */
  at?: number;
  /** The generated request it was first met at (1-based), for the note. */
  nth?: number;
}

export interface Origin {
  /** How a report describes the request. */
  describe: () => string;
  reproduce: () => Reproduction;
  /** A generated request: its fast-check run index and its number among those sent. */
  generated?: { at: number; nth: number };
}

export class Folds {
  private readonly folds = new Map<string, Fold>();
  /** Findings of kinds past MAX_KINDS: counted, the first kept to rest the summary on. */
  private readonly others = { count: 0, assumption: undefined as string | undefined, all: true };

  constructor(
    private readonly failsCheck: (f: Finding) => boolean,
    private readonly operationId?: string,
  ) {}

  get size(): number {
    return this.folds.size;
  }

  /** One answer's findings, each kind counted once for the request. */
  add(findings: Finding[], origin: Origin): void {
    const seen = new Set<string>();
    for (const f of findings) {
      const kind = kindOf(f);
      if (seen.has(kind)) continue;
      seen.add(kind);
      let fold = this.folds.get(kind);
      if (!fold && this.folds.size >= MAX_KINDS) {
        this.other(f);
        continue;
      }
      if (!fold) {
        fold = { kind, count: 0, examples: [], failing: false, at: origin.generated?.at, nth: origin.generated?.nth };
        this.folds.set(kind, fold);
      }
      fold.count++;
      fold.failing ||= this.failsCheck(f);
      if (fold.examples.length < EXAMPLES) fold.examples.push(this.example(f, origin));
    }
  }

  private example(f: Finding, origin: Origin): Finding {
    return { ...f, message: `${f.message} (fuzz: ${origin.describe()})`, reproduce: f.reproduce ?? origin.reproduce() };
  }

  private other(f: Finding): void {
    this.others.count++;
    this.others.assumption ??= f.assumption;
    this.others.all &&= f.assumption !== undefined;
  }

  /** Failing kinds first met in the random phase, worst first: the ones worth shrinking. */
  toShrink(max: number): Array<{ kind: string; at: number; nth: number }> {
    return this.sorted()
      .filter((f) => f.failing && f.at !== undefined)
      .slice(0, max)
      .map((f) => ({ kind: f.kind, at: f.at!, nth: f.nth! }));
  }

  /** The smallest request shrinking found for a kind takes the place of its first. */
  replaceFirst(kind: string, finding: Finding, origin: Omit<Origin, 'generated'>): void {
    const fold = this.folds.get(kind);
    if (fold) fold.examples[0] = this.example(finding, origin);
  }

  private sorted(): Fold[] {
    return [...this.folds.values()].sort((a, b) => weight(a.kind) - weight(b.kind));
  }

  /** One line per kind for the note: `5xx 3, schema /data/total type 30`. */
  summary(): string {
    return this.sorted()
      .map((f) => `${f.kind} ${f.count}`)
      .join(', ');
  }

  /** The findings to report: each kind's examples, the first with its count of the `sent` requests. */
  findings(sent: number): Finding[] {
    const out: Finding[] = [];
    for (const fold of this.sorted()) {
      const shown = fold.examples.length;
      fold.examples.forEach((f, i) => {
        const tally =
          i === 0
            ? `${fold.count} of ${sent} requests${fold.count > shown ? `, ${shown} shown` : ''}`
            : `shown ${i + 1} of ${shown}`;
        out.push({ ...f, message: `${f.message} [${fold.kind}: ${tally}]` });
      });
    }
    if (this.others.count) {
      const { count, all, assumption } = this.others;
      out.push(
        resting(
          {
            operationId: this.operationId,
            message: `... and ${count} more finding${count === 1 ? '' : 's'} of kinds past the first ${MAX_KINDS} (not listed)`,
          },
          all ? assumption : undefined,
        ),
      );
    }
    return out;
  }
}
