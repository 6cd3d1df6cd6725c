// Every failure becomes a JSON error in the API's own shape: malformed JSON,
// wrong content type, oversized body, validation, unknown path, wrong method.
// Nothing reaches the client as a bare 500. Errors are sent as the catalogue
// and the operation's documented response make them: the response schemas'
// serializer (which writes a schema's `const` whatever the value) never sees them.
// Each carries its code in `x-mock-error` (MockError.answerHeaders), so a
// developer can tell a refused token from a forced fault without reading code.

import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type JsonSchema,
  type LoadedSpec,
  type OperationEntry,
  pathPattern,
  type ResponseEntry,
} from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { type BodyFields, type ErrorCatalogue, fixedText, MockError, propertyConst } from '../errors.js';
import { validationErrors } from './validation-messages.js';

/** The documented example of a response, when it is in the {status: "error", message} shape. */
function statusExample(response: ResponseEntry | undefined): { message: string } | undefined {
  const example = response?.examples[0] as { status?: unknown; message?: unknown } | undefined;
  return example?.status === 'error' && typeof example.message === 'string' ? { message: example.message } : undefined;
}

function validationFailure(
  errors: ErrorCatalogue,
  op: OperationEntry | undefined,
  failures: readonly ErrorObject[],
): MockError {
  const e = errors.VALIDATION(validationErrors(failures));
  // A 422 documented in the {status: "error"} shape is the operation's own failure, without per-field messages.
  const own = statusExample(op?.responses['422']);
  return own ? e.as('status', own.message) : e;
}

function toMockError(err: FastifyError, request: FastifyRequest): MockError {
  if (err instanceof MockError) return err;
  const { errors, bodyLimit } = request.server.mock.ctx;
  if (err.validation) return validationFailure(errors, request.operation, err.validation as ErrorObject[]);
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.UNSUPPORTED_MEDIA_TYPE(String(request.headers['content-type'] ?? ''));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.BODY_TOO_LARGE(bodyLimit);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.MALFORMED_JSON();
  }
  if (err instanceof SyntaxError) return errors.MALFORMED_JSON();
  const status = err.statusCode ?? 500;
  // Another 4xx Fastify raised itself keeps its own code and text, in the API's shape.
  if (status >= 400 && status < 500) return new MockError(err.code ?? 'FST_ERR', status, err.message);
  return errors.INTERNAL();
}

/** The awning, country and plan operations fail in {status: "error", message} (section 7): an error whose
 *  status the operation documents in that shape is sent in it, with the text the spec fixes for it, if any
 *  (plans' 401 `Unauthorized`, the awning's 422 `Validation failed`, countries' 500). */
function inOperationShape(e: MockError, op: OperationEntry | undefined): MockError {
  const documented = op?.responses[String(e.statusCode)];
  if (!documented || !statusExample(documented)) return e;
  const message = (documented.schema && fixedText(documented.schema, 'status')) ?? e.message;
  return e.shape === 'status' && message === e.message ? e : e.as('status', message);
}

/** Statuses whose {message, status} body section 7 fixes: `status` is a fact there, whatever a schema says. */
const STATUS_FIXED = new Set([401, 403, 429]);

/** The fields the schema a response documents gives a {message, status, errors} body: `status` when it is
 *  required, `errors` when it is a property (allOf folded; of oneOf/anyOf, the first alternative not in the
 *  {status: "error"} shape). Undefined when the response documents no such schema: the body stays whole. */
export function documentedFields(schema: JsonSchema | undefined, status: number): BodyFields | undefined {
  if (!schema) return undefined;
  const alternatives = ((schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined) ?? [schema];
  const api = alternatives.find((s) => propertyConst(s, 'status') !== 'error');
  if (!api) return undefined;
  const folded = foldAllOf(api);
  const required = (folded.required as string[] | undefined) ?? [];
  const properties = (folded.properties as Record<string, unknown> | undefined) ?? {};
  return { status: STATUS_FIXED.has(status) || required.includes('status'), errors: 'errors' in properties };
}

/** Each operation's documented fields per status, read once (the first error of that status reads them). */
function fieldsCache(): (op: OperationEntry, status: number) => BodyFields | undefined {
  const byOperation = new WeakMap<OperationEntry, Map<number, BodyFields | undefined>>();
  return (op, status) => {
    const byStatus = byOperation.get(op) ?? new Map<number, BodyFields | undefined>();
    byOperation.set(op, byStatus);
    if (!byStatus.has(status)) byStatus.set(status, documentedFields(op.responses[String(status)]?.schema, status));
    return byStatus.get(status);
  };
}

/** Sends an error as made: its status, its headers and code, its body in its shape. */
export function sendError(reply: FastifyReply, e: MockError): FastifyReply {
  return reply
    .code(e.statusCode)
    .headers(e.answerHeaders())
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(e.body()));
}

/** For each path, the methods the spec serves on it (405 and `Allow`). */
function methodIndex(spec: LoadedSpec): Array<{ pattern: RegExp; methods: string[] }> {
  const byPath = new Map<string, string[]>();
  for (const op of spec.operations) {
    const list = byPath.get(op.path) ?? [];
    list.push(op.method.toUpperCase());
    byPath.set(op.path, list);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: pathPattern(path, spec.basePath),
    // Only what the spec has: no HEAD (the mock does not expose HEAD routes either).
    methods,
  }));
}

export default fp(
  async (app: FastifyInstance) => {
    const { spec, errors } = app.mock.ctx;
    const fieldsOf = fieldsCache();
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const op = request.operation;
      const shaped = inOperationShape(toMockError(err, request), op);
      // In the {message, status, errors} shape, only what the operation's schema for that status has.
      const fields = op && shaped.shape === 'api' ? fieldsOf(op, shaped.statusCode) : undefined;
      const e = fields ? shaped.fitted(fields) : shaped;
      if (e.statusCode >= 500) request.log.error({ err }, 'mock failure');
      return sendError(reply, e);
    });

    const index = methodIndex(spec);
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const match = index.find((x) => x.pattern.test(path));
      const e = match
        ? errors.METHOD_NOT_ALLOWED(request.method, path, match.methods)
        : errors.ROUTE_NOT_FOUND(request.method, path);
      return sendError(reply, e);
    });
  },
  // Its settings and catalogue are the mock's context (MockRuntime.ctx).
  { name: 'mcs-errors', decorators: { fastify: ['mock'] } },
);
