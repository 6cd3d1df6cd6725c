// Answers kept until the store next changes, for every operation, with no list
// of which ones only read: an answer is kept only if the store did not change
// while it was made (a write moves the version), and a handler's answer is a
// function of its input and the store (handlers read no clock and no randomness
// of their own). So a write is never answered from the cache, and two adds get
// two ids. The text is made once by the route's response serializer, and kept
// in the form that costs least to send (sendable()).
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * What an answer depends on besides the store, which is every part of a
 * handler's input: the method and URL (path and query), the token (and so the
 * caller), the platform header, the Host (the base URL of page links: without TLS or a
 * trusted proxy it is the only part that varies) and the body as it arrived.
 * A short body's raw text, not its parsed value: no stringify on the hot path,
 * and two spellings of one body only cost a second entry. A long text (padding
 * up to the body limit would make every key that long) and a body that arrived
 * without text (the errors plugin's JSON parser not registered, or an absent
 * body read as {}) are stringified from the validated value, so the key never
 * ignores the body and stays as small as the schema allows.
 */
export const RAW_KEY_LIMIT = 1024;

export function cacheKey(request: FastifyRequest, platform: string): string {
  const text = request.bodyText;
  const body =
    text !== undefined && text.length <= RAW_KEY_LIMIT
      ? text
      : request.body === undefined
        ? ''
        : JSON.stringify(request.body);
  return `${request.method} ${request.url}\u0000${request.token ?? ''}\u0000${platform}\u0000${request.headers.host ?? ''}\u0000${body}`;
}
/**
 * The default bound on what the cache keeps: keys and answers together. V8
 * keeps a string in 1 or 2 bytes a character; the cache counts 2, so the bound
 * holds whatever the text (a page of clients whose fields hold accents or CJK).
 */
export const CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** An answer whose key and text come to more than this share of the bound is sent, not kept. */
const LARGEST_SHARE = 8;

/** An answer as kept and sent: a flat text, or its UTF-8 bytes. */
export type Answer = string | Buffer;

/** Answers of at least this many characters are kept as bytes. */
export const BYTES_FROM = 2048;

/**
 * The serializer builds its text piece by piece, and V8 keeps such a text as a
 * rope: Node walked all of it again on every send (to count its UTF-8 bytes,
 * then to copy it behind the headers), which cost client/list's 11 KB page 15
 * µs of CPU a request, about as much as bare Fastify's whole request
 * (docs/decisions/benchmark-journal.md). So a kept answer is made flat once: a large one as its
 * UTF-8 bytes, which Node writes after the headers as they are; a small one as
 * one flat text, which Node joins to the headers in one write.
 */
export function sendable(text: string, bytes: number): Answer {
  if (text.length < BYTES_FROM) return Buffer.from(text, 'utf8').toString('utf8');
  // Its own memory, not a slice of Node's shared 8 KiB pool: a kept slice of under 4 KiB held the whole
  // block, so the cache held three times the bytes it counted.
  const own = Buffer.allocUnsafeSlow(bytes);
  own.write(text, 'utf8');
  return own;
}

/** What a kept answer costs: a key's and a text's characters at 2 bytes each, bytes as they are. */
function sizeOf(key: string, text: string, bytes: number): number {
  return 2 * key.length + (text.length < BYTES_FROM ? 2 * text.length : bytes);
}

/**
 * One byte bound for many caches (every named world's, mock/worlds): each
 * cache keeps its own entries, so a read costs what it costs unpooled; what
 * they keep together is counted here, and past the bound the caches kept into
 * least lately give up all they hold. A thousand worlds thus hold at most the
 * pool's bytes, not a thousand caches' bounds.
 */
export class CachePool {
  readonly maxEntry: number;
  /** What the caches hold together, at 2 bytes a character. */
  bytes = 0;
  /** The caches that hold something, least lately kept into first. */
  readonly #holding = new Map<ResponseCache, number>();

  constructor(readonly maxBytes = CACHE_MAX_BYTES) {
    this.maxEntry = Math.floor(maxBytes / LARGEST_SHARE);
  }

  /** `cache` now holds `held` bytes; others make room, least lately kept into first. */
  kept(cache: ResponseCache, held: number): void {
    this.bytes += held - (this.#holding.get(cache) ?? 0);
    this.#holding.delete(cache);
    this.#holding.set(cache, held);
    for (const other of this.#holding.keys()) {
      if (this.bytes <= this.maxBytes || other === cache) break;
      other.changed();
    }
  }

  /** `cache` holds nothing now. */
  emptied(cache: ResponseCache): void {
    this.bytes -= this.#holding.get(cache) ?? 0;
    this.#holding.delete(cache);
  }
}

export class ResponseCache {
  readonly maxBytes: number;
  readonly #maxEntry: number;
  /** Made on the first answer kept: a world (mock/worlds) that only writes never makes one. */
  #entries: LRUCache<string, Answer> | undefined;
  #version = 0;
  /** In a pool: what it keeps counts against the pool's bound. */
  readonly #pool: CachePool | undefined;

  constructor({ maxBytes = CACHE_MAX_BYTES, pool }: { maxBytes?: number; pool?: CachePool } = {}) {
    this.maxBytes = pool ? pool.maxBytes : maxBytes;
    this.#maxEntry = pool ? pool.maxEntry : Math.floor(maxBytes / LARGEST_SHARE);
    this.#pool = pool;
  }

  // Bounded by bytes, not entries: one client can make answers of any size
  // (distinct query strings, long field values), and a count let 90 pages of
  // 45 MB exhaust the heap. Least recently read go first.
  #empty(): LRUCache<string, Answer> {
    return new LRUCache({ maxSize: this.maxBytes, maxEntrySize: this.#maxEntry });
  }

  /** Moves on every change of the store: read it before making an answer, give it to keep(). */
  get version(): number {
    return this.#version;
  }

  /** The store changed: every kept answer is stale. */
  changed(): void {
    this.#version++;
    // Dropped, not clear(): clearing walks every entry, and a change comes with every write.
    this.#entries = undefined;
    this.#pool?.emptied(this);
  }

  get(key: string): Answer | undefined {
    return this.#entries?.get(key);
  }

  /**
   * Keeps an answer made while the version stood at `madeAt`, unless the store
   * changed since or it is too large: what to send, as kept (undefined when not kept).
   */
  keep(key: string, text: string, madeAt: number): Answer | undefined {
    if (madeAt !== this.#version) return undefined;
    // Measured before any copy: an answer too large to keep is sent as it is.
    const bytes = text.length < BYTES_FROM ? 0 : Buffer.byteLength(text, 'utf8');
    const size = sizeOf(key, text, bytes);
    if (size > this.#maxEntry) return undefined;
    const answer = sendable(text, bytes);
    this.#entries ??= this.#empty();
    this.#entries.set(key, answer, { size });
    this.#pool?.kept(this, this.#entries.calculatedSize);
    return answer;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /** What the kept keys and answers come to, at 2 bytes a character. */
  get bytes(): number {
    return this.#entries?.calculatedSize ?? 0;
  }
}
