// A state file's records by collection and key, each with where it was read
// (`overlay.clients[3]` of the base, `line 7` of the log), so that a check can
// name the record it refuses. The base's lists become maps here (a key listed
// twice is refused, not silently merged), the log's lines are laid over them
// in order, and the result becomes a snapshot again.

import { COLLECTIONS, type Collection, type Key } from '../store/changes.js';
import type { MailMessage, StateSnapshot } from '../store/store.js';
import { StateFileError } from './errors.js';

export interface Located {
  value: unknown;
  /** The file it was read from (the base or its log). */
  file: string;
  /** Where in that file: `overlay.clients[3]` or `line 7`. */
  where: string;
}

export type Records = Record<Collection, Map<Key, Located>> & { outbox: MailMessage[] };

type Row = Record<string, unknown>;

/** Each collection's list in the base: its path, and a row's key and value. */
const LISTS: Record<Collection, { path: string; key: (r: Row) => Key; value: (r: Row) => unknown }> = {
  companies: { path: 'overlay.companies', key: (r) => r.id as number, value: (r) => r },
  users: { path: 'overlay.users', key: (r) => r.id as number, value: (r) => r },
  subscriptions: { path: 'overlay.subscriptions', key: (r) => r.user_id as number, value: (r) => r.subscription },
  clients: { path: 'overlay.clients', key: (r) => r.id as number, value: (r) => r.record },
  measurements: { path: 'overlay.measurements', key: (r) => r.id as number, value: (r) => r },
  sessions: { path: 'sessions', key: (r) => r.token as string, value: (r) => r },
  resetTokens: { path: 'resetTokens', key: (r) => r.token as string, value: (r) => r.user_id },
};

/** How a message names a record: never a whole token. */
export function label(collection: Collection, key: Key): string {
  const secret = (what: string) => `${what} ${String(key).slice(0, 4)}…`;
  switch (collection) {
    case 'companies':
      return `company ${key}`;
    case 'users':
    case 'subscriptions':
      return `user ${key}`;
    case 'clients':
      return `client ${key}`;
    case 'measurements':
      return `measurement ${key}`;
    case 'sessions':
      return secret('session');
    case 'resetTokens':
      return secret('reset token');
  }
}

export function refuse(collection: Collection, key: Key, at: Located, problem: string): StateFileError {
  return new StateFileError(at.file, `${at.where} (${label(collection, key)}): ${problem}`);
}

function listOf(snapshot: StateSnapshot, collection: Collection): Row[] {
  const lists = snapshot as unknown as Row & { overlay: Row };
  const from = collection in lists.overlay ? lists.overlay : lists;
  return from[collection] as Row[];
}

/** The base's records (a schema-valid snapshot) by key; a key listed twice is refused. */
export function recordsOf(snapshot: StateSnapshot, file: string): Records {
  const records = { outbox: [...snapshot.outbox] } as Records;
  for (const collection of COLLECTIONS) {
    const { path, key, value } = LISTS[collection];
    const map = new Map<Key, Located>();
    listOf(snapshot, collection).forEach((row, i) => {
      const k = key(row);
      const at = { value: value(row), file, where: `${path}[${i}]` };
      const before = map.get(k);
      if (before) throw refuse(collection, k, at, `repeats ${before.where}`);
      map.set(k, at);
    });
    records[collection] = map;
  }
  return records;
}

/** The records as a snapshot again, in the order the store keeps them (a log's new keys after the base's). */
export function snapshotOf(records: Records, seed: number, clients: number): StateSnapshot {
  const rows = (c: Collection, row: (key: Key, value: unknown) => unknown) =>
    [...records[c]].map(([k, at]) => row(k, at.value)) as never[];
  const itself = (_k: Key, v: unknown) => v;
  return {
    version: 3,
    seed,
    clients,
    overlay: {
      companies: rows('companies', itself),
      users: rows('users', itself),
      subscriptions: rows('subscriptions', (user_id, subscription) => ({ user_id, subscription })),
      clients: rows('clients', (id, record) => ({ id, record })),
      measurements: rows('measurements', itself),
    },
    sessions: rows('sessions', itself),
    resetTokens: rows('resetTokens', (token, user_id) => ({ token, user_id })),
    outbox: records.outbox,
  };
}
