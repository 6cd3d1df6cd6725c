// Sequence (--allow-writes): what an update wrote is what the next reads read.
// The client's own values are written back with three of them changed (quote
// number, city, end client known), read through client/list (walked, and
// searched by the new quote number), client/user_client and the client's
// rooms; then its original values are written back and read again.
import type { Outcome } from '../../../lib/http.js';
import { preview } from '../../../lib/preview.js';
import type { LoadedSpec } from '../../../spec/load.js';
import type { CheckRun } from '../../check-run.js';
import type { Discovered } from '../../discovered.js';
import type { Session } from '../../session.js';
import type { Finding } from '../../types.js';
import { otherText, updatableStrings } from '../client-fields.js';
import { noClient } from '../kit.js';
import { COMPANY_CLIENTS, searchOf } from '../paging.js';
import { roomIdOf } from '../record-ids.js';
import { type Client, during, failed, found as finding, listed, read, sequence, stopped, succeeded } from './shared.js';

/** Walks ask for large pages: fewer calls against a throttled deployment. */
const PAGE = { limit: 100 };

/** The update request that writes a listed client's own values back, nulls included (so a restore restores them). */
export function updateBody(spec: LoadedSpec, c: Client): Record<string, unknown> {
  const body: Record<string, unknown> = { client_id: c.id };
  for (const f of updatableStrings(spec))
    if (f.required || typeof c[f.name] === 'string' || (c[f.name] === null && f.nullable)) body[f.name] = c[f.name];
  if (typeof c.lead_source_id === 'number' || c.lead_source_id === null) body.lead_source_id = c.lead_source_id;
  if (c.end_client_known === 0 || c.end_client_known === 1) body.end_client_known = c.end_client_known === 1;
  return body;
}

/** The client's own values with every optional string the listing gives back changed (a field the deployment
 *  drops silently shows), and end_client_known flipped; the new quote number is a keyword only it matches. */
export function changedBody(
  spec: LoadedSpec,
  c: Client,
  stamp: string,
): { body: Record<string, unknown>; marker: string } {
  const marker = `QA${stamp}`;
  const body = updateBody(spec, c);
  for (const f of updatableStrings(spec)) {
    const value = body[f.name];
    // A null the field may hold becomes text too (the restore writes the null back).
    if (!f.required && (typeof value === 'string' || (value === null && f.nullable)))
      body[f.name] = otherText(value ?? '', f.maxLength);
  }
  return { body: { ...body, quote_no: marker, end_client_known: c.end_client_known !== 1 }, marker };
}

/** What a listing must show once `body` was written: each field sent, in the listing's form, and the same ids. */
function expectedListing(before: Client, body: Record<string, unknown>): Record<string, unknown> {
  const want: Record<string, unknown> = { id: before.id, user_id: before.user_id, created_at: before.created_at };
  for (const [k, v] of Object.entries(body))
    if (k !== 'client_id') want[k] = k === 'end_client_known' ? (v === true ? 1 : 0) : v;
  return want;
}

type Listed = Awaited<ReturnType<typeof listed>>;

/** The fields a listing shows otherwise than written; the first finding carries the exchange. */
function differences(run: CheckRun, op: string, list: Listed, want: Record<string, unknown>, when: string): Finding[] {
  const where = op === 'listClients' ? 'client/list' : 'client/user_client';
  if (!list.client) return [finding(run, list.out, op, `${when}, client ${want.id} is not listed by ${where}`)];
  const problems: Finding[] = [];
  for (const [k, v] of Object.entries(want)) {
    if (JSON.stringify(list.client[k]) === JSON.stringify(v)) continue;
    // Shown in a few hundred characters: a deployment's value can be megabytes long.
    const shown = preview(list.client[k], 300);
    const message = `${when}, ${where} shows client ${want.id}'s ${k} as ${shown}, not ${preview(v, 300)} as written`;
    const more = { at: `/${k}`, expected: preview(v, 300), actual: shown };
    problems.push(
      problems.length
        ? { operationId: op, message, severity: 'error', ...more }
        : finding(run, list.out, op, message, more),
    );
  }
  return problems;
}

/** The client's room ids, sorted; undefined when the read gives no list (the document's sample is null). */
async function roomIds(run: CheckRun, id: number): Promise<{ ids?: number[]; out: Outcome }> {
  const out = await run.call('getRoomsByClientId', { body: { client_id: id } });
  const data = (out.body as { data?: unknown } | null | undefined)?.data;
  if (out.status === undefined || out.status >= 300 || !Array.isArray(data)) return { out };
  run.used('getRoomsByClientId', out);
  const ids = data.map(roomIdOf).filter((id): id is number => id !== undefined);
  return { ids: ids.sort((a, b) => a - b), out };
}

async function sameRooms(run: CheckRun, id: number, before: number[]): Promise<Finding[]> {
  const after = await roomIds(run, id);
  const problems = after.ids ? [] : read(run, 'getRoomsByClientId', after.out, 'after the update', false);
  if (problems.length || JSON.stringify(after.ids) === JSON.stringify(before)) return problems;
  const message = `after the update, room/get-by-client-id gives client ${id} the rooms ${preview(after.ids, 300)}, not ${preview(before, 300)} as before it`;
  return [finding(run, after.out, 'getRoomsByClientId', message)];
}

/** The keyword search finds the client by the quote number just written, when x-list's search says the keyword
 *  searches quote numbers (which fields it matches is that node's assumption). */
