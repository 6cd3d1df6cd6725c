// What the write checks share (writes.ts, window-measurements.ts, awning.ts):
// the client they write under, how a check of theirs is declared, and when the
// deployment took a write.
import type { Outcome } from '../../lib/http.js';

export type { Client } from './list-spec.js';

/** A write or read the deployment took (2xx): what it did is looked at, whatever else its answer gets wrong. */
export const taken = (out: Outcome): boolean => out.status !== undefined && out.status < 300;

/** The declaration of a write check of the operation. */
export const writeSpec = (operationId: string, title: string) => ({
  id: `writes:${operationId}`,
  group: 'writes' as const,
  operationId,
  title,
});
