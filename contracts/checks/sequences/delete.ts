// Sequence (--allow-destructive --client-id N): a deleted client is gone. N is
// deleted once; afterwards client/list and client/user_client no longer list
// it, and room/get-by-client-id, room/get (for a room it had), client/update
// and client/delete refuse it with a 4xx (the documented 404 of a deleted client).

import type { CheckRun } from '../../check-run.js';
import type { Discovered } from '../../discovered.js';
import type { Session } from '../../session.js';
import type { Finding } from '../../types.js';
import { roomIdOf } from '../record-ids.js';
import { type Client, during, failed, found as finding, listed, sequence, stopped, succeeded } from './shared.js';

const PAGE = { limit: 100 };
const AFTER = 'after the delete';

async function firstRoom(run: CheckRun, id: number): Promise<number | undefined> {
  const out = await run.call('getRoomsByClientId', { body: { client_id: id } });
  const rooms = (out.body as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(rooms)) return undefined;
  // Read for a room id only: the rooms' own check judges the answer.
  run.used('getRoomsByClientId', out);
  return rooms.map(roomIdOf).find((id) => id !== undefined);
}

async function unlisted(run: CheckRun, id: number, company?: string): Promise<Finding[]> {
  const problems: Finding[] = [];
  const lists: Array<['listClients' | 'listCompanyClients', Record<string, unknown>]> = [['listClients', PAGE]];
  if (company) lists.push(['listCompanyClients', { company_name: company, ...PAGE }]);
  for (const [op, body] of lists) {
    const list = await listed(run, op, body, id);
    problems.push(...list.problems.map(during(AFTER)));
    if (list.client)
      problems.push(
        finding(
          run,
          list.out,
          op,
          `client ${id} is still listed by ${op === 'listClients' ? 'client/list' : 'client/user_client'} after its delete`,
        ),
      );
  }
  return problems;
}

async function refusedReads(run: CheckRun, before: Client, roomId: number | undefined): Promise<Finding[]> {
  const id = before.id;
  const refuse = async (op: string, body: Record<string, unknown>) =>
    run.conform(op, await run.call(op, { body }), '4xx').map(during(AFTER));
  const update = {
    client_id: id,
    name: String(before.name),
    surname: String(before.surname),
    email: String(before.email),
  };
  return [
    ...(await refuse('getRoomsByClientId', { client_id: id })),
    ...(roomId === undefined ? [] : await refuse('getRoomMeasurements', { client_id: id, room_id: roomId })),
    ...(await refuse('updateClient', update)),
    ...(await refuse('deleteClient', { client_id: id })),
  ];
}

export async function deletedClientCheck(s: Session, found: Discovered): Promise<void> {
  const spec = sequence(
    'deleted-client-gone',
    'deleteClient',
    'a deleted client is gone from client/list, client/user_client and the rooms, and refused on update and delete',
  );
  const id = s.ctx.clientId;
  if (!s.ctx.allowDestructive || id === undefined) return void s.skip(spec, 'needs --allow-destructive --client-id N');
  await s.check(spec, async (run) => {
    const first = await listed(run, 'listClients', PAGE, id);
    const unlistable = stopped(
      first.problems,
      'listClients',
      'reading client/list',
      'the delete',
      !first.out || failed(first.problems),
    );
    if (unlistable) return unlistable;
    if (!first.client)
      return [
        finding(run, first.out, 'deleteClient', `client ${id} is not among the account's clients; nothing was deleted`),
      ];
    const roomId = await firstRoom(run, id);
    const out = await run.call('deleteClient', { body: { client_id: id } });
    // What the delete's answer gets wrong is its own finding; only a refusal leaves nothing to look at.
    const problems = run.conform('deleteClient', out);
    const how = `the delete (answered ${out.status ?? out.fault?.kind})`;
    const kept = stopped(problems, 'deleteClient', how, 'what it must have done', !succeeded(out));
    if (kept) return kept;
    return [
      ...problems,
      ...(await unlisted(run, id, found.companyName)),
      ...(await refusedReads(run, first.client, roomId)),
    ];
  });
}