async function searched(run: CheckRun, id: number, marker: string): Promise<Finding[]> {
  const search = searchOf(run.spec);
  if (typeof search !== 'object' || !search.matches.includes('quote_no')) return [];
  const out = await run.call('listClients', { body: { [search.field]: marker, page: 1 } });
  const hits = (out.body as { data?: { data?: unknown } } | null | undefined)?.data?.data;
  const problems = read(run, 'listClients', out, 'searching for the new quote number', Array.isArray(hits));
  if (problems.length || (hits as Array<Client | null>).some((c) => c?.id === id)) return problems;
  const message = `after the update, client/list with keyword "${marker}" (the quote number just written) does not find client ${id}`;
  return [finding(run, out, 'listClients', message, { severity: 'observation', assumption: search.pointer })];
}

/** What the reads show before the update: the client as listed, its rooms, and whether the company's list shows it. */
interface Before {
  client: Client;
  rooms?: number[];
  /** The company whose list showed the client before the update; it must show the update too. */
  company?: string;
  /** Said before anything was written (what rests on an assumption). */
  observations: Finding[];
}

async function readBefore(run: CheckRun, found: Discovered, id: number): Promise<Before | Finding[]> {
  const first = await listed(run, 'listClients', PAGE, id);
  const unread = stopped(
    first.problems,
    'listClients',
    'reading the client in client/list',
    'the update',
    failed(first.problems),
  );
  if (unread) return unread;
  if (!first.client)
    return [finding(run, first.out, 'listClients', `client ${id} is not listed by client/list; nothing was written`)];
  // The update sends them (the request requires them): without them it could not write the client's own values.
  const absent = updatableStrings(run.spec)
    .filter((f) => f.required && typeof first.client![f.name] !== 'string')
    .map((f) => f.name);
  const unsendable = stopped(
    [],
    'listClients',
    `client/list shows client ${id} without ${absent.join(', ')}, which the update must send`,
    'the update',
    absent.length > 0,
  );
  if (unsendable) return unsendable;
  const observations: Finding[] = [];
  const before: Before = { client: first.client, rooms: (await roomIds(run, id)).ids, observations };
  if (!found.companyName) return before;
  const shared = await listed(run, 'listCompanyClients', { company_name: found.companyName, ...PAGE }, id);
  const unshared = stopped(
    shared.problems,
    'listCompanyClients',
    'reading client/user_client',
    'the update',
    failed(shared.problems),
  );
  if (unshared) return unshared;
  if (shared.client) return { ...before, company: found.companyName };
  // Which clients count as the company's is assumed: one missing there is an observation.
  const message = `client ${id} is not among the company's clients (client/user_client), so that list is not read after the update`;
  before.observations.push(
    finding(run, shared.out, 'listCompanyClients', message, { severity: 'observation', assumption: COMPANY_CLIENTS }),
  );
  return before;
}

async function readsAfter(
  run: CheckRun,
  before: Before,
  body: Record<string, unknown>,
  marker: string,
): Promise<Finding[]> {
  const id = before.client.id;
  const want = expectedListing(before.client, body);
  const step = during('after the update');
  const problems: Finding[] = [];
  for (const [op, extra] of [
    ['listClients', {}],
    ...(before.company ? [['listCompanyClients', { company_name: before.company }] as const] : []),
  ] as const) {
    const list = await listed(run, op, { ...extra, ...PAGE }, id);
    problems.push(
      ...list.problems.map(step),
      ...(failed(list.problems) ? [] : differences(run, op, list, want, 'after the update')),
    );
  }
  problems.push(...(await searched(run, id, marker)));
  if (before.rooms) problems.push(...(await sameRooms(run, id, before.rooms)));
  return problems;
}

/** Writes the original values back and reads them; a client left changed is said so, with what to do. */
async function restore(run: CheckRun, before: Client): Promise<Finding[]> {
  const step = 'restoring the original values';
  const body = updateBody(run.spec, before);
  const out = await run.call('updateClient', { body });
  const left = finding(
    run,
    undefined,
    'updateClient',
    `client ${before.id} was left changed (quote_no, city, end_client_known): write its values back by hand`,
  );
  // The update's answer was judged at the update; here only whether the restore was taken.
  const problems = read(run, 'updateClient', out, step);
  if (!succeeded(out)) return [...problems, left];
  const list = await listed(run, 'listClients', PAGE, before.id);
  if (failed(list.problems)) return list.problems.map(during(step));
  return [
    ...list.problems.map(during(step)),
    ...differences(
      run,
      'listClients',
      list,
      expectedListing(before, body),
      'after the restore (so the client may be left changed)',
    ),
  ];
}

export async function updateReadCheck(s: Session, found: Discovered): Promise<void> {
  const spec = sequence(
    'update-then-read',
    'updateClient',
    'what an update wrote is what client/list, client/user_client and the rooms read next; then restored',
  );
  if (!s.ctx.allowWrites)
    return void s.skip(spec, 'read-only run; --allow-writes adds it (a client is changed, then restored)');
  const id = (found.client as Client | undefined)?.id;
  if (id === undefined) return void s.skip(spec, noClient(s, 'the account has no client'));
  await s.check(spec, async (run) => {
    const before = await readBefore(run, found, id);
    if (Array.isArray(before)) return before;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const { body, marker } = changedBody(run.spec, before.client, stamp);
    const problems: Finding[] = [...before.observations];
    try {
      const out = await run.call('updateClient', { body });
      problems.push(...run.conform('updateClient', out).map(during('the update')));
      // Whatever its answer gets wrong, an update that was taken wrote something, which the reads must show.
      if (succeeded(out)) problems.push(...(await readsAfter(run, before, body, marker)));
    } finally {
      problems.push(...(await restore(run, before.client)));
    }
    return problems;
  });
}
