// The records of a store's world, for tests: the store itself only answers
// lookups, as the mock needs, and never lists the whole world.
import type { ClientRecord, UserRecord } from '../../fixtures/types.js';
import type { Store } from '../../mock/store/store.js';

export function clientsOf(store: Store): ClientRecord[] {
  const out: ClientRecord[] = [];
  for (let id = 1; id <= store.size; id++) {
    const c = store.client(id);
    if (c) out.push(c);
  }
  return out;
}

export function usersOf(store: Store): UserRecord[] {
  const out: UserRecord[] = [];
  for (let id = 1; store.userById(id); id++) out.push(store.userById(id)!);
  return out;
}
