// The three window forms of --allow-writes: each adds a measurement, which
// room/get must then list, and edits it. Apart from writes.ts because the
// forms share a filing (where the measurement goes, how room/get lists it)
// that nothing else uses.
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import type { Finding } from '../types.js';
import { type Client, taken, writeSpec } from './write-kit.js';

function typeId(found: Discovered, pattern: RegExp, fallback: number): number {
  return found.measurementTypes.find((t) => pattern.test(t.name))?.id ?? fallback;
}

/** What a window form's add and edit share: where the measurement goes, and how room/get lists it. */
interface Filing {
  base: Record<string, unknown>;
  stamp: string;
  roomEntries: (run: CheckRun) => Promise<Array<{ measurement_id: number; window_name: string }>>;
}

/** The three window forms: each adds a measurement, which room/get must list, then edits it. */
export async function measurementChecks(
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
    await s.check(writeSpec(form[0], 'adds a measurement, which room/get then lists, and edits it'), (run) =>
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
