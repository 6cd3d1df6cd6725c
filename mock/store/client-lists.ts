// Whose clients are whose, and their search texts, kept as small as the world
// allows: each user's and each company's list made the first time it is read
// (from the world's owner table), and the search texts of the users searched
// lately, within a bound.
import { LRUCache } from 'lru-cache';
import { searchTextOf } from '../../fixtures/clients.js';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { Overlay } from './overlay.js';
import { ALL_FIELDS, SearchIndex, type TextSource } from './search-index.js';

/** Search texts kept at most (about 80 bytes each): the largest user of a 1,000,000-client world twice over. */
const SEARCH_TEXTS_KEPT = 600_000;
/** Worlds from this size on make their largest users' search texts in the background (warmSearch). */
export const WARM_FROM = 100_000;

/** Where id sits in a list sorted newest (highest id) first; -1 if absent. */
export function indexDesc(list: readonly number[], id: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === id) return mid;
    if (v > id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export class ClientLists {
  private readonly byUser = new Map<number, number[]>();
  private readonly byCompany = new Map<number, number[]>();
  /** The search texts of the users searched lately, in the order of their lists in byUser. */
  private readonly texts = new LRUCache<number, SearchIndex>({
    maxSize: SEARCH_TEXTS_KEPT,
    sizeCalculation: (index) => index.size + 1,
  });
  private readonly source: TextSource = {
    write: (id, out, at) => (this.overlay.clients.has(id) ? -1 : this.gen.writeSearchText(id, out, at)),
    text: (id) => this.textOf(id),
  };

  constructor(
    private readonly gen: GeneratedWorld,
    private readonly overlay: Overlay,
    /** The company of a user and the ids of a company's users, whether generated or signed up. */
    private readonly companyOf: (userId: number) => number | undefined,
    private readonly memberIds: (companyId: number) => readonly number[],
  ) {}

  private collect(keep: (owner: number) => boolean): number[] {
    const owners = this.gen.owners();
    const out: number[] = [];
    for (let id = owners.length; id >= 1; id--)
      if (keep(owners[id - 1]!) && this.overlay.clients.get(id) !== null) out.push(id);
    return out;
  }

  /** A user's client ids, newest first. */
  ofUser(userId: number): readonly number[] {
    let ids = this.byUser.get(userId);
    if (!ids) {
      ids = this.collect((o) => o === userId);
      this.byUser.set(userId, ids);
    }
    return ids;
  }

  /** The client ids of every member of a company, newest first. */
  ofCompany(companyId: number): readonly number[] {
    let ids = this.byCompany.get(companyId);
    if (!ids) {
      const members = new Set(this.memberIds(companyId));
      ids = this.collect((o) => members.has(o));
      this.byCompany.set(companyId, ids);
    }
    return ids;
  }

  /** A user's client ids whose text holds the keyword (lower case) in one of `fields` (a mask), newest first. */
  search(userId: number, keyword: string, fields = ALL_FIELDS): number[] {
    // NUL separates the fields of a search text: a keyword holding it would match across two fields.
    if (keyword.includes('\u0000')) return [];
    return this.indexOf(userId).search(keyword, fields);
  }

  private indexOf(userId: number): SearchIndex {
    let index = this.texts.get(userId);
    if (!index) {
      index = new SearchIndex(this.ofUser(userId), this.source);
      this.texts.set(userId, index);
    }
    return index;
  }

  /**
   * In a large world, makes the search texts of the users with the most
   * clients (up to half the bound) a block at a time, each step in its own
   * turn of the event loop, so that their first search finds them made and
   * requests meanwhile wait at most a block. Returns when done or stopped.
   */
  async warmSearch(stopped: () => boolean = () => false): Promise<void> {
    if (this.gen.size < WARM_FROM) return;
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    await turn();
    const owners = this.gen.owners();
    const counts = new Map<number, number>();
    for (let i = 0; i < owners.length; i++) counts.set(owners[i]!, (counts.get(owners[i]!) ?? 0) + 1);
    let room = SEARCH_TEXTS_KEPT / 2;
    for (const [userId, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])) {
      if (n > room) break;
      room -= n;
      await turn();
      if (stopped()) return;
      const index = this.indexOf(userId);
      while (!stopped() && this.texts.peek(userId) === index && index.grow()) await turn();
    }
  }

  private textOf(id: number): string {
    const changed = this.overlay.clients.get(id);
    return changed ? searchTextOf(changed) : this.gen.searchText(id);
  }

  /** After a client's fields changed: its search text follows. */
  changed(id: number, ownerId: number): void {
    this.texts.peek(ownerId)?.changed(id);
  }

  /** After a client was deleted: out of every list that holds it. */
  removed(id: number, ownerId: number): void {
    const own = this.byUser.get(ownerId);
    const i = own ? indexDesc(own, id) : -1;
    if (own && i >= 0) {
      own.splice(i, 1);
      this.texts.peek(ownerId)?.removed(id, i);
    }
    const company = this.companyOf(ownerId);
    const shared = company === undefined ? undefined : this.byCompany.get(company);
    const j = shared ? indexDesc(shared, id) : -1;
    if (shared && j >= 0) shared.splice(j, 1);
  }
}
