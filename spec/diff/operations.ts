// Compares two versions of the spec operation by operation. Both are fully
// dereferenced, so a change inside a component shows at every operation it reaches.
import { createHash } from 'node:crypto';
import type { JsonSchema, LoadedSpec, OperationEntry, ParameterEntry } from '../load.js';
import { declaredTypes } from '../schema.js';
import { diffSchema } from './schema.js';

export interface Change {
  /** Short stable id, used to acknowledge a breaking change: kind, operation and location, then
   *  `@` and 8 hex digits of the SHA-256 of the message, so an acknowledgement never covers another
   *  change at the same place (`response-type-changed:POST /client/list:response 200 /data/id@1f0c9a2b`). */
  id: string;
  kind: string;
  breaking: boolean;
  /** `POST /client/list`, or `(document)` for document-wide changes. */
  operation: string;
  operationId?: string;
  /** Where in the operation: `request body /email`, `response 200 /data/total`, `header platform`. */
  location: string;
  message: string;
  /** The values an enum change is about (spec/diff/schema.ts). */
  values?: unknown[];
}

const key = (op: OperationEntry) => `${op.method.toUpperCase()} ${op.path}`;
/** Same operation whatever its path parameters are named: clients only fill in positions. */
const shape = (op: OperationEntry) => `${op.method.toUpperCase()} ${op.path.replace(/\{[^}]+\}/g, '{}')}`;

function change(
  kind: string,
  breaking: boolean,
  op: OperationEntry | undefined,
  location: string,
  message: string,
  values?: unknown[],
): Change {
  const where = op ? key(op) : '(document)';
  return {
    id: changeId(kind, where, location, message),
    kind,
    breaking,
    operation: where,
    operationId: op?.operationId,
    location,
    message,
    ...(values ? { values } : {}),
  };
}

export function changeId(kind: string, operation: string, location: string, message: string): string {
  return `${kind}:${operation}:${location}@${createHash('sha256').update(message).digest('hex').slice(0, 8)}`;
}

/** The long id of earlier versions (the message in full): still accepted in acknowledgements, with a note. */
export const legacyChangeId = (c: Change) => `${c.kind}:${c.operation}:${c.location}:${c.message}`;

/** `(listClients)`, or nothing for an operation without an operationId. */
const named = (op: OperationEntry) => (op.operationId ? ` (${op.operationId})` : '');

export function diffSpecs(base: LoadedSpec, head: LoadedSpec): Change[] {
  const out: Change[] = [];
  if (base.basePath !== head.basePath) {
    out.push(
      change(
        'server-base-path-changed',
        true,
        undefined,
        'servers',
        `base path ${base.basePath || '/'} → ${head.basePath || '/'}`,
      ),
    );
  }
  const headOps = new Map(head.operations.map((o) => [shape(o), o]));
  const baseOps = new Map(base.operations.map((o) => [shape(o), o]));
  for (const [k, b] of baseOps) {
    const h = headOps.get(k);
    if (!h) out.push(change('operation-removed', true, b, 'operation', `${key(b)}${named(b)} was removed`));
    else {
      if (b.path !== h.path) out.push(change('path-parameter-renamed', false, h, 'path', `${b.path} → ${h.path}`));
      out.push(...diffOperation(b, h, base, head));
    }
  }
  for (const [k, h] of headOps)
    if (!baseOps.has(k)) out.push(change('operation-added', false, h, 'operation', `${key(h)}${named(h)} was added`));
  return out;
}

function diffOperation(b: OperationEntry, h: OperationEntry, base: LoadedSpec, head: LoadedSpec): Change[] {
  const out: Change[] = [];
  if (b.operationId !== h.operationId)
    out.push(
      change(
        'operation-id-changed',
        false,
        h,
        'operationId',
        `operationId ${b.operationId ?? 'none'} → ${h.operationId ?? 'none'} (generated clients rename the call)`,
      ),
    );
  out.push(...diffSecurity(b, h, base, head));
  if (!b.subscriptionRequired && h.subscriptionRequired)
    out.push(
      change(
        'subscription-now-required',
        true,
        h,
        'x-subscription-required',
        'now needs an active subscription (403 for users without one)',
      ),
    );
  if (b.subscriptionRequired && !h.subscriptionRequired)
    out.push(
      change('subscription-no-longer-required', false, h, 'x-subscription-required', 'no longer needs a subscription'),
    );
  out.push(...diffParameters(b, h));
  out.push(...diffRequestBody(b, h));
  out.push(...diffResponses(b, h));
  return out;
}

function diffSecurity(b: OperationEntry, h: OperationEntry, base: LoadedSpec, head: LoadedSpec): Change[] {
  if (b.isPublic && !h.isPublic)
    return [change('security-tightened', true, h, 'security', 'was public, now needs a token')];
  if (!b.isPublic && h.isPublic) return [change('security-loosened', false, h, 'security', 'no longer needs a token')];
  const out: Change[] = [];
  const alt = (names: string[]) => names.join(' + ');
  const who = (a: string) => (a ? `credentials "${a}" are` : 'requests without credentials are');
  const bAlts = new Set(b.security.map(alt));
  const hAlts = new Set(h.security.map(alt));
  for (const a of bAlts)
    if (!hAlts.has(a))
      out.push(change('security-alternative-removed', true, h, 'security', `${who(a)} no longer accepted`));
  for (const a of hAlts)
    if (!bAlts.has(a))
      out.push(change('security-alternative-added', false, h, 'security', `${who(a)} now accepted too`));
  const schemes = (spec: LoadedSpec) =>
    (spec.document.components?.securitySchemes ?? {}) as Record<string, Record<string, unknown>>;
  for (const name of new Set(h.security.flat())) {
    const before = schemes(base)[name];
    const after = schemes(head)[name];
    if (!before || !after) continue;
    const essentials = (x: Record<string, unknown>) =>
      JSON.stringify([x.type, String(x.scheme ?? '').toLowerCase(), x.in, String(x.name ?? '').toLowerCase()]);
    if (essentials(before) !== essentials(after))
      out.push(
        change(
          'security-scheme-changed',
          true,
          h,
          `security scheme ${name}`,
          `${name} changed how the credential is sent`,
        ),
      );
  }
  return out;
}

