// Ids read from records the document does not show (rooms, the profile, the
// sign-in's user), against deployments that name them otherwise: the checks
// that need one find it where the deployment gives it; when none gives it they
// skip naming why, and no request the suite sends as valid goes without it.
import t from 'tap';
import type { RunOptions } from '../../contracts/types.js';
import { alter, type Defect, runBroken } from '../helpers/broken.js';

type Rec = Record<string, any>;

/** Rooms of room/get-by-client-id passed through `change`. */
const rooms = (change: (room: Rec) => Rec): Defect =>
  alter(
    (p, s) => p === '/room/get-by-client-id' && s === 200,
    (r) => ({ ...r, body: { ...r.body, data: r.body.data.map(change) } }),
  );
const renamed = ({ id, ...room }: Rec) => ({ ...room, room_id: id });
const idless = ({ id: _drop, ...room }: Rec) => room;

/** The profile as a list of one, and the sign-in's user with or without its id. */
const profileAndUser =
  (profile: (p: Rec) => unknown, user: (u: Rec) => Rec): Defect =>
  async (ctx) => {
    if (ctx.path !== '/user/get_profile' && ctx.path !== '/user/signin') return undefined;
    return alter(
      (_p, s) => s === 200,
      (r) =>
        ctx.path === '/user/signin'
          ? { ...r, body: { ...r.body, data: { ...r.body.data, user: user(r.body.data.user) } } }
          : { ...r, body: { ...r.body, data: profile(r.body.data) } },
    )(ctx);
  };

const WINDOWS = [
  'writes:addEditSingleWindowPhotoMeasurement',
  'writes:addEditSeriesWindowMeasurement',
  'writes:addEditSpecialtyWindowMeasurement',
];
const ROOM_CHECKS = [
  "conformance:getRoomMeasurements:lists a room's measurements",
  'meaning:getRoomMeasurements:one-room',
  'meaning:getRoomsByClientId:own-rooms',
];

const cases: Array<{
  name: string;
  defect: Defect;
  /** Checks that must have run (not skipped). */
  ran: string[];
  /** Checks that must be skipped, with the note that says why. */
  skipped: Array<[string, RegExp]>;
}> = [
  {
    name: "rooms named by room_id, the document's room entry name",
    defect: rooms(renamed),
    ran: [...ROOM_CHECKS, ...WINDOWS, 'writes:addEditAwningMeasurement'],
    skipped: [],
  },
  {
    name: 'rooms with no id at all',
    defect: rooms(idless),
    ran: ["conformance:getRoomsByClientId:lists a client's rooms", 'writes:addEditAwningMeasurement'],
    skipped: [
      ...ROOM_CHECKS.map((id): [string, RegExp] => [id, /rooms came back without an id \(id or room_id\)/]),
      ...WINDOWS.map((id): [string, RegExp] => [id, /rooms came back without an id \(id or room_id\)/]),
    ],
  },
  {
    name: "the profile a list of one, the sign-in's user without an id",
    defect: profileAndUser((p) => [p], idless),
    ran: WINDOWS,
    skipped: [],
  },
  {
    name: "a profile without an id: the sign-in's user gives it",
    defect: profileAndUser(idless, (u) => u),
    ran: WINDOWS,
    skipped: [],
  },
  {
    name: 'neither the profile nor the sign-in names the user',
    defect: profileAndUser(idless, idless),
    ran: ['writes:addEditAwningMeasurement'],
    skipped: WINDOWS.map((id): [string, RegExp] => [id, /gave a user id \(id or user_id\)/]),
  },
];

const WINDOW_PATHS = [
  '/measurements/single_window_photo_add_edit',
  '/measurements/series_window_with_draperies_add_edit',
  '/measurements/specialty_window_add_edit',
];

/** What a body the suite sent as valid lacks: room/get asked for a client's room without the room (the masking
 *  this file is about), a window the writes file (named "Contract check ...") without its room or user.
 *  Negative and fuzz checks leave fields out on purpose, and are told apart this way. */
function lacks(path: string, body: Rec): string[] {
  if (path === '/room/get' && 'client_id' in body) return 'room_id' in body ? [] : ['room_id'];
  if (WINDOW_PATHS.includes(path) && /^Contract check/.test(String(body.window_name)))
    return ['client_id', 'room_id', 'user_id'].filter((k) => !(k in body));
  return [];
}

/** The check `id` names, or the skip recorded under its short id (`conformance:getRoomMeasurements`). */
const result = (results: Array<{ id: string; verdict: string; notes: string[] }>, id: string) =>
  results.find((r) => r.id === id) ?? results.find((r) => id.startsWith(`${r.id}:`));

for (const c of cases) {
  t.test(c.name, async (t) => {
    const lacking: string[] = [];
    const watched: Defect = (ctx) => {
      let body: unknown;
      try {
        body = JSON.parse(String(ctx.request.body));
      } catch {
        body = undefined;
      }
      if (body && typeof body === 'object' && !Array.isArray(body))
        for (const k of lacks(ctx.path, body as Rec)) lacking.push(`${ctx.path} without ${k}: ${ctx.request.body}`);
      return c.defect(ctx);
    };
    const options: Partial<RunOptions> = { allowWrites: true };
    const report = await runBroken(t, watched, options);
    const by = (id: string) => result(report.results, id);
    for (const id of c.ran) t.not(by(id)?.verdict ?? 'absent', 'skip', `${id} ran`, { notes: by(id)?.notes });
    for (const [id, why] of c.skipped) {
      t.equal(by(id)?.verdict, 'skip', `${id} skipped`);
      t.match(by(id)?.notes.join(' ') ?? '', why, `${id}: says why`);
    }
    t.same(lacking.slice(0, 5), [], 'no request went without a required id');
  });
}
