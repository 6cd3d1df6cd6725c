// The request journal (as WireMock's): the last N exchanges with the API,
// bounded in count and in characters (per body, and all held texts together),
// secrets redacted before anything is shown or cut (journal-redact.ts: by
// name after decoding, every live token the store knows when it is read, and
// anything shaped like a token of this mock, of whichever world).
// Redaction and the exchange validator's findings on the mock's own answer are
// computed when the journal is read, so serving stays fast.

import { LiveTokens } from '../../lib/secret-names.js';
import type { SecretPath } from '../../lib/secret-paths.js';
import type { ExchangeFinding } from '../../spec/exchange.js';
import { TOKEN_HEX_DIGITS } from '../store/sessions.js';
import { excerpt, redactHeaders, redactUrl, secretHeaders } from './redact.js';
import { redactText } from './scan.js';

export { redactHeaders, secretHeaders };

export const JOURNAL_DEFAULTS = {
  /** Exchanges kept. */
  size: 200,
  /** Characters of each body kept in an entry (after redaction). */
  bodyChars: 8192,
  /** Answers up to this size are kept whole for validation; a longer one is cut when recorded. */
  validateChars: 262_144,
  /** Characters of a text cut when recorded: twice what is shown, and room to drop a token cut in two. */
  keepChars: 32_768,
  /**
   * Characters of raw texts held by reference, all entries together: past it
   * the oldest are cut to keepChars. Bounds the journal by bytes (at most 2 per
   * character): 200 entries of 1 MiB bodies no longer hold 400 MiB. (A floor
   * remains: size + slack entries of keepChars each way, 15 Mi characters at 200.)
   */
  heldChars: 16 * 1024 * 1024,
} as const;

export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  url: string;
  operationId: string | null;
  status: number;
  /** The error's code (`x-mock-error`: `MCS_ERR_*`, or a Fastify `FST_ERR_*`); null for an answer that is no error. */
  error: string | null;
  ms: number;
  /** The signed-in account's email, never its token. */
  account: string | null;
  /**
   * Present only on a failure forced outside the spec (a fault rule's kind, `Prefer: fault=`): its kind
   * (`drop`, `no-answer`...); `error` is then MCS_ERR_FORCED_OUTSIDE_SPEC, and `status` 0 when no status line was sent.
   */
  fault?: string;
  /** The world it was answered in (X-Mock-World); null when it named none that could be used. */
  world: string | null;
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
  error?: string | null;
  ms: number;
  account: string | null;
  /** The kind of a failure forced outside the spec. */
  fault?: string | null;
  world?: string | null;
  headers: Record<string, string | string[] | undefined>;
  requestBody: unknown;
  contentType: string | null;
  /** The answer as sent: a kept answer's bytes are the answer cache's, held by reference (never changed). */
  responseText: string | Buffer | null;
  rateLimit?: JournalEntry['rateLimit'];
}

/** A status (404) or a class of them (4 for 4xx). */
export type StatusFilter = { status: number } | { class: number };

export interface JournalFilter {
  operationId?: string;
  /** Only this world's exchanges. */
  world?: string;
  status?: StatusFilter;
  /** Entries after this id (a poller's cursor). */
  after?: number;
  /** Entries at or after this time. */
  since?: Date;
  limit?: number;
}

function statusMatches(status: number, filter: StatusFilter): boolean {
  return 'status' in filter ? status === filter.status : Math.floor(status / 100) === filter.class;
}

/** A JSON value with every secret field masked (the journal's scan, on its JSON text). */
export function redactBody(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? value : JSON.parse(redactText(text, new LiveTokens()).text);
}

/** A JSON text parsed (undefined when it is none); any other value as it is. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Copies the start of a long text: a slice would keep the whole text alive (V8 sliced strings). */
function keepStart(text: string, chars: number): string {
  return Buffer.from(text.slice(0, chars), 'utf8').toString('utf8');
}

/** An exchange as recorded: references only, so recording costs a push (the work waits for a reader). */
interface Pending {
  id: number;
  at: number;
  recorded: Recorded;
  /** Characters of its texts still held (counted against the journal's budget). */
  chars: number;
  /** Its request body or answer was cut when recorded (too large, or over the budget). */
  cutRequest?: boolean;
  cutResponse?: boolean;
  shown?: JournalEntry;
}

export interface JournalOptions {
  /** The tokens that work now, asked when the journal is read: masked wherever they show. */
  liveTokens?: () => Iterable<string>;
  /** Paths of the spec with a secret parameter, masked in URLs. */
  secretPaths?: readonly SecretPath[];
  /** The fields of a request body its operation does not document, as observations (spec/ignored-fields.ts). */
  ignored?: (operationId: string, body: unknown) => NonNullable<JournalEntry['findings']>;
}

