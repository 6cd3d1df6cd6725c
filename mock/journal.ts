// The request journal (as WireMock's): the last N exchanges with the API,
// bounded in count and in bytes per body, secrets redacted before anything is
// shown or cut. The exchange validator's findings on the mock's own answer are
// computed when the journal is read, so serving stays fast.
import type { ExchangeFinding } from '../contracts/exchange.js';

const MASK = '[REDACTED]';
/** Body fields that carry a secret, whatever operation they come in. */
const SECRET_FIELD =
  /^(password|current_password|new_password|password_confirmation|new_password_confirmation|api_token|token|reset_token|qr_code|device_token)$/i;
/** Headers that carry a secret whatever the API: the API's own credential headers come from the spec's facts. */
const ALWAYS_SECRET = ['authorization', 'cookie', 'set-cookie'];

export function secretHeaders(credentialHeaders: readonly string[] = []): ReadonlySet<string> {
  return new Set([...ALWAYS_SECRET, ...credentialHeaders.map((h) => h.toLowerCase())]);
}

export const JOURNAL_DEFAULTS = {
  /** Exchanges kept. */
  size: 200,
  /** Characters of each body kept in an entry (after redaction). */
  bodyChars: 8192,
  /** Answers up to this size are kept whole for validation. */
  validateChars: 262_144,
  /** Raw exchanges waiting to be read, in characters; beyond, the oldest are redacted and cut at once. */
  waitingChars: 8 * 1024 * 1024,
} as const;

export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  url: string;
  operationId: string | null;
  status: number;
  ms: number;
  /** The signed-in account's email, never its token. */
  account: string | null;
  request: { headers: Record<string, string>; body: string | null; truncated: boolean };
  response: { contentType: string | null; body: string | null; truncated: boolean };
  /** The rate-limit headers of the answer, when the limit is on. */
  rateLimit: { limit: number; remaining: number; resetSeconds: number } | null;
  findings?: Array<Pick<ExchangeFinding, 'at' | 'expected' | 'actual' | 'message' | 'severity'>>;
}

export interface Recorded {
  method: string;
  url: string;
  operationId: string | null;
  status: number;
  ms: number;
  account: string | null;
  headers: Record<string, string | string[] | undefined>;
  requestBody: unknown;
  contentType: string | null;
  responseText: string | null;
  rateLimit?: JournalEntry['rateLimit'];
}

export interface JournalFilter {
  operationId?: string;
  status?: number;
  /** Entries after this id (a poller's cursor). */
  after?: number;
  /** Entries at or after this time. */
  since?: Date;
  limit?: number;
}

/** Replaces every secret field of a JSON value; text that is not JSON passes through the token pattern. */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) && v !== null && v !== '' ? MASK : redactBody(v)]),
    );
  }
  return value;
}

export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  secret: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const text = Array.isArray(v) ? v.join(', ') : String(v);
    out[k] = !secret.has(k.toLowerCase())
      ? text
      : k.toLowerCase() === 'authorization'
        ? text.replace(/^(\w+\s+).*$/, `$1${MASK}`)
        : MASK;
  }
  return out;
}

function excerpt(value: unknown, chars: number): { body: string | null; truncated: boolean } {
  if (value === undefined || value === null || value === '') return { body: null, truncated: false };
  let text: string;
  if (typeof value === 'string') {
    try {
      text = JSON.stringify(redactBody(JSON.parse(value)));
    } catch {
      text = value.replace(/("(?:password|api_token|token)"\s*:\s*")[^"]*/gi, `$1${MASK}`);
    }
  } else text = JSON.stringify(redactBody(value));
  // A copy, not a slice: V8 keeps a slice's whole parent alive, and a 1 MB answer would stay behind its 8 kB excerpt.
  return text.length > chars
    ? { body: JSON.parse(JSON.stringify(text.slice(0, chars))) as string, truncated: true }
    : { body: text, truncated: false };
}

/** Characters an exchange keeps while it waits to be read. */
const rawChars = (r: Recorded) =>
  (r.responseText?.length ?? 0) + (typeof r.requestBody === 'string' ? r.requestBody.length : 0);

