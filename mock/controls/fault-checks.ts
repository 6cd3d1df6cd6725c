// What POST /__mock/faults refuses beyond its schema: a status no operation it
// names can answer, and settings that belong to another kind of fault. Each
// refusal says what is allowed instead.
import type { OperationEntry } from '../../spec/load.js';
import { type FaultKind, OUTSIDE_SPEC_OFFER, OUTSIDE_SPEC_STATUSES, undocumentedStatus } from './fault-rules.js';

export interface FaultBody {
  operationId?: string;
  status?: number;
  kind?: FaultKind;
  latency_ms?: number;
  count?: number;
  retry_after?: number;
  bytes_per_second?: number;
}

/** Why the mock cannot take this fault, or undefined when it can. */
export function faultRefusal(
  body: FaultBody,
  op: OperationEntry | undefined,
  operations: readonly OperationEntry[],
): string | undefined {
  const { status, kind } = body;
  if (status !== undefined && kind !== undefined)
    return `A fault takes status or kind, not both: ${OUTSIDE_SPEC_STATUSES[status] === kind ? `kind ${kind} answers ${status} already` : `a rule answers one way`}.`;
  if (status !== undefined && !(status in OUTSIDE_SPEC_STATUSES)) {
    if (op && !(String(status) in op.responses))
      return undocumentedStatus(op.operationId, status, Object.keys(op.responses));
    // On every operation, a status none documents would never apply: refused rather than kept unused.
    if (!op && !operations.some((o) => String(status) in o.responses))
      return `No operation documents status ${status}, so a fault on every operation would never answer it. ${OUTSIDE_SPEC_OFFER}`;
  }
  const answersAs = kind ?? (status === undefined ? undefined : OUTSIDE_SPEC_STATUSES[status]);
  if (body.retry_after !== undefined && answersAs !== 'unavailable')
    return 'retry_after is the Retry-After of kind unavailable (status 503 where the operation does not document it); this fault answers otherwise.';
  if (body.bytes_per_second !== undefined && kind !== 'slow')
    return 'bytes_per_second is the rate of kind slow; give kind "slow" with it.';
  return undefined;
}