// What a held text counts against the budget: its characters; an answer's bytes count as the characters
// that hold as much memory (2 bytes each).
const textLength = (v: unknown) =>
  typeof v === 'string' ? v.length : Buffer.isBuffer(v) ? Math.ceil(v.length / 2) : 0;

/** A text's characters; an answer's bytes decoded only when they could be more than `limit` characters. */
const longerThan = (v: unknown, limit: number): boolean =>
  typeof v === 'string'
    ? v.length > limit
    : Buffer.isBuffer(v) && v.length > limit && v.toString('utf8').length > limit;

/** An answer sent as bytes, as the text it is; anything else as it is. */
const asText = <T>(v: T): T | string => (Buffer.isBuffer(v) ? v.toString('utf8') : v);

export class Journal {
  private entries: Pending[] = [];
  private next = 1;
  /** Characters of recorded texts not yet shown (the raw exchanges held by reference). */
  private held = 0;
  /** Entries before this index were cut to fit the budget already. */
  private cutTo = 0;
  liveTokens: () => Iterable<string>;
  private readonly secretPaths: readonly SecretPath[];
  private readonly ignored: JournalOptions['ignored'];
  /**
   * Entries kept past `size` before the oldest go, in one slice: an eighth, at
   * least 32. Kept to twice the size, the entries alive between two of V8's
   * young-generation collections made each one copy them all: the journal
   * tripled the mock's time in those collections under load (docs/decisions/benchmark-journal.md).
   */
  private readonly slack: number;

  constructor(
    readonly size: number = JOURNAL_DEFAULTS.size,
    private readonly validate?: (e: {
      operationId: string;
      status: number;
      contentType: string | null;
      body: unknown;
    }) => JournalEntry['findings'],
    private readonly secret: ReadonlySet<string> = secretHeaders(),
    options: JournalOptions = {},
  ) {
    this.liveTokens = options.liveTokens ?? (() => []);
    this.secretPaths = options.secretPaths ?? [];
    this.ignored = options.ignored;
    this.slack = Math.max(32, Math.ceil(size / 8));
  }

  get enabled(): boolean {
    return this.size > 0;
  }

  // Redacting, cutting and parsing an 11 KB page took most of a request's time
  // (client/list at a tenth of its throughput), so an entry is only a reference
  // until someone reads it. A text too large to keep whole is cut now (a copy
  // of its start), and so are the oldest held texts when all held pass the budget.
  record(r: Recorded): void {
    if (!this.enabled) return;
    const entry: Pending = { id: this.next++, at: Date.now(), recorded: r, chars: 0 };
    if (textLength(r.requestBody) > JOURNAL_DEFAULTS.keepChars) this.cut(entry, 'request');
    if (longerThan(r.responseText, JOURNAL_DEFAULTS.validateChars)) this.cut(entry, 'response');
    entry.chars = textLength(entry.recorded.requestBody) + textLength(entry.recorded.responseText);
    this.held += entry.chars;
    this.entries.push(entry);
    if (this.entries.length > this.size + this.slack) {
      const gone = this.entries.length - this.size;
      for (const e of this.entries.slice(0, gone)) this.held -= e.chars;
      this.entries = this.entries.slice(gone);
      this.cutTo = Math.max(0, this.cutTo - gone);
    }
    if (this.held > JOURNAL_DEFAULTS.heldChars) this.cutOldest();
  }

  /** Cuts the oldest entries not cut yet until the held texts fit the budget; each entry is visited once. */
  private cutOldest(): void {
    while (this.held > JOURNAL_DEFAULTS.heldChars && this.cutTo < this.entries.length - 1) {
      const old = this.entries[this.cutTo++] as Pending;
      this.held -= old.chars;
      this.cut(old, 'request');
      this.cut(old, 'response');
      old.chars = old.shown ? 0 : textLength(old.recorded.requestBody) + textLength(old.recorded.responseText);
      this.held += old.chars;
    }
  }

  private cut(e: Pending, side: 'request' | 'response'): void {
    const r = e.recorded;
    const text = asText(side === 'request' ? r.requestBody : r.responseText);
    if (e.shown || typeof text !== 'string' || text.length <= JOURNAL_DEFAULTS.keepChars) return;
    const kept = keepStart(text, JOURNAL_DEFAULTS.keepChars);
    if (side === 'request') {
      e.recorded = { ...r, requestBody: kept };
      e.cutRequest = true;
    } else {
      e.recorded = { ...r, responseText: kept };
      e.cutResponse = true;
    }
  }

