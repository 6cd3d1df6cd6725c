// What the list checks read of the spec and of a list's answer: the spec's
// list choices (spec/list-choices.ts) or why they cannot be read, a request
// property's schema, the page of clients an answer carries, and the patch
// that replaces a node's value.
import type { Outcome } from '../../lib/http.js';
import type { PatchOperation } from '../../spec/finding.js';
import { type ListChoice, type ListChoices, listChoices } from '../../spec/list-choices.js';
import type { JsonSchema, LoadedSpec } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { CheckRun } from '../check-run.js';

export type Client = Record<string, unknown> & { id: number };
interface Page {
  data: Client[];
  per_page?: unknown;
}

export const pageOf = (out: Outcome): Page | undefined => {
  const env = (out.body as { data?: { data?: unknown } } | null | undefined)?.data;
  return out.status !== undefined && out.status < 300 && Array.isArray(env?.data) ? (env as Page) : undefined;
};

/** The spec's list choices, or why they cannot be read (a malformed x-list: the probes then say so). */
export function specLists(spec: LoadedSpec): ReadonlyMap<string, ListChoice> | string {
  try {
    return listChoices(spec).lists;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The spec's x-no-rooms, or why it cannot be read. */
export function specNoRooms(spec: LoadedSpec): ListChoices['noRooms'] | string {
  try {
    return listChoices(spec).noRooms;
  } catch (err) {
    return (err as Error).message;
  }
}

/** A property of the operation's request body, as the spec declares it. */
export function requestProperty(run: CheckRun, operationId: string, name: string): JsonSchema | undefined {
  const props = foldAllOf(run.op(operationId).requestBody?.schema).properties as Record<string, JsonSchema> | undefined;
  return props?.[name];
}

/** The replacement of a node's value, after a test that it still holds what the probe read. */
export const replace = (path: string, was: unknown, value: unknown): PatchOperation[] => [
  { op: 'test', path, value: was },
  { op: 'replace', path, value },
];
