// The list choices the mock answers by, read from the spec once at start-up
// (spec/list-choices.ts), with what only the mock requires of them: an x-list
// on each list it pages, ordered by fields its records follow, searching
// fields its search texts hold.
import { SEARCH_FIELDS } from '../fixtures/clients.js';
import {
  type ListChoice,
  ListChoiceError,
  listChoices,
  NO_ROOMS_OPERATION,
  type NoRoomsAnswer,
} from '../spec/list-choices.js';
import type { LoadedSpec } from '../spec/load.js';

/** The operations the mock pages, and whether their keyword is searched. */
const PAGED = { listClients: { searched: true }, listCompanyClients: { searched: false } } as const;
/** The mock's ids grow with created_at, so one order serves either field, and both together. */
const ORDERABLE = new Set(['created_at', 'id']);

export interface MockList extends ListChoice {
  /** The fields a keyword is looked for in, as the store's mask (bit i for SEARCH_FIELDS[i]). */
  searchMask: number;
}

export interface MockLists {
  byOperation: ReadonlyMap<string, MockList>;
  /** What room/get-by-client-id answers for a client without rooms. */
  noRooms: NoRoomsAnswer;
}

/** The store's mask of the fields named. */
export function searchMask(fields: readonly string[]): number {
  return fields.reduce((mask, f) => mask | (1 << SEARCH_FIELDS.indexOf(f as (typeof SEARCH_FIELDS)[number])), 0);
}

function checked(choice: ListChoice, searched: boolean): MockList {
  const unordered = choice.order.by.filter((f) => !ORDERABLE.has(f));
  if (unordered.length)
    throw new ListChoiceError(
      `${choice.order.pointer}/by`,
      `the mock orders its lists by created_at and id only (not ${unordered.join(', ')})`,
    );
  if (searched && !choice.search)
    throw new ListChoiceError(choice.pointer, 'must say which fields the keyword searches (search)');
  const matches = choice.search?.matches ?? [];
  const unknown = matches.filter((f) => !(SEARCH_FIELDS as readonly string[]).includes(f));
  if (unknown.length)
    throw new ListChoiceError(
      `${choice.search!.pointer}/matches`,
      `the mock can search ${SEARCH_FIELDS.join(', ')} (not ${unknown.join(', ')})`,
    );
  return { ...choice, searchMask: searchMask(matches) };
}

/** The choices, checked; throws ListChoiceError naming the node a mock could not answer by. */
export function mockLists(spec: LoadedSpec): MockLists {
  const { lists, noRooms } = listChoices(spec);
  const byOperation = new Map<string, MockList>();
  for (const [operationId, { searched }] of Object.entries(PAGED)) {
    const op = spec.byId.get(operationId);
    if (!op) continue;
    const choice = lists.get(operationId);
    if (!choice)
      throw new ListChoiceError(`${op.pointer}/x-list`, 'is missing: the mock pages this list by it (docs/mock.md)');
    byOperation.set(operationId, checked(choice, searched));
  }
  const rooms = spec.byId.get(NO_ROOMS_OPERATION);
  if (rooms && !noRooms)
    throw new ListChoiceError(
      `${rooms.pointer}/x-no-rooms`,
      'is missing: the mock answers a client without rooms by it',
    );
  return { byOperation, noRooms: noRooms?.answer ?? 'empty-list' };
}
