// --allow-writes with --fuzz: the valid requests to a measurement form edit a
// measurement the run adds first (from the spec's own example), under the
// client and room the conformance checks found, and nothing else: every
// generated edit names that record, that client, that room and that author.
// The added measurement stays (the API has no measurement delete).
import type { RawNode } from '../../spec/load.js';
import type { CheckRun } from '../check-run.js';
import { NO_USER_ID } from '../checks/record-ids.js';
import type { Discovered } from '../discovered.js';
import type { Finding } from '../types.js';

/** The fields every generated edit is given, or why there is no record of the run's own to edit. */
export type OwnRecord = { overrides: Record<string, unknown> } | { problems: Finding[] } | { reason: string };

const exampleOf = (run: CheckRun, operationId: string) =>
  structuredClone((run.op(operationId).requestBody?.examples[0] ?? {}) as Record<string, unknown>);

export async function addOwnRecord(run: CheckRun, operationId: string, found: Discovered): Promise<OwnRecord> {
  const clientId = found.client?.id as number | undefined;
  if (clientId === undefined || found.roomId === undefined)
    return {
      reason: `no client with a room was found to add a measurement of its own under${found.noRoomId ? ` (${found.noRoomId})` : ''}`,
    };
  if (operationId === 'addEditAwningMeasurement') return addAwning(run, clientId, found.roomId);
  if (found.userId === undefined) return { reason: `no user id to file a measurement under: ${NO_USER_ID}` };
  return addWindow(run, operationId, { client_id: clientId, room_id: found.roomId, user_id: found.userId }, found);
}

async function addAwning(run: CheckRun, clientId: number, roomId: number): Promise<OwnRecord> {
  const fixed = { client_id: clientId, room_id: roomId };
  const { id: _adds, ...example } = exampleOf(run, 'addEditAwningMeasurement');
  const out = await run.call('addEditAwningMeasurement', { body: { ...example, ...fixed } });
  const problems = run.conform('addEditAwningMeasurement', out);
  const id = (out.body as RawNode | undefined)?.data?.id;
  if (problems.length) return { problems };
  if (typeof id !== 'number') return { reason: 'the added awning came without an id' };
  return { overrides: { ...fixed, id } };
}

async function addWindow(
  run: CheckRun,
  operationId: string,
  owner: { client_id: number; room_id: number; user_id: number },
  found: Discovered,
): Promise<OwnRecord> {
  const example = exampleOf(run, operationId);
  const form = /Single|Series|Specialty/.exec(operationId)?.[0];
  const type = found.measurementTypes.find((t) => form && t.name.toLowerCase().includes(form.toLowerCase()));
  const fixed = { ...owner, measurement_type_id: type?.id ?? example.measurement_type_id };
  const name = `Contract fuzz ${new Date().toISOString().replace(/\D/g, '').slice(0, 14)} ${operationId}`;
  const problems = run.conform(
    operationId,
    await run.call(operationId, { body: { ...example, ...fixed, id: 0, window_name: name } }),
  );
  if (problems.length) return { problems };
  const list = await run.call('getRoomMeasurements', { body: { client_id: owner.client_id, room_id: owner.room_id } });
  problems.push(...run.conform('getRoomMeasurements', list));
  const entries = (list.body as RawNode | undefined)?.data;
  const entry = Array.isArray(entries) ? entries.find((e) => e?.window_name === name) : undefined;
  if (problems.length) return { problems };
  if (typeof entry?.measurement_id !== 'number')
    return {
      problems: [
        {
          operationId,
          message: `the measurement the run added ("${name}") is not listed by room/get`,
          severity: 'error',
        },
      ],
    };
  return { overrides: { ...fixed, id: entry.measurement_id } };
}
