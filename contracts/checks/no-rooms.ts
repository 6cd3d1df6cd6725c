// What room/get-by-client-id answers for a client without rooms: the spec's
// x-no-rooms says (the document's sample is null, the spec's choice the
// envelope with an empty list), and its 200 schema takes either, so only this
// check can tell which one a deployment chose. It needs a client without
// rooms among the first page's: the conformance reads already asked some.

import { NO_ROOMS_OPERATION } from '../../spec/list-choices.js';
import type { CheckRun } from '../check-run.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { replace, specNoRooms } from './list-spec.js';

/** Clients tried at most. */
const PROBES = 20;

const kindOf = (body: unknown): 'null' | 'empty-list' | 'rooms' | 'other' => {
  if (body === null) return 'null';
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return 'other';
  return data.length ? 'rooms' : 'empty-list';
};

/**
 * The rooms of a client that has none, judged against x-no-rooms. `known` holds what the rooms check already
 * learnt of each client it asked (true: it has rooms), so a client seen without rooms is asked first and one
 * seen with rooms is not asked again.
 */
export async function noRoomsCheck(
  s: Session,
  clients: Array<Record<string, unknown>>,
  known: ReadonlyMap<unknown, boolean>,
): Promise<void> {
  const op = NO_ROOMS_OPERATION;
  const choice = specNoRooms(s.spec);
  const spec = {
    id: `conformance:${op}:a client without rooms`,
    group: 'conformance' as const,
    operationId: op,
    title: `answers a client without rooms as x-no-rooms says (${typeof choice === 'object' ? choice.answer : 'unknown'})`,
    ...(typeof choice === 'object' ? { shows: [choice.pointer] } : {}),
  };
  if (typeof choice === 'string') return void s.skip(spec, choice);
  if (!choice) return void s.skip(spec, "the spec's room/get-by-client-id declares no x-no-rooms");
  const order = clients
    .slice(0, PROBES)
    .filter((c) => known.get(c.id) !== true)
    .sort((a, b) => Number(known.get(b.id) === false) - Number(known.get(a.id) === false));
  await s.check(spec, async (run: CheckRun) => {
    for (const c of order) {
      const out = await run.call(op, { body: { client_id: c.id } });
      const problems = run.conform(op, out);
      const kind = kindOf(out.body);
      if (problems.length || out.status === undefined || out.status >= 300) return problems;
      if (kind === 'rooms' || kind === 'other') continue;
      if (kind === choice.answer) return problems;
      const finding: Finding = resting(
        {
          operationId: op,
          message: `${op} answered client ${String(c.id)}, which has no rooms, with ${kind === 'null' ? 'null' : 'the envelope and an empty data list'}, where x-no-rooms says ${choice.answer}`,
          expected: choice.answer,
          actual: kind,
          reproduce: run.reproduce(out),
        },
        choice.pointer,
      );
      return [{ ...finding, patch: replace(`${choice.pointer}/answer`, choice.answer, kind) }];
    }
    run.nothingToCheck(
      `none of the first ${Math.min(PROBES, clients.length)} clients is without rooms, so what such a client gets was not seen`,
    );
    return [];
  });
}
