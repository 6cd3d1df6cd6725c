// The suite's valid requests follow the spec: every body a check sends as valid
// is completed, on its way to the wire (Session.send), with the required
// properties it lacks, taken from the record the run found where it has one,
// else from the operation's example, else from the schema (spec/valid-body.ts).
// A check writes what its check is about (a client's id, a page); a team that
// makes a field required, adds an enum value or an optional field changes no
// check. What a check wrote is never changed; a call that sends a body as
// written on purpose (one without a required field, a wrong type, a fuzz
// case, a raw text) says `exact`.
import type { JsonSchema, OperationEntry } from '../spec/load.js';
import { completeBody, fromExample, type Source } from '../spec/valid-body.js';
import type { CallOptions } from './check-run.js';
import type { Discovered } from './discovered.js';
import { isTargetId, NO_SUCH_ID } from './targets.js';

/** Never made up: a check that means to sign in, sign up or change a password writes it; a harmless body
 *  (negative.ts) leaves it out so that no request could do any of those if wrongly accepted. */
const SECRET = /password/;

/** The record the run found, by the request field that names it. */
function fromRecord(op: OperationEntry, found: Discovered): Source {
  const byName: Record<string, unknown> = {
    client_id: found.client?.id,
    room_id: found.roomId,
    user_id: found.userId,
    company_name: found.companyName,
    measurement_type_id: found.measurementTypes[0]?.id,
  };
  // A client operation's other fields are the client's own (an update writes its values back).
  const client = op.tags.includes('Clients') ? found.client : undefined;
  return (name) => (name in byName ? byName[name] : client?.[name]);
}

/** A write's target is never made up nor taken from a record: a check that means to change one names it, and
 *  one it did not name is an id no record has, so that a body completed by mistake changes nothing. */
const noTarget =
  (op: OperationEntry): Source =>
  (name) =>
    !op.read && isTargetId(name) ? NO_SUCH_ID : undefined;

/** Whether the call's body goes as written: said so, raw text, another method than the operation's, no body. */
export const sentAsWritten = (o: CallOptions): boolean =>
  o.exact === true || o.raw !== undefined || o.method !== undefined || o.body === undefined;

/** The body the operation takes as valid: what the check wrote, with every required property it lacks. */
export function validBody(op: OperationEntry, written: unknown, found?: Discovered): unknown {
  if (!op.requestBody) return written;
  const sources = [noTarget(op), ...(found ? [fromRecord(op, found)] : []), fromExample(op.requestBody.examples[0])];
  return completeBody(op.requestBody.schema as JsonSchema, written, { sources, leaveOut: SECRET });
}

/** The body of a call as it goes on the wire. */
export function bodyToSend(op: OperationEntry, o: CallOptions, found?: Discovered): unknown {
  return sentAsWritten(o) ? o.body : validBody(op, o.body, found);
}
