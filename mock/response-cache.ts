// Read operations are pure functions of the store's state, so their serialized
// answers are kept until the store next changes. The text is made once by the
// route's own response-schema serializer (fast-json-stringify).
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
