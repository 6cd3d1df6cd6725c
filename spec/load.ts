// The one place that reads spec/openapi.yaml. Everything else (mock routes,
// validators, contract checks, tests) works from the operation table built here.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { parse as parseYaml } from 'yaml';
import { assumptionAt, encodePointer } from './assumptions.js';
import { answersRecords, isReadNode, type WriteEffect, writeEffectOf } from './operation-facts.js';

export const SPEC_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A node of the document as parsed: untyped YAML, whose shape the OpenAPI schema test checks. */
// biome-ignore lint/suspicious/noExplicitAny: the one untyped view of the parsed document; readers narrow from it.
export type RawNode = Record<string, any>;

/** A JSON Schema (2020-12 dialect, as OpenAPI 3.1 uses), fully dereferenced. */
export type JsonSchema = Record<string, unknown>;

export interface ParameterEntry {
  name: string;
  in: 'header' | 'path' | 'query' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  example?: unknown;
  assumed: boolean;
  /** The pointer of its x-assumed node (spec/assumptions.ts), when assumed. */
  assumption?: string;
}

export interface ResponseEntry {
  status: string;
  description: string;
  /** Every media type the response documents. */
  contentTypes: string[];
  schema?: JsonSchema;
  /** Header name (lower case) to its schema. */
  headers: Record<string, JsonSchema>;
  /** Every example of the JSON body, the first being the one a static mock serves. */
  examples: unknown[];
  /** Names of the examples when the spec names them (`examples:`), else empty. */
  exampleNames: string[];
  /** The status is x-assumed (the document does not give it for this operation). */
  assumed: boolean;
  /** The pointer of its x-assumed node, when assumed: `/components/responses/BadRequest` for a shared one. */
  assumption?: string;
  /** Where its JSON body's schema is in the document as written (a finding on the body rests on what lies below). */
  schemaPointer?: string;
}

