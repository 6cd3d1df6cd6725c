// The spec's choices for situations the interface document shows no answer
// for (`/x-situations`): a wrong password, an unknown QR code, an unknown or
// another company's client, another company's name. The mock answers them as
// the spec says and the contract suite's probes expect what it says, so both
// read them here, checked once: a malformed entry stops the start-up with the
// entry's name rather than making an answer nobody chose.
import type { RawNode } from './load.js';

export const SITUATIONS = [
  'wrong-credentials',
  'unknown-qr-code',
  'unknown-client',
  'other-company-client',
  'other-company',
] as const;
export type SituationName = (typeof SITUATIONS)[number];

export interface Situation {
  name: SituationName;
  /** The JSON pointer of its node: what a finding about it rests on. */
  pointer: string;
  status: number;
  /** The text the answer carries, when the spec fixes one (else the mock's own). */
  message?: string;
  /** For a 422: the request field its `errors` names. */
  field: string;
}

/** What a spec without the node (or the entry) gets: the mock's answers before the spec named them. */
const DEFAULTS: Record<SituationName, { status: number; field: string }> = {
  'wrong-credentials': { status: 401, field: 'email' },
  'unknown-qr-code': { status: 401, field: 'qr_code' },
  'unknown-client': { status: 404, field: 'client_id' },
  'other-company-client': { status: 404, field: 'client_id' },
  'other-company': { status: 404, field: 'company_name' },
};

/** Only other-company may be answered with a 2xx (an empty page); every other situation is refused. */
const TAKES_2XX: ReadonlySet<SituationName> = new Set(['other-company']);

export class SituationError extends Error {
  constructor(detail: string) {
    super(`spec: /x-situations ${detail}`);
    this.name = 'SituationError';
  }
}

const isName = (k: string): k is SituationName => (SITUATIONS as readonly string[]).includes(k);

function entryOf(name: SituationName, node: unknown): Situation {
  const pointer = `/x-situations/${name}`;
  const fallback = DEFAULTS[name];
  if (node === undefined) return { name, pointer, ...fallback };
  if (node === null || typeof node !== 'object' || Array.isArray(node))
    throw new SituationError(`${name}: an object {status, message?, field?} is wanted`);
  const { status = fallback.status, message, field = fallback.field } = node as RawNode;
  const refusal = Number.isInteger(status) && status >= 400 && status <= 499;
  const served = Number.isInteger(status) && status >= 200 && status <= 299 && TAKES_2XX.has(name);
  if (!refusal && !served)
    throw new SituationError(
      `${name}: status ${JSON.stringify(status)} is not an integer from 400 to 499${TAKES_2XX.has(name) ? ' or 200 to 299' : ''}`,
    );
  if (message !== undefined && typeof message !== 'string')
    throw new SituationError(`${name}: message ${JSON.stringify(message)} is not a string`);
  if (typeof field !== 'string' || field === '')
    throw new SituationError(`${name}: field ${JSON.stringify(field)} is not a request field name`);
  return { name, pointer, status, field, ...(message === undefined ? {} : { message }) };
}

/** Every situation, as the spec states it (an entry it leaves out keeps the mock's own answer). */
export function situationsOf(document: RawNode): Record<SituationName, Situation> {
  const node = document['x-situations'] ?? {};
  if (node === null || typeof node !== 'object' || Array.isArray(node))
    throw new SituationError('is not a map of situations');
  const unknown = Object.keys(node).filter((k) => k !== 'description' && !k.startsWith('x-') && !isName(k));
  if (unknown.length)
    throw new SituationError(`names no situation ${unknown.join(', ')} (it knows ${SITUATIONS.join(', ')})`);
  return Object.fromEntries(SITUATIONS.map((name) => [name, entryOf(name, node[name])])) as Record<
    SituationName,
    Situation
  >;
}
