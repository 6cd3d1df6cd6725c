// What one exchange adds to a usage record, read against the operation's spec:
// the body's field names where the spec names them (a key it does not name,
// such as a custom field's label, may be what a user typed, so it counts as
// `{additional}`, the differ's own name for such keys), the parameters sent,
// and the values of enum fields that the enum lists. Nothing else of a value.
// Pointers are written as the differ writes them (`/windows/[]/width`), so a
// change's location finds its usage.
import type { SpecFacts } from '../facts.js';
import type { JsonSchema, OperationEntry } from '../load.js';
import { subschemas } from '../schema.js';
import { bump, type Counts, operationUsage, USAGE_BOUNDS, type UsageFile } from './format.js';

export interface NotedExchange {
  operationId: string;
  /** The status answered; 0 when no status line was sent. */
  status: number;
  /** The `platform` header's value when it is one the spec lists. */
  platform?: string;
  world?: string;
  /** The request body as parsed JSON; undefined when none was sent. */
  body?: unknown;
  /** Query parameters by name. */
  query?: Record<string, unknown>;
  /** Request headers by lower-case name. */
  headers?: Record<string, unknown>;
  /** The body's JSON text as it came, when known: a body seen before is not walked again. */
  bodyText?: string;
}

/** The `platform` header's value when it is one the spec lists (else undefined: what a client typed is not kept). */
export function listedPlatform(
  facts: Pick<SpecFacts, 'platforms' | 'headers'>,
  headers: Record<string, unknown> | undefined,
): string | undefined {
  const value = headers?.[facts.headers.platform];
  return typeof value === 'string' && facts.platforms.includes(value) ? value : undefined;
}

/** Nodes of one body visited at most: a body of a million items costs no more than this. */
const MAX_NODES = 20_000;

/** What a schema (its allOf, oneOf and anyOf members included) says of the keys, items and values under it. */
interface SchemaInfo {
  properties: Map<string, JsonSchema[]>;
  additional: JsonSchema[];
  items: JsonSchema[];
  /** The values an enum (or const) lists, JSON-encoded; undefined when none restricts them. */
  listed?: Set<string>;
}

// Computed once a schema: the mock notes every request, so a body costs a few map lookups.
const infos = new WeakMap<JsonSchema, SchemaInfo>();

function infoOf(schema: JsonSchema): SchemaInfo {
  let info = infos.get(schema);
  if (info) return info;
  info = { properties: new Map(), additional: [], items: [] };
  for (const s of subschemas(schema)) {
    for (const [k, v] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {}))
      info.properties.set(k, [...(info.properties.get(k) ?? []), v]);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      info.additional.push(s.additionalProperties as JsonSchema);
    if (s.items && typeof s.items === 'object') info.items.push(s.items as JsonSchema);
    const values = Array.isArray(s.enum) ? (s.enum as unknown[]) : 'const' in s ? [s.const] : undefined;
    if (values) {
      info.listed ??= new Set();
      for (const v of values) info.listed.add(JSON.stringify(v));
    }
  }
  infos.set(schema, info);
  return info;
}

/** The schemas a key of an object under `schemas` is described by, every branch considered. */
function propertySchemas(schemas: JsonSchema[], key: string): { named: boolean; schemas: JsonSchema[] } {
  if (schemas.length === 1) {
    const info = infoOf(schemas[0]!);
    const named = info.properties.get(key);
    return named ? { named: true, schemas: named } : { named: false, schemas: info.additional };
  }
  const named = schemas.flatMap((s) => infoOf(s).properties.get(key) ?? []);
  return named.length
    ? { named: true, schemas: named }
    : { named: false, schemas: schemas.flatMap((s) => infoOf(s).additional) };
}

const itemSchemas = (schemas: JsonSchema[]) =>
  schemas.length === 1 ? infoOf(schemas[0]!).items : schemas.flatMap((s) => infoOf(s).items);

/** The JSON text of a value when an enum (or const) of these schemas lists it, else undefined. */
function listedValue(value: unknown, schemas: JsonSchema[]): string | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const encoded = JSON.stringify(value);
  for (const s of schemas) if (infoOf(s).listed?.has(encoded)) return encoded;
  return undefined;
}

