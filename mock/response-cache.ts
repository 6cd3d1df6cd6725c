// Read operations are pure functions of the store's state, so their serialized
// answers are kept until the store next changes. The text is made once by the
// route's own response-schema serializer (fast-json-stringify).
import type { FastifyRequest } from 'fastify';

/**
 * What a read's answer depends on besides the store: the method and URL (path
 * and query), the caller, the Host (the base URL of page links: without TLS or a
 * trusted proxy it is the only part that varies) and the body as it arrived.
 * A short body's raw text, not its parsed value: no stringify on the hot path,
 * and two spellings of one body only cost a second entry. A long text (padding
 * up to the body limit would make every key that long) and a body that arrived
 * without text (the errors plugin's JSON parser not registered, or an absent
 * body read as {}) are stringified from the validated value, so the key never
 * ignores the body and stays as small as the schema allows.
 */
export const RAW_KEY_LIMIT = 1024;

export function cacheKey(request: FastifyRequest): string {
  const text = request.bodyText;
  const body =
    text !== undefined && text.length <= RAW_KEY_LIMIT
      ? text
      : request.body === undefined
        ? ''
        : JSON.stringify(request.body);
  return `${request.method} ${request.url}\u0000${request.user?.id ?? ''}\u0000${request.headers.host ?? ''}\u0000${body}`;
}
export class ResponseCache {
  private entries = new Map<string, string>();

  constructor(private readonly limit = 10_000) {}

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, text: string): void {
    // A bound, not an LRU: a world that changes clears it far sooner.
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, text);
  }

  clear(): void {
    this.entries.clear();
  }
}