/** An exchange as recorded: references only, so recording costs a push (the work waits for a reader). */
interface Pending {
  id: number;
  at: number;
  recorded: Recorded;
  shown?: JournalEntry;
  /** Raw characters it counts in the waiting total (0 once shown, or when cut at once). */
  chars: number;
}

export class Journal {
  private entries: Pending[] = [];
  private next = 1;
  /** Entries still raw, oldest first, and their characters: bounded by bytes, not only by count. */
  private waiting: Pending[] = [];
  private waitingChars = 0;

  constructor(
    readonly size: number = JOURNAL_DEFAULTS.size,
    private readonly validate?: (e: {
      operationId: string;
      status: number;
      contentType: string | null;
      body: unknown;
    }) => JournalEntry['findings'],
    private readonly secret: ReadonlySet<string> = secretHeaders(),
  ) {}

  get enabled(): boolean {
    return this.size > 0;
  }

  // Redacting, cutting and parsing an 11 KB page took most of a request's time
  // (client/list at a tenth of its throughput), so an entry is only a reference
  // until someone reads it. An answer too large to keep whole is cut now.
  // An exchange too large to keep whole (answer or request body), or one that would take
  // the raw ones past waitingChars (the oldest then), is cut now.
  record(r: Recorded): void {
    if (!this.enabled) return;
    const chars = rawChars(r);
    const entry: Pending = { id: this.next++, at: Date.now(), recorded: r, chars: 0 };
    this.entries.push(entry);
    if (this.entries.length > this.size * 2) this.entries = this.entries.slice(-this.size);
    if (chars > JOURNAL_DEFAULTS.validateChars) this.materialize(entry);
    else {
      entry.chars = chars;
      this.waiting.push(entry);
      this.waitingChars += chars;
    }
    const oldest = this.entries[0]!.id;
    while (this.waiting.length && (this.waiting[0]!.id < oldest || this.waitingChars > JOURNAL_DEFAULTS.waitingChars)) {
      const e = this.waiting.shift()!;
      if (e.id < oldest) this.release(e);
      else this.materialize(e);
    }
  }

  /** An entry no longer raw: its characters leave the waiting count. */
  private release(e: Pending): void {
    this.waitingChars -= e.chars;
    e.chars = 0;
  }

  /** Newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const since = filter.since?.getTime();
    const picked = this.entries
      .slice(-this.size)
      .filter(
        (e) =>
          (filter.operationId === undefined || e.recorded.operationId === filter.operationId) &&
          (filter.status === undefined || e.recorded.status === filter.status) &&
          (filter.after === undefined || e.id > filter.after) &&
          (since === undefined || e.at >= since),
      );
    return picked
      .slice(-(filter.limit ?? this.size))
      .reverse()
      .map((e) => this.materialize(e));
  }

  private materialize(e: Pending): JournalEntry {
    if (e.shown) return e.shown;
    const r = e.recorded;
    let full: unknown;
    if (r.responseText !== null && r.responseText.length <= JOURNAL_DEFAULTS.validateChars) {
      try {
        full = JSON.parse(r.responseText);
      } catch {
        full = undefined;
      }
    }
    e.shown = {
      id: e.id,
      time: new Date(e.at).toISOString(),
      method: r.method,
      url: r.url,
      operationId: r.operationId,
      status: r.status,
      ms: Math.round(r.ms * 10) / 10,
      account: r.account,
      request: {
        headers: redactHeaders(r.headers, this.secret),
        ...excerpt(r.requestBody, JOURNAL_DEFAULTS.bodyChars),
      },
      response: { contentType: r.contentType, ...excerpt(r.responseText, JOURNAL_DEFAULTS.bodyChars) },
      rateLimit: r.rateLimit ?? null,
      findings:
        this.validate && r.operationId && full !== undefined
          ? this.validate({ operationId: r.operationId, status: r.status, contentType: r.contentType, body: full })
          : this.validate && r.operationId
            ? []
            : undefined,
    };
    // The raw exchange (secrets included) is dropped once the redacted entry exists.
    e.recorded = { ...r, headers: {}, requestBody: null, responseText: null };
    this.release(e);
    return e.shown;
  }

  get count(): number {
    return Math.min(this.entries.length, this.size);
  }

  clear(): number {
    const n = this.count;
    this.entries = [];
    this.waiting = [];
    this.waitingChars = 0;
    return n;
  }
}