/** What one body adds: its pointers (each once however many items carry it) and its listed enum values. */
interface BodyUse {
  pointers: string[];
  values: Array<[at: string, encoded: string]>;
}

function walkBody(body: unknown, schema: JsonSchema | undefined): BodyUse {
  const seen = new Set<string>();
  const values: BodyUse['values'] = [];
  let budget = MAX_NODES;
  const visit = (node: unknown, at: string, schemas: JsonSchema[], depth: number) => {
    if (--budget < 0 || depth > USAGE_BOUNDS.depth) return;
    if (Array.isArray(node)) {
      const items = itemSchemas(schemas);
      for (const item of node) visit(item, `${at}/[]`, items, depth + 1);
      return;
    }
    if (node === null || typeof node !== 'object') {
      const encoded = listedValue(node, schemas);
      if (encoded !== undefined) values.push([at, encoded]);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      const { named, schemas: next } = propertySchemas(schemas, key);
      const path = `${at}/${named ? key : '{additional}'}`;
      seen.add(path);
      visit(child, path, next, depth + 1);
    }
  };
  visit(body, '', schema ? [schema] : [], 0);
  return { pointers: [...seen], values };
}

/** An operation's parameters as usage counts them, and the bodies already walked, by their text. */
interface OperationPlan {
  parameters: Array<{ in: 'query' | 'header'; name: string; key: string; schemas: JsonSchema[] }>;
  bodies: Map<string, BodyUse>;
}

/** Body texts remembered per operation, and the longest remembered: apps and load tests send the same few. */
const REMEMBERED_BODIES = 256;
const REMEMBERED_TEXT = 4096;

const plans = new WeakMap<OperationEntry, OperationPlan>();

function planOf(op: OperationEntry): OperationPlan {
  let plan = plans.get(op);
  if (plan) return plan;
  plan = {
    parameters: op.parameters.flatMap((p) =>
      p.in === 'query' || p.in === 'header'
        ? [
            {
              in: p.in,
              name: p.in === 'header' ? p.name.toLowerCase() : p.name,
              key: `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`,
              schemas: [p.schema],
            },
          ]
        : [],
    ),
    bodies: new Map(),
  };
  plans.set(op, plan);
  return plan;
}

/** The body's use, walked once per distinct text (`bodyText`: the JSON as it came, when the caller has it). */
function bodyUse(op: OperationEntry, body: unknown, bodyText: string | undefined): BodyUse {
  const { bodies } = planOf(op);
  const known = bodyText === undefined ? undefined : bodies.get(bodyText);
  if (known) return known;
  const use = walkBody(body, op.requestBody?.schema);
  if (bodyText !== undefined && bodyText.length <= REMEMBERED_TEXT) {
    if (bodies.size >= REMEMBERED_BODIES) bodies.delete(bodies.keys().next().value!);
    bodies.set(bodyText, use);
  }
  return use;
}

/** Adds one exchange of `op` to `file`. */
export function noteExchange(file: UsageFile, op: OperationEntry, x: NotedExchange): void {
  const usage = operationUsage(file, op.operationId);
  usage.calls++;
  bump(usage.statuses, String(x.status));
  if (x.platform) bump(usage.platforms, x.platform);
  if (x.world && usage.worlds) bump(usage.worlds, x.world);
  if (x.body !== undefined) {
    bump(usage.sent, '');
    const use = bodyUse(op, x.body, x.bodyText);
    for (const at of use.pointers) bump(usage.sent, at);
    for (const [at, encoded] of use.values) noteValue(usage.values, at, encoded);
  }
  for (const p of planOf(op).parameters) {
    const value = p.in === 'query' ? x.query?.[p.name] : x.headers?.[p.name];
    if (value === undefined) continue;
    bump(usage.parameters, p.key);
    const encoded = listedValue(value, p.schemas);
    if (encoded !== undefined) noteValue(usage.values, p.key, encoded);
  }
}

function noteValue(values: Record<string, Counts>, at: string, encoded: string): void {
  values[at] ??= {};
  bump(values[at]!, encoded, 1, USAGE_BOUNDS.values);
}
