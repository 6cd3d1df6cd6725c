// Ids read from records whose shape the interface document does not show
// (x-assumed in the spec): the rooms of room/get-by-client-id, the profile,
// the sign-in's user. A deployment names them as its framework does: a room's
// id as `id`, or as `room_id` (the name the document's own room entry uses); a
// profile as an object, or as a list of one (Spring's habit of answering every
// read with a list). The checks that need such an id read it here, and skip
// naming why when no record gives one: a request that needs it is never sent
// without it.

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names a room's id goes by, in the order tried. */
export const ROOM_ID = ['id', 'room_id'] as const;
/** The names a user's id goes by, in the order tried. */
export const USER_ID = ['id', 'user_id'] as const;

/** Why the checks that file under a room are skipped: rooms were listed, none with an id. */
export const ROOMS_WITHOUT_ID = `rooms came back without an id (${ROOM_ID.join(' or ')})`;
/** Why the checks that file under the user are skipped: neither the profile nor the sign-in named one. */
export const NO_USER_ID = `neither the profile nor the sign-in's user gave a user id (${USER_ID.join(' or ')})`;

/** The one record a `data` holds: an object, or the only item of a list of one. */
export function recordOf(data: unknown): Rec | undefined {
  if (isRecord(data)) return data;
  return Array.isArray(data) && data.length === 1 && isRecord(data[0]) ? data[0] : undefined;
}

/** The first of `names` whose value in the record is an id (an integer, as every id of the document is). */
export function idOf(record: unknown, names: readonly string[]): number | undefined {
  if (!isRecord(record)) return undefined;
  for (const name of names) {
    const v = record[name];
    if (Number.isSafeInteger(v)) return v as number;
  }
  return undefined;
}

export const roomIdOf = (room: unknown): number | undefined => idOf(room, ROOM_ID);

/** A user's id from a profile's or a sign-in's `data`-level user: flat, a list of one, or nested as `user`. */
export function userIdOf(user: unknown): number | undefined {
  const record = recordOf(user);
  return idOf(record, USER_ID) ?? idOf(recordOf(record?.user), USER_ID);
}