  /** Newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const since = filter.since?.getTime();
    const picked = this.entries
      .slice(-this.size)
      .filter(
        (e) =>
          (filter.operationId === undefined || e.recorded.operationId === filter.operationId) &&
          (filter.world === undefined || e.recorded.world === filter.world) &&
          (filter.status === undefined || statusMatches(e.recorded.status, filter.status)) &&
          (filter.after === undefined || e.id > filter.after) &&
          (since === undefined || e.at >= since),
      );
    // The store is asked once per read, and only when an entry is shown for the first time.
    let live: LiveTokens | undefined;
    const liveNow = () => {
      // The store's tokens by value, and any token of this mock by its shape: a resting world's are on disk only.
      live ??= new LiveTokens(this.liveTokens(), undefined, TOKEN_HEX_DIGITS);
      return live;
    };
    return picked
      .slice(-(filter.limit ?? this.size))
      .reverse()
      .map((e) => e.shown ?? this.materialize(e, liveNow()));
  }

  private materialize(e: Pending, live: LiveTokens): JournalEntry {
    const r = { ...e.recorded, responseText: asText(e.recorded.responseText) };
    const chars = JOURNAL_DEFAULTS.bodyChars;
    // What the request revealed by name (a path token, a query's api_token, a password) is masked wherever it
    // is echoed: the URL's and headers' in the body, all of them in the answer (a 404 names the path it did not find).
    const removed: string[] = [];
    const url = redactUrl(r.url, this.secretPaths, live, removed);
    const headers = redactHeaders(r.headers, this.secret, live, removed);
    const request = excerpt(r.requestBody, chars, new LiveTokens(removed, live), e.cutRequest, removed);
    const echoed = new LiveTokens(removed, live);
    e.shown = {
      id: e.id,
      time: new Date(e.at).toISOString(),
      method: r.method,
      url,
      operationId: r.operationId,
      status: r.status,
      error: r.error ?? null,
      ms: Math.round(r.ms * 10) / 10,
      account: r.account,
      ...(r.fault ? { fault: r.fault } : {}),
      world: r.world ?? null,
      request: { headers, ...request },
      response: { contentType: r.contentType, ...excerpt(r.responseText, chars, echoed, e.cutResponse) },
      rateLimit: r.rateLimit ?? null,
      findings: this.findings(r, e, echoed),
    };
    // The raw exchange (secrets included) is dropped once the redacted entry exists.
    e.recorded = { ...r, headers: {}, requestBody: null, responseText: null };
    this.held -= e.chars;
    e.chars = 0;
    return e.shown;
  }

  /** The fields the request's body sent that its operation ignores (observations), then the validator's
   *  findings on the mock's answer; none of a side that was cut (too large to keep whole). */
  private findings(r: Recorded, e: Pending, secrets: LiveTokens): JournalEntry['findings'] {
    if (!r.operationId || (!this.validate && !this.ignored)) return undefined;
    const body = e.cutRequest ? undefined : parsed(r.requestBody);
    // A field's name is the app's text: a secret used as one is masked as in the bodies.
    const ignored = (this.ignored && body !== undefined ? this.ignored(r.operationId, body) : []).map((f) => ({
      ...f,
      at: f.at && secrets.mask(f.at),
      message: secrets.mask(f.message),
    }));
    // Said, so that a body too large to check does not pass for one that sent no ignored field.
    if (this.ignored && e.cutRequest)
      ignored.push({
        at: '',
        expected: 'a body kept whole',
        actual: 'cut',
        message: `the request body was too large to keep whole (${textLength(r.requestBody)} characters), so its fields were not checked for ignored ones`,
        severity: 'observation',
      });
    // A failure forced outside the spec is not the spec's answer on purpose: no finding says so again.
    const answer = e.cutResponse || r.responseText === null || r.fault ? undefined : parsed(r.responseText);
    if (!this.validate || answer === undefined) return ignored;
    const { operationId, status, contentType } = r;
    return [...ignored, ...(this.validate({ operationId, status, contentType, body: answer }) ?? [])];
  }

  /** Characters of raw exchanges held until they are read (bounded by JOURNAL_DEFAULTS.heldChars). */
  get heldChars(): number {
    return this.held;
  }

  get count(): number {
    return Math.min(this.entries.length, this.size);
  }

  /** Forgets every exchange, or one world's. */
  clear(world?: string): number {
    if (world !== undefined) return this.clearWorld(world);
    const n = this.count;
    this.entries = [];
    this.held = 0;
    this.cutTo = 0;
    return n;
  }

  private clearWorld(world: string): number {
    const n = this.entries.slice(-this.size).filter((e) => e.recorded.world === world).length;
    const kept = this.entries.filter((e) => e.recorded.world !== world);
    for (const e of this.entries) if (e.recorded.world === world) this.held -= e.chars;
    this.entries = kept;
    this.cutTo = 0;
    return n;
  }
}