export interface OperationEntry {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/user/reset_password/{token}`. */
  path: string;
  /** The same path in router syntax, e.g. `/user/reset_password/:token`. */
  url: string;
  tags: string[];
  summary: string;
  /** True when the operation overrides the global security with `security: []`. */
  isPublic: boolean;
  /** From `x-subscription-required`; public operations never need one. */
  subscriptionRequired: boolean;
  /** From `x-read: true`: it changes nothing; an operation not marked is a write (spec/operation-facts.ts). */
  read: boolean;
  /** A write's `x-write-effect`: what a valid request does beyond answering (spec/operation-facts.ts). */
  writeEffect?: WriteEffect;
  /** A success answers records: `data` an array of objects, or a page of them (spec/operation-facts.ts). */
  list: boolean;
  /** The operation as a whole rests on a decision the interface document leaves open. */
  assumed: boolean;
  /** The operation's pointer in the document as written: `/paths/~1client~1list/post`. */
  pointer: string;
  /** Its own pointer when it is x-assumed. */
  assumption?: string;
  parameters: ParameterEntry[];
  /** Alternatives of security requirements, each as its scheme names (empty when public). */
  security: string[][];
  requestBody?: {
    required: boolean;
    schema: JsonSchema;
    examples: unknown[];
    contentTypes: string[];
    /** Its x-assumed node (what the body's fields do, when the document does not say), if any. */
    assumption?: string;
  };
  responses: Record<string, ResponseEntry>;
}

export interface LoadedSpec {
  /** The document as written, `$ref`s intact. */
  raw: RawNode;
  /** The document with every `$ref` replaced by its target. */
  document: RawNode;
  operations: OperationEntry[];
  byId: Map<string, OperationEntry>;
  /** Server path prefix, e.g. `/api/v1`. */
  basePath: string;
}

export async function loadSpec(specPath: string = SPEC_PATH): Promise<LoadedSpec> {
  const text = await readFile(specPath, 'utf8');
  return buildSpec((await parsedBeside(specPath, text)) ?? (parseYaml(text) as RawNode));
}

/** Beside the YAML, `npm run build` writes it parsed (PATH.parsed.json): JSON.parse is ten times faster than the YAML parser. */
export const PARSED_SUFFIX = '.parsed.json';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** What `npm run build` writes beside the YAML: the document parsed, with the digest of the text it came from. */
export function parsedSpecFile(text: string): string {
  return JSON.stringify({ sha256: digest(text), document: parseYaml(text) });
}

/** The parsed document beside the YAML, if there is one made from this very text. */
async function parsedBeside(specPath: string, text: string): Promise<RawNode | undefined> {
  try {
    const saved = JSON.parse(await readFile(`${specPath}${PARSED_SUFFIX}`, 'utf8')) as {
      sha256?: string;
      document?: RawNode;
    };
    return saved.sha256 === digest(text) ? saved.document : undefined;
  } catch {
    return undefined;
  }
}

/** `circular` allows recursive schemas (spec:diff reads any document); the toolkit's own spec has none. */
export async function buildSpec(raw: RawNode, { circular = false } = {}): Promise<LoadedSpec> {
  const document = (await $RefParser.dereference(structuredClone(raw), {
    dereference: { circular },
  })) as RawNode;
  const operations: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries<RawNode>(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (op) operations.push(withAssumptions(raw, toOperation(path, method, op, pathItem, document)));
    }
  }
  return {
    raw,
    document,
    operations,
    byId: new Map(operations.map((o) => [o.operationId, o])),
    basePath: serverBasePath(document),
  };
}

function toOperation(
  path: string,
  method: HttpMethod,
  op: RawNode,
  pathItem: RawNode,
  document: RawNode,
): OperationEntry {
  const security = op.security ?? document.security ?? [];
  const isPublic = Array.isArray(security) && security.length === 0;
  const params = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])];
  const body = op.requestBody;
  const bodyMedia = jsonMedia(body?.content);
  const entry: OperationEntry = {
    operationId: op.operationId,
    method,
    path,
    url: path.replace(/\{([^}]+)\}/g, ':$1'),
    tags: op.tags ?? [],
    summary: op.summary ?? '',
    isPublic,
    subscriptionRequired: !isPublic && op['x-subscription-required'] === true,
    read: isReadNode(op),
    writeEffect: writeEffectOf(op),
    list: false,
    assumed: op['x-assumed'] === true,
    pointer: `/paths${encodePointer([path, method])}`,
    parameters: params.map((p: RawNode) => ({
      name: p.name,
      in: p.in,
      required: p.required === true,
      schema: p.schema ?? {},
      example: p.example,
      assumed: p['x-assumed'] === true,
    })),
    security: (security as Array<Record<string, unknown>>).map((r) => Object.keys(r).sort()),
    requestBody: body?.content
      ? {
          required: body.required === true,
          schema: bodyMedia?.schema ?? {},
          examples: bodyMedia ? mediaExamples(bodyMedia) : [],
          contentTypes: Object.keys(body.content),
        }
      : undefined,
    responses: Object.fromEntries(
      Object.entries<RawNode>(op.responses ?? {}).map(([status, r]) => [status, toResponse(status, r)]),
    ),
  };
  entry.list = answersRecords(entry.responses);
  return entry;
}

/** The pointers of the operation's x-assumed parts, read from the document as written (where its $refs are). */
function withAssumptions(raw: RawNode, op: OperationEntry): OperationEntry {
  const at = op.pointer;
  const rawOp = raw.paths?.[op.path]?.[op.method] ?? {};
  const ownParams: unknown[] = rawOp.parameters ?? [];
  const pathParams: unknown[] = raw.paths?.[op.path]?.parameters ?? [];
  const paramPointers = [
    ...pathParams.map((_, i) => `/paths${encodePointer([op.path])}/parameters/${i}`),
    ...ownParams.map((_, i) => `${at}/parameters/${i}`),
  ];
  const set = <T extends { assumption?: string }>(x: T, pointer: string): T => {
    const assumption = assumptionAt(raw, pointer);
    return assumption === undefined ? x : { ...x, assumption };
  };
  return {
    ...set(op, at),
    parameters: op.parameters.map((p, i) => (paramPointers[i] ? set(p, paramPointers[i]) : p)),
    requestBody: op.requestBody && set(op.requestBody, `${at}/requestBody`),
    responses: Object.fromEntries(
      Object.entries(op.responses).map(([status, r]) => {
        const pointer = `${at}/responses/${status}`;
        const media = r.contentTypes.find((k) => /^application\/([\w.-]+\+)?json\b/i.test(k));
        const schemaPointer =
          r.schema && media ? `${pointer}${encodePointer(['content', media, 'schema'])}` : undefined;
        return [status, { ...set(r, pointer), ...(schemaPointer ? { schemaPointer } : {}) }];
      }),
    ),
  };
}

/** The JSON media type of a content map: `application/json`, with parameters, or `+json`. */
function jsonMedia(content: RawNode | undefined): RawNode | undefined {
  if (!content) return undefined;
  const key = Object.keys(content).find((k) => /^application\/([\w.-]+\+)?json\b/i.test(k));
  return key === undefined ? undefined : content[key];
}

function toResponse(status: string, r: RawNode): ResponseEntry {
  const media = jsonMedia(r.content);
  return {
    status,
    description: r.description ?? '',
    contentTypes: Object.keys(r.content ?? {}),
    schema: media?.schema,
    headers: Object.fromEntries(
      Object.entries<RawNode>(r.headers ?? {}).map(([name, h]) => [name.toLowerCase(), h.schema ?? {}]),
    ),
    examples: media ? mediaExamples(media) : [],
    exampleNames: media && !('example' in media) ? Object.keys(media.examples ?? {}) : [],
    assumed: r['x-assumed'] === true,
  };
}

function mediaExamples(media: RawNode): unknown[] {
  if ('example' in media) return [media.example];
  return Object.values<RawNode>(media.examples ?? {}).map((e) => e.value);
}

function serverBasePath(document: RawNode): string {
  const url: string = document.servers?.[0]?.url ?? '';
  const withoutVars = url.replace(/^\{[^}]+\}/, '');
  try {
    return new URL(withoutVars, 'http://placeholder').pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** A RegExp for an OpenAPI path template under a prefix (`{param}` matches one segment, a trailing slash is allowed). */
export function pathPattern(template: string, prefix: string, prefixOptional = false): RegExp {
  const literal = (x: string) => x.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const path = literal(template).replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${prefixOptional ? `(${literal(prefix)})?` : literal(prefix)}${path}/?$`);
}

/** The documented success status of an operation (its lowest 2xx). */
export function successStatus(op: OperationEntry): string {
  const ok = Object.keys(op.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  if (ok.length === 0) throw new Error(`${op.operationId} documents no 2xx response`);
  return ok[0]!;
}