function paramKey(p: ParameterEntry) {
  return `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function diffParameters(b: OperationEntry, h: OperationEntry): Change[] {
  const out: Change[] = [];
  const bp = new Map(b.parameters.map((p) => [paramKey(p), p]));
  const hp = new Map(h.parameters.map((p) => [paramKey(p), p]));
  for (const [k, p] of hp) {
    const old = bp.get(k);
    if (!old)
      out.push(
        change(
          p.required ? 'parameter-added-required' : 'parameter-added',
          p.required,
          h,
          k,
          `new ${p.required ? 'required' : 'optional'} ${k}`,
        ),
      );
    else {
      if (!old.required && p.required) out.push(change('parameter-made-required', true, h, k, `${k} is now required`));
      if (old.required && !p.required)
        out.push(change('parameter-made-optional', false, h, k, `${k} is no longer required`));
      for (const c of diffSchema(old.schema, p.schema, 'request'))
        out.push(
          change(`parameter-${c.kind}`, c.breaking, h, `${k}${c.at === '/' ? '' : ` ${c.at}`}`, c.message, c.values),
        );
    }
  }
  for (const [k] of bp) if (!hp.has(k)) out.push(change('parameter-removed', false, h, k, `${k} is no longer read`));
  return out;
}

function diffRequestBody(b: OperationEntry, h: OperationEntry): Change[] {
  const out: Change[] = [];
  const bb = b.requestBody;
  const hb = h.requestBody;
  if (!bb && hb)
    out.push(
      change(
        hb.required ? 'request-body-added-required' : 'request-body-added',
        hb.required,
        h,
        'request body',
        `now takes a ${hb.required ? 'required' : 'optional'} body`,
      ),
    );
  if (bb && !hb) out.push(change('request-body-removed', false, h, 'request body', 'no longer takes a body'));
  if (bb && hb) {
    if (!bb.required && hb.required)
      out.push(change('request-body-made-required', true, h, 'request body', 'the body is now required'));
    for (const t of bb.contentTypes)
      if (!hb.contentTypes.includes(t))
        out.push(change('request-media-type-removed', true, h, 'request body', `${t} bodies are no longer accepted`));
    for (const t of hb.contentTypes)
      if (!bb.contentTypes.includes(t))
        out.push(change('request-media-type-added', false, h, 'request body', `${t} bodies are accepted too`));
    for (const c of diffSchema(bb.schema, hb.schema, 'request'))
      out.push(change(c.kind, c.breaking, h, `request body ${c.at}`, c.message, c.values));
  }
  return out;
}

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

function diffResponses(b: OperationEntry, h: OperationEntry): Change[] {
  const out: Change[] = [];
  for (const [status, r] of Object.entries(b.responses)) {
    const hr = h.responses[status];
    if (!hr) {
      out.push(
        isSuccess(status)
          ? change('success-status-removed', true, h, `response ${status}`, `no longer answers ${status}`)
          : change('error-status-removed', false, h, `response ${status}`, `no longer documents ${status}`),
      );
      continue;
    }
    if (r.schema && !hr.schema)
      out.push(change('response-body-removed', true, h, `response ${status}`, `${status} no longer has a JSON body`));
    for (const t of r.contentTypes)
      if (!hr.contentTypes.includes(t))
        out.push(
          change('response-media-type-removed', true, h, `response ${status}`, `${status} no longer comes as ${t}`),
        );
    const kind = isSuccess(status) ? '' : 'error-shape-';
    for (const c of diffSchema(r.schema as JsonSchema | undefined, hr.schema as JsonSchema | undefined, 'response')) {
      out.push(change(`${kind}${c.kind}`, c.breaking, h, `response ${status} ${c.at}`, c.message, c.values));
    }
    for (const name of Object.keys(r.headers)) {
      if (!(name in hr.headers))
        out.push(
          change(
            'response-header-removed',
            true,
            h,
            `response ${status} header ${name}`,
            `${status} no longer sends ${name}`,
          ),
        );
      else {
        const bt = declaredTypes(r.headers[name]!);
        const ht = declaredTypes(hr.headers[name]!);
        if (bt && ht && [...bt].sort().join() !== [...ht].sort().join())
          out.push(
            change(
              'response-header-type-changed',
              true,
              h,
              `response ${status} header ${name}`,
              `${name} type changed`,
            ),
          );
      }
    }
  }
  for (const status of Object.keys(h.responses)) {
    if (!(status in b.responses))
      out.push(
        change(
          isSuccess(status) ? 'success-status-added' : 'error-status-added',
          false,
          h,
          `response ${status}`,
          `now documents ${status}; clients may not handle it`,
        ),
      );
  }
  return out;
}
