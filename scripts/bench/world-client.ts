// One world of a listening mock as a test worker calls it: every request
// carries X-Mock-World (none for the default world). The worlds section's full
// session (with its isolation checks) and its ten writes per world.

export interface Listed {
  id: number;
  name: string;
  surname: string;
  email: string;
}

export interface WorldCaller {
  readonly world: string | undefined;
  /** POST /api/v1/PATH; throws unless the answer is `expect` (200 by default). The bench reads the spec's shapes loosely. */
  // biome-ignore lint/suspicious/noExplicitAny: an answer of any operation, read as the bench knows it.
  post(path: string, body: unknown, token?: string, expect?: number): Promise<any>;
  signin(): Promise<string>;
  /** Requests sent so far. */
  readonly sent: number;
}

export function worldCaller(url: string, world: string | undefined): WorldCaller {
  let sent = 0;
  const post = async (path: string, body: unknown, token?: string, expect = 200) => {
    sent++;
    const r = await fetch(`${url}/api/v1/${path}`, {
      method: 'POST',
      headers: {
        platform: 'WEB',
        'content-type': 'application/json',
        ...(world === undefined ? {} : { 'x-mock-world': world }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await r.text();
    if (r.status !== expect)
      throw new Error(`${path} in world ${world ?? 'default'}: ${r.status}, expected ${expect}: ${text.slice(0, 300)}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  const signin = async () =>
    (await post('user/signin', { email: 'demo@example.com', password: 'demo-password' })).data.api_token as string;
  return {
    world,
    post,
    signin,
    get sent() {
      return sent;
    },
  };
}

const windowBase = (clientId: number, roomId: number) => ({
  id: 0,
  user_id: 1,
  client_id: clientId,
  room_id: roomId,
  unit_type: 'inch',
  mount_type: 'inside',
  custom_field: [],
  total_custom_fields: 0,
});

/** Adds one measurement of each of the four kinds to the room, each named `tag` and its kind. */
export async function addEachKind(w: WorldCaller, token: string, clientId: number, roomId: number, tag: string) {
  const base = windowBase(clientId, roomId);
  await w.post(
    'measurements/single_window_photo_add_edit',
    { ...base, measurement_type_id: 1, window_name: `${tag} single`, w_top: '35.25', h_left: '51.5' },
    token,
  );
  await w.post(
    'measurements/specialty_window_add_edit',
    { ...base, measurement_type_id: 3, window_name: `${tag} arch`, window_type: 1, w: '48', h: '24' },
    token,
  );
  await w.post(
    'measurements/series_window_with_draperies_add_edit',
    { ...base, measurement_type_id: 2, window_name: `${tag} series`, number_in_series: '1', window_a_w_top: '35' },
    token,
  );
  const awning = { client_id: clientId, room_id: roomId, awning_type: 'stationary', width: 180, projection: 96 };
  return (await w.post('measurements/awning_measurement_add_edit', { ...awning, mount_height: 100 }, token)).data
    .id as number;
}

const rename = (w: WorldCaller, token: string, c: Listed, name: string) =>
  w.post('client/update', { client_id: c.id, name, surname: c.surname, email: c.email }, token);

export const TAG = /^BenchWorker(\d+)$/;

/**
 * Worker i's full session in its own world: sign-in, a page, a search, an
 * update, a delete, one measurement of each kind, a last look, logout. Throws
 * (a loud failure) if it sees any change but its own: another worker's
 * rename, delete or measurement.
 */
export async function workerSession(url: string, world: string, i: number): Promise<number> {
  const w = worldCaller(url, world);
  const token = await w.signin();
  const page = (await w.post('client/list', { page: 1, limit: 20 }, token)).data.data as Listed[];
  const mine = page[1 + i]!;
  const doomed = page[10 + i]!;
  const found = (await w.post('client/list', { keyword: mine.surname.toLowerCase() }, token)).data.data as Listed[];
  if (!found.some((c) => c.id === mine.id)) throw new Error(`${world}: the search for ${mine.surname} missed it`);
  await rename(w, token, mine, `BenchWorker${i}`);
  await w.post('client/delete', { client_id: doomed.id }, token);
  const client = page[0]!.id;
  const room = (await w.post('room/get-by-client-id', { client_id: client }, token)).data[0].id as number;
  await addEachKind(w, token, client, room, `BenchWorker${i}`);
  const after = (await w.post('client/list', { page: 1, limit: 20 }, token)).data.data as Listed[];
  const entries = (await w.post('room/get', { client_id: client, room_id: room }, token)).data as Array<{
    window_name: string;
  }>;
  await w.post('user/logout', {}, token);
  await w.post('user/get_profile', {}, token, 401);
  checkIsolation(world, i, page, after, entries, doomed.id);
  return w.sent;
}

/** Throws unless the world shows worker i's own changes and nobody else's. */
export function checkIsolation(
  world: string,
  i: number,
  before: Listed[],
  after: Listed[],
  entries: Array<{ window_name: string }>,
  deleted: number,
): void {
  const problems: string[] = [];
  const renamed = after.filter((c) => TAG.test(c.name)).map((c) => c.name);
  if (renamed.join() !== `BenchWorker${i}`) problems.push(`renamed clients ${JSON.stringify(renamed)}`);
  const gone = before.filter((c) => !after.some((x) => x.id === c.id)).map((c) => c.id);
  if (gone.join() !== String(deleted)) problems.push(`missing clients ${JSON.stringify(gone)}, deleted ${deleted}`);
  const tagged = entries.map((e) => e.window_name).filter((n) => n.startsWith('BenchWorker'));
  const others = tagged.filter((n) => !n.startsWith(`BenchWorker${i} `));
  if (others.length > 0 || tagged.length < 3) problems.push(`measurements ${JSON.stringify(tagged)}`);
  if (problems.length > 0)
    throw new Error(`ISOLATION BROKEN: worker ${i} in ${world} saw another world's change: ${problems.join('; ')}`);
}

/** The seeded ids every world starts with: the demo user's first six clients and a room of the first. */
export interface Targets {
  clients: Listed[];
  room: number;
}

export async function targetsOf(url: string): Promise<Targets> {
  const w = worldCaller(url, undefined);
  const token = await w.signin();
  const clients = (await w.post('client/list', { page: 1, limit: 6 }, token)).data.data as Listed[];
  const room = (await w.post('room/get-by-client-id', { client_id: clients[0]!.id }, token)).data[0].id as number;
  await w.post('user/logout', {}, token);
  return { clients, room };
}

/** Ten writes in the world, and no read: a sign-in, four client updates, a delete, four measurements. The token. */
export async function tenWrites(url: string, world: string | undefined, { clients, room }: Targets) {
  const w = worldCaller(url, world);
  const token = await w.signin();
  for (const c of clients.slice(1, 5)) await rename(w, token, c, `Renamed ${world ?? 'default'}`);
  await w.post('client/delete', { client_id: clients[5]!.id }, token);
  await addEachKind(w, token, clients[0]!.id, room, world ?? 'default');
  return token;
}
