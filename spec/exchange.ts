// Validates one HTTP exchange (operation, status, headers, body) against the
// spec. Every validator is compiled once: the ones that stop at the first
// violation when the validator is created, the ones that list every violation
// when an answer first needs them. Memory stays bounded whatever the body: a
// body of more than LISTED_VALUES values is judged by the validator that stops,
// and its violations are listed from a sample (violations.ts).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { clip, preview } from '../lib/preview.js';
import { createAjv } from './ajv.js';
import { fittingBranchErrors, foldRepeats, type Repeated } from './ajv-errors.js';
import { schemaAssumption } from './assumptions.js';
import { type Finding, resting } from './finding.js';
import { type JsonSchema, type LoadedSpec, type OperationEntry, pathPattern } from './load.js';
import { decodePointer } from './schema.js';
import { type Found, LISTED_VALUES, SAMPLED_ITEMS, violations } from './violations.js';

export interface Exchange {
  /** The operation, by id; or give method and path (the path under the server prefix or with it). */
  operationId?: string;
  method?: string;
  path?: string;
  status: number;
  headers?: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

/** A finding of the exchange validator always says where, against what, and by which rule. */
export type ExchangeFinding = Finding &
  Required<Pick<Finding, 'operationId' | 'status' | 'at' | 'expected' | 'actual' | 'keyword'>>;

export type { Finding, Severity } from './finding.js';

const show = (v: unknown): string => preview(v);

function valueAt(body: unknown, pointer: string): unknown {
  let node: unknown = body;
  for (const part of decodePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function expectedOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `type ${String(p.type)}`;
    case 'required':
      return `property "${String(p.missingProperty)}"`;
    case 'const':
      return show(p.allowedValue);
    case 'enum':
      return `one of ${show(p.allowedValues)}`;
    case 'format':
      return `format ${String(p.format)}`;
    case 'pattern':
      return `pattern ${String(p.pattern)}`;
    // Ajv's params say which branches passed (`passingSchemas`), never what one would have taken.
    case 'oneOf':
      return Array.isArray(p.passingSchemas) ? 'exactly one of its alternatives' : 'one of its alternatives';
    case 'anyOf':
      return 'one of its alternatives';
    default:
      return `${e.keyword} ${show(p)}`;
  }
}

/** Violations described per answer; the rest are counted (a body can hold millions). */
export const MAX_FINDINGS = 100;

/** Places of a repeated violation named in its message. */
const NAMED_PLACES = 3;

/** Where a violation was met: its pointer, or (repeated across array items) the pointer with `*` for the
 *  indices, how many places and the first of them. */
function placesOf(group: Repeated, at: (e: ErrorObject) => string): { where: string; places: string } {
  const n = group.all.length;
  if (n === 1) return { where: at(group.first), places: '' };
  const named = group.all.slice(0, NAMED_PLACES).map(at);
  const missing = group.first.keyword === 'required' ? at(group.first).slice(group.first.instancePath.length) : '';
  return {
    where: clip(`${group.general}${missing}`),
    places: ` (at ${n} places: ${named.join(', ')}${n > NAMED_PLACES ? `, and ${n - NAMED_PLACES} more` : ''})`,
  };
}

/** One violation (at one place or repeated across array items) as a finding: its pointer and value shown in a
 *  few hundred characters, copied, whatever the body. */
function violation(
  operationId: string,
  exchange: Exchange,
  group: Repeated,
  assumption: string | undefined,
): ExchangeFinding {
  const e = group.first;
  const missingOf = (x: ErrorObject) =>
    x.keyword === 'required' ? String((x.params as Record<string, unknown>).missingProperty) : undefined;
  const pointerOf = (x: ErrorObject) => {
    const missing = missingOf(x);
    return clip(missing === undefined ? x.instancePath : `${x.instancePath}/${missing}`);
  };
  const { where, places } = placesOf(group, pointerOf);
  return resting(
    {
      operationId,
      status: exchange.status,
      at: pointerOf(e),
      expected: expectedOf(e),
      actual: missingOf(e) === undefined ? show(valueAt(exchange.body, e.instancePath)) : 'nothing',
      message: `${operationId} ${exchange.status} ${where || '(body)'}: ${clip(e.message ?? e.keyword)}${places}`,
      keyword: e.keyword,
    },
    assumption,
  );
}

/** The line for the violations not listed: counted, or (a body too large to list them all) said to be sampled. */
function truncation(
  operationId: string,
  status: number,
  found: Found,
  listed: number,
): Omit<ExchangeFinding, 'severity'> | undefined {
  const base = { operationId, status, at: '', expected: 'the schema', keyword: 'truncated' };
  if (found.sampled)
    return {
      ...base,
      actual: `more than ${LISTED_VALUES.toLocaleString('en')} values`,
      message: `${operationId} ${status}: the body holds more than ${LISTED_VALUES.toLocaleString('en')} values, so its violations are listed from the first ${SAMPLED_ITEMS} items of each array (and the first of the whole body); more violations may follow`,
    };
  if (listed <= MAX_FINDINGS) return undefined;
  const more = listed - MAX_FINDINGS;
  return {
    ...base,
    actual: `${listed} violations`,
    message: `${operationId} ${status}: ... and ${more} more violations of the schema in this body`,
  };
}

export interface ExchangeValidator {
  /** The operation an exchange belongs to, or undefined. */
  resolve(exchange: Pick<Exchange, 'operationId' | 'method' | 'path'>): OperationEntry | undefined;
  validate(exchange: Exchange): ExchangeFinding[];
  /** How many responses have a validator (compiled once, at creation; the listing ones when first needed). */
  readonly compiled: number;
}

export function createExchangeValidator(spec: LoadedSpec): ExchangeValidator {
  const firstOnly = createAjv({ allErrors: false });
  const listing = createAjv({ allErrors: true });
  const validators = new Map<
    string,
    { schema: JsonSchema; firstOnly: ValidateFunction; every: () => ValidateFunction }
  >();
  for (const op of spec.operations) {
    for (const r of Object.values(op.responses)) {
      if (!r.schema) continue;
      const schema = r.schema;
      let every: ValidateFunction | undefined;
      validators.set(`${op.operationId} ${r.status}`, {
        schema,
        firstOnly: firstOnly.compile(schema),
        every: () => (every ??= listing.compile(schema)),
      });
    }
  }
  const routes = spec.operations.map((op) => ({
    op,
    pattern: pathPattern(op.path, spec.basePath, true),
  }));

  const resolve: ExchangeValidator['resolve'] = ({ operationId, method, path }) => {
    if (operationId) return spec.byId.get(operationId);
    const p = (path ?? '').split('?')[0]!;
    return routes.find((r) => r.op.method === method?.toLowerCase() && r.pattern.test(p))?.op;
  };

  return {
    resolve,
    compiled: validators.size,
    validate(exchange) {
      const op = resolve(exchange);
      const id = op?.operationId ?? exchange.operationId ?? `${exchange.method} ${exchange.path}`;
      const finding = (
        keyword: string,
        expected: string,
        actual: string,
        message: string,
        assumption?: string,
      ): ExchangeFinding =>
        resting({ operationId: id, status: exchange.status, at: '', expected, actual, message, keyword }, assumption);
      if (!op) return [finding('operation', 'an operation of the spec', id, `${id} is not an operation of the spec`)];
      const response = op.responses[String(exchange.status)];
      if (!response) {
        const documented = Object.keys(op.responses).join(', ');
        return [
          finding(
            'status',
            documented,
            String(exchange.status),
            `${op.operationId} answered ${exchange.status}, which the spec does not document (${documented})`,
            // Which statuses an operation gives rests on the operation when it is x-assumed as a whole (the
            // document does not show it), else on a fact; a caller that knows the situation the request set up
            // re-judges it by the response documented for that (contracts/conform.ts).
            op.assumption,
          ),
        ];
      }
      const out: ExchangeFinding[] = [];
      const type = exchange.headers?.['content-type'];
      const contentType = Array.isArray(type) ? type[0] : type === undefined ? undefined : String(type);
      if (response.schema && !/^application\/json\b/i.test(contentType ?? '')) {
        out.push(
          finding(
            'content-type',
            'application/json',
            contentType ?? '(none)',
            `${op.operationId} ${exchange.status} came as ${contentType ?? 'no content type'}, not JSON`,
          ),
        );
      }
      const validate = validators.get(`${op.operationId} ${exchange.status}`);
      // What rests on an assumption may be an observation, nothing else: a
      // response-level x-assumed is about its status number (the document fixes
      // the shapes and texts), so a wrong body is a violation unless the schema
      // node it breaks is x-assumed. An operation the document does not show at
      // all has modelled success bodies (they rest on the operation's
      // assumption); its 401, 403 and 429 stay the document's facts (sections 5, 7).
      const bodyAssumption = /^2\d\d$/.test(response.status) ? op.assumption : undefined;
      if (validate) {
        const found = violations(validate.firstOnly, validate.every, exchange.body);
        const groups = foldRepeats(fittingBranchErrors(found.errors, validate.schema, exchange.body), exchange.body);
        for (const group of groups.slice(0, MAX_FINDINGS)) {
          const { schemaPath } = group.first;
          const own = response.schemaPointer && schemaAssumption(spec.raw, response.schemaPointer, schemaPath);
          out.push(violation(op.operationId, exchange, group, own || bodyAssumption));
        }
        const note = truncation(op.operationId, exchange.status, found, groups.length);
        const shared = out.every((f) => f.assumption) ? out[0]?.assumption : undefined;
        if (note) out.push(resting(note, shared));
      }
      return out;
    },
  };
}
