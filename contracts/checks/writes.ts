// --allow-writes: the update round-trip (a client's own values written back and
// read again) and the four measurement add/edit operations. The delete of
// --allow-destructive is a sequence (checks/sequences/delete.ts).

import type { Outcome } from '../../lib/http.js';
import { preview } from '../../lib/preview.js';
import { listText } from '../../lib/words.js';
import { IGNORED_FIELDS_ASSUMPTION } from '../../spec/ignored-fields.js';
import type { JsonSchema } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { enumOf, outsideEnum } from '../../spec/valid-body.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { noClient } from './kit.js';

type Client = Record<string, unknown> & { id: number };

/** A write or read the deployment took (2xx): what it did is looked at, whatever else its answer gets wrong. */
const taken = (out: Outcome): boolean => out.status !== undefined && out.status < 300;

export const UPDATE_STRINGS = [
  'location',
  'address',
  'city',
  'state',
  'zip_code',
  'billing_address',
  'billing_city',
  'billing_state',
  'billing_zip_code',
  'phone_no',
  'lead_source_name',
  'quote_no',
  'project_name',
];

/** The client as client/list shows it: the pages are read for it, and judged by client/list's own checks. */
async function findClient(run: CheckRun, id: number): Promise<Client | undefined> {
  for (let page = 1, last = 1; page <= last && page <= run.ctx.maxPages; page++) {
    const out = await run.call('listClients', { body: { page } });
    const env = (out.body as { data?: { data?: unknown; last_page?: unknown } } | null | undefined)?.data;
    if (out.status === undefined || out.status >= 300 || !Array.isArray(env?.data)) return undefined;
    run.used('listClients', out);
    last = typeof env.last_page === 'number' ? env.last_page : 1;
    const hit = (env.data as Array<Client | null>).find((c) => c?.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** The fields the spec documents for a listed client: a write back compares these, and no others (a backend
 *  may keep its own, such as an updated_at bumped by every save). */
export function documentedClientFields(run: Pick<CheckRun, 'op'>): Set<string> {
  const page = foldAllOf(run.op('listClients').responses['200']?.schema);
  const env = foldAllOf((page.properties as Record<string, JsonSchema> | undefined)?.data);
  const list = foldAllOf((env.properties as Record<string, JsonSchema> | undefined)?.data);
  const client = foldAllOf(list.items as JsonSchema | undefined);
  return new Set(Object.keys((client.properties as Record<string, unknown> | undefined) ?? {}));
}

function typeId(found: Discovered, pattern: RegExp, fallback: number): number {
  return found.measurementTypes.find((t) => pattern.test(t.name))?.id ?? fallback;
}

const spec = (operationId: string, title: string) => ({
  id: `writes:${operationId}`,
  group: 'writes' as const,
  operationId,
  title,
});

const MEASUREMENTS = [
  'addEditSingleWindowPhotoMeasurement',
  'addEditSeriesWindowMeasurement',
  'addEditSpecialtyWindowMeasurement',
  'addEditAwningMeasurement',
];

/** Each check a missing precondition stops is recorded as skipped, with the reason: none vanishes. */
function skipAll(s: Session, ids: string[], reason: string): void {
  for (const id of ids) s.skip(spec(id, 'writes'), reason);
}

export async function writeChecks(s: Session, found: Discovered): Promise<void> {
  const client = found.client as Client | undefined;
  if (!s.ctx.allowWrites) {
    skipAll(s, ['updateClient', ...MEASUREMENTS], 'read-only run; --allow-writes adds it');
    s.skip(
      { ...spec('addEditAwningMeasurement', 'awning_type'), id: 'writes:addEditAwningMeasurement:awning-type' },
      'read-only run; --allow-writes adds it (a deployment that wrongly accepts the awning writes it)',
    );
    return;
  }
  if (!client) return skipAll(s, ['updateClient', ...MEASUREMENTS], noClient(s, 'the account has no client'));
  await s.check(spec('updateClient', "writes a client's own values back and reads them unchanged"), (run) =>
    writeBack(run, client),
  );
  if (found.roomId === undefined || found.userId === undefined)
    return skipAll(s, MEASUREMENTS, 'no room or user id was found to file measurements under');
  await measurementChecks(s, found, client, { roomId: found.roomId, userId: found.userId });
  let awningId: number | undefined;
  await s.check(spec('addEditAwningMeasurement', 'adds an awning and edits it'), async (run) => {
    const { problems, id } = await awningRoundTrip(run, client, found.roomId);
    awningId = id;
    return problems;
  });
  await s.check(
    {
      ...spec('addEditAwningMeasurement', `refuses an awning_type outside ${listText(awningTypes(s), 'and')}`),
      id: 'writes:addEditAwningMeasurement:awning-type',
    },
    (run) => awningTypeRefused(run, client, awningId),
  );
}

/** The client's own values written back: client/list must then show it unchanged. */
async function writeBack(run: CheckRun, client: Client): Promise<Finding[]> {
  const body: Record<string, unknown> = {
    client_id: client.id,
    name: client.name,
    surname: client.surname,
    email: client.email,
  };
  for (const k of UPDATE_STRINGS) if (typeof client[k] === 'string') body[k] = client[k];
  if (typeof client.lead_source_id === 'number') body.lead_source_id = client.lead_source_id;
  if (client.end_client_known === 0 || client.end_client_known === 1)
    body.end_client_known = client.end_client_known === 1;
  const out = await run.call('updateClient', { body });
  const problems = run.conform('updateClient', out);
  // A write that was taken is read back whatever its answer gets wrong: that is a finding of its own.
  if (!taken(out)) return problems;
  const after = await findClient(run, client.id);
  if (!after)
    return [
      {
        operationId: 'updateClient',
        message: `client ${client.id} is not listed after the update`,
        severity: 'error',
      },
    ];
  const documented = documentedClientFields(run);
  for (const [k, v] of Object.entries(client)) {
    if (documented.has(k) && JSON.stringify(after[k]) !== JSON.stringify(v)) {
      problems.push({
        operationId: 'updateClient',
        message: `writing client ${client.id} back changed ${k}`,
        at: `/${k}`,
        expected: preview(v, 300),
        actual: after[k] === undefined ? undefined : preview(after[k], 300),
        severity: 'error',
      });
    }
  }
  // Fields the spec does not document are the backend's own; that a write changed one (an updated_at bumped on
  // every save) contradicts only the assumption that a write changes nothing it does not name.
  const own = Object.keys(client).filter(
    (k) => !documented.has(k) && JSON.stringify(after[k]) !== JSON.stringify(client[k]),
  );
  if (own.length)
    problems.push(
      resting(
        {
          operationId: 'updateClient',
          message: `writing client ${client.id} back changed ${own.join(', ')}, which the spec does not document (a field of the backend's own)`,
          at: `/${own[0]}`,
        },
        IGNORED_FIELDS_ASSUMPTION,
      ),
    );
  return problems;
}

/** What a window form's add and edit share: where the measurement goes, and how room/get lists it. */
interface Filing {
  base: Record<string, unknown>;
  stamp: string;
  roomEntries: (run: CheckRun) => Promise<Array<{ measurement_id: number; window_name: string }>>;
}

/** The three window forms: each adds a measurement, which room/get must list, then edits it. */
async function measurementChecks(
  s: Session,
  found: Discovered,
  client: Client,
  where: { roomId: number; userId: number },
): Promise<void> {
  const filing: Filing = {
    stamp: new Date().toISOString().replace(/\D/g, '').slice(0, 14),
    base: {
      client_id: client.id,
      room_id: where.roomId,
      user_id: where.userId,
      unit_type: 'inch',
      mount_type: 'inside',
      total_custom_fields: 0,
      custom_field: [],
    },
    roomEntries: async (run) => {
      const out = await run.call('getRoomMeasurements', { body: { client_id: client.id, room_id: where.roomId } });
      const data = (out.body as { data?: unknown } | null | undefined)?.data;
      if (!taken(out) || !Array.isArray(data)) return [];
      // Read for the entry only: room/get's own checks judge the answer.
      run.used('getRoomMeasurements', out);
      return data.filter((e) => e !== null && typeof e === 'object');
    },
  };
  const forms: Array<[string, number, Record<string, unknown>]> = [
    ['addEditSingleWindowPhotoMeasurement', typeId(found, /single/i, 1), { w_top: '35.25', h_left: '51.5' }],
    [
      'addEditSeriesWindowMeasurement',
      typeId(found, /series/i, 2),
      { number_in_series: '1', 'window_a-e_outside_width': '151.25' },
    ],
    ['addEditSpecialtyWindowMeasurement', typeId(found, /special/i, 3), { window_type: 1, w: '48', h: '24' }],
  ];
  for (const form of forms)
    await s.check(spec(form[0], 'adds a measurement, which room/get then lists, and edits it'), (run) =>
      addAndEdit(run, filing, form),
    );
}

async function addAndEdit(
  run: CheckRun,
  { base, stamp, roomEntries }: Filing,
  [operationId, measurement_type_id, extra]: [string, number, Record<string, unknown>],
): Promise<Finding[]> {
  const name = `Contract check ${stamp} ${operationId}`;
  const added = await run.call(operationId, {
    body: { ...base, ...extra, id: 0, measurement_type_id, window_name: name },
  });
  const problems: Finding[] = run.conform(operationId, added);
  // An add that was taken is looked for whatever else its answer gets wrong (its own findings say that).
  if (!taken(added)) return problems;
  const entry = (await roomEntries(run)).find((e) => e.window_name === name);
  if (!entry)
    return [
      ...problems,
      { operationId, message: `the new measurement "${name}" is not listed by room/get`, severity: 'error' },
    ];
  const edited = `${name} (edited)`;
  const edit = await run.call(operationId, {
    body: { ...base, ...extra, id: entry.measurement_id, measurement_type_id, window_name: edited },
  });
  problems.push(...run.conform(operationId, edit));
  if (!taken(edit)) return problems;
  const after = (await roomEntries(run)).find((e) => e.measurement_id === entry.measurement_id);
  if (after?.window_name !== edited) {
    problems.push({
      operationId,
      message: `editing measurement ${entry.measurement_id} did not change its name`,
      expected: edited,
      actual: String(after?.window_name),
      severity: 'error',
    });
  }
  return problems;
}

/** An awning added, then its width edited; its id is the one the awning_type check edits. */
async function awningRoundTrip(
  run: CheckRun,
  client: Client,
  roomId: number | undefined,
): Promise<{ problems: Finding[]; id?: number }> {
  const first = await run.call('addEditAwningMeasurement', {
    body: {
      client_id: client.id,
      room_id: roomId,
      awning_type: awningTypes(run)[0],
      width: 144,
      projection: 120,
      mount_height: 96,
    },
  });
  const problems = run.conform('addEditAwningMeasurement', first);
  const id = (first.body as { data?: { id?: unknown } } | null | undefined)?.data?.id;
  if (!taken(first) || typeof id !== 'number') return { problems };
  const second = await run.call('addEditAwningMeasurement', { body: { id, client_id: client.id, width: 150 } });
  problems.push(...run.conform('addEditAwningMeasurement', second));
  const width = (second.body as { data?: { dimensions?: { width?: unknown } } } | null | undefined)?.data?.dimensions
    ?.width;
  if (taken(second) && width !== 150)
    // That an existing id edits (rather than adds) is x-assumed: the document shows no id field for awnings.
    problems.push(
      resting(
        {
          operationId: 'addEditAwningMeasurement',
          message: `editing awning ${id} did not change its width`,
          expected: '150',
          actual: String(width),
        },
        '/components/schemas/AwningMeasurementRequest/properties/id',
      ),
    );
  return { problems, id };
}

/** The values of awning_type, as the spec has them now (the document's two, section 4.7, unless a team
 *  added one). */
export const awningTypes = (s: { spec: CheckRun['spec'] }): string[] =>
  enumOf(s.spec.byId.get('addEditAwningMeasurement')?.requestBody?.schema, 'awning_type').map(String);

/** A value of awning_type none of the spec's is: computed, so that a value a team adds is never the one sent. */
export const badAwningType = (s: { spec: CheckRun['spec'] }): string => outsideEnum(awningTypes(s), 'folding');

/**
 * Section 4.7 fixes both the values of awning_type and the failure
 * (`Validation failed`): an add, and an edit of the round trip's awning, with
 * another value must be refused. Accepting it is an error, and it wrote
 * something, which the finding says; the refusal's status is the spec's
 * assumption (422), so another 4xx is judged by conform as such.
 */
async function awningTypeRefused(run: CheckRun, client: Client, awningId: number | undefined): Promise<Finding[]> {
  const op = 'addEditAwningMeasurement';
  const bad = badAwningType(run);
  const allowed = listText(awningTypes(run), 'or');
  // Valid but for the awning_type, which is the one thing refused: sent as written.
  const sends: Array<[string, Record<string, unknown>]> = [
    ['an add', { ...(run.validBody(op, { client_id: client.id, width: 144 }) as object), awning_type: bad }],
  ];
  if (awningId !== undefined)
    sends.push([
      `an edit of awning ${awningId}`,
      { ...(run.validBody(op, { id: awningId, client_id: client.id }) as object), awning_type: bad },
    ]);
  const problems: Finding[] = [];
  for (const [what, body] of sends) {
    const out = await run.call(op, { body, exact: true });
    if (out.status !== undefined && out.status < 300) {
      const id = (out.body as { data?: { id?: unknown } } | undefined)?.data?.id;
      const written = `it wrote awning ${id === undefined ? '(id not given)' : String(id)} with that type: delete it by hand`;
      run.note(written);
      problems.push({
        operationId: op,
        status: out.status,
        message: `${what} with awning_type "${bad}" (the spec allows ${allowed}) was accepted with ${out.status}, expected the failure Validation failed; ${written}`,
        expected: '422 Validation failed',
        actual: String(out.status),
        severity: 'error',
        reproduce: run.reproduce(out),
      });
      continue;
    }
    problems.push(
      ...run.conform(op, out, [422]).map((f) => ({ ...f, message: `${what} with awning_type "${bad}": ${f.message}` })),
    );
  }
  return problems;
}
