// The awning of --allow-writes: one added and its width edited, and then an
// add and an edit with an awning_type the spec does not list, which must be
// refused. Apart from writes.ts because the two checks share the awning the
// first one made, and the spec's values of awning_type.
import { listText } from '../../lib/words.js';
import { enumOf, outsideEnum } from '../../spec/valid-body.js';
import type { CheckRun } from '../check-run.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { type Client, taken, writeSpec } from './write-kit.js';

/** The round trip, then the refusal of a value outside awning_type's, which edits the round trip's awning. */
export async function awningChecks(s: Session, client: Client): Promise<void> {
  let awningId: number | undefined;
  await s.check(writeSpec('addEditAwningMeasurement', 'adds an awning and edits it'), async (run) => {
    const { problems, id } = await awningRoundTrip(run, client);
    awningId = id;
    return problems;
  });
  await s.check(
    {
      ...writeSpec('addEditAwningMeasurement', `refuses an awning_type outside ${listText(awningTypes(s), 'and')}`),
      id: 'writes:addEditAwningMeasurement:awning-type',
    },
    (run) => awningTypeRefused(run, client, awningId),
  );
}

const AWNING_ID = '/components/schemas/AwningMeasurementRequest/properties/id';

/** An awning added, then its width edited; its id is the one the awning_type check edits. */
async function awningRoundTrip(run: CheckRun, client: Client): Promise<{ problems: Finding[]; id?: number }> {
  // Section 4.7's fields only: a deployment may refuse one it does not know (room_id is the spec's assumption).
  const first = await run.call('addEditAwningMeasurement', {
    body: {
      client_id: client.id,
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
  // That an id edits is the spec's assumption (the document shows no id for awnings): a refusal rests on it.
  problems.push(...run.conform('addEditAwningMeasurement', second, '2xx', { rests: AWNING_ID }));
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
        AWNING_ID,
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
