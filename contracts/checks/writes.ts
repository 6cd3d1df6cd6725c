// --allow-writes: the update round-trip (a client's own values written back and
// read again) and the four measurement add/edit operations. The delete of
// --allow-destructive is a sequence (checks/sequences/delete.ts). The window
// forms are window-measurements.ts, the awning awning.ts.

import { preview } from '../../lib/preview.js';
import { IGNORED_FIELDS_ASSUMPTION } from '../../spec/ignored-fields.js';
import type { JsonSchema } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { awningChecks } from './awning.js';
import { updatableStrings } from './client-fields.js';
import { noClient } from './kit.js';
import { NO_USER_ID } from './record-ids.js';
import { measurementChecks } from './window-measurements.js';
import { type Client, taken, writeSpec } from './write-kit.js';

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

/** The window forms, filed under a room and a user; the awning is filed under its client (a room optional). */
const WINDOWS = [
  'addEditSingleWindowPhotoMeasurement',
  'addEditSeriesWindowMeasurement',
  'addEditSpecialtyWindowMeasurement',
];
const MEASUREMENTS = [...WINDOWS, 'addEditAwningMeasurement'];

/** Each check a missing precondition stops is recorded as skipped, with the reason: none vanishes. */
function skipAll(s: Session, ids: string[], reason: string): void {
  for (const id of ids) s.skip(writeSpec(id, 'writes'), reason);
}

export async function writeChecks(s: Session, found: Discovered): Promise<void> {
  const client = found.client as Client | undefined;
  if (!s.ctx.allowWrites) {
    skipAll(s, ['updateClient', ...MEASUREMENTS], 'read-only run; --allow-writes adds it');
    s.skip(
      { ...writeSpec('addEditAwningMeasurement', 'awning_type'), id: 'writes:addEditAwningMeasurement:awning-type' },
      'read-only run; --allow-writes adds it (a deployment that wrongly accepts the awning writes it)',
    );
    return;
  }
  if (!client) return skipAll(s, ['updateClient', ...MEASUREMENTS], noClient(s, 'the account has no client'));
  await s.check(writeSpec('updateClient', "writes a client's own values back and reads them unchanged"), (run) =>
    writeBack(run, client),
  );
  if (found.roomId === undefined)
    skipAll(s, WINDOWS, `no room to file measurements under: ${found.noRoomId ?? 'no client with a room was found'}`);
  else if (found.userId === undefined) skipAll(s, WINDOWS, `no user to file measurements under: ${NO_USER_ID}`);
  else await measurementChecks(s, found, client, { roomId: found.roomId, userId: found.userId });
  await awningChecks(s, client);
}

/** The client's own values written back: client/list must then show it unchanged. */
async function writeBack(run: CheckRun, client: Client): Promise<Finding[]> {
  const body: Record<string, unknown> = {
    client_id: client.id,
    name: client.name,
    surname: client.surname,
    email: client.email,
  };
  for (const f of updatableStrings(run.spec)) if (typeof client[f.name] === 'string') body[f.name] = client[f.name];
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
  problems.push(...changedFields(run, client, after));
  return problems;
}

/** What writing the client back changed, as client/list shows it after: a documented field is an error, a
 *  field of the backend's own only an observation. */
function changedFields(run: CheckRun, client: Client, after: Client): Finding[] {
  const problems: Finding[] = [];
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
