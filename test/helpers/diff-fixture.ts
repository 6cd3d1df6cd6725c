// The pair of small specs spec:diff tests compare: base() and a mutated copy.
import { type Change, diffSpecs } from '../../spec/diff/operations.js';
import { buildSpec } from '../../spec/load.js';

export type Doc = Record<string, any>;

/** A small spec: a public operation, a protected list and an update, sharing a Client component. */
export function base(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    servers: [{ url: '{base_url}/api/v1', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ bearer: [] }, { apiToken: [] }],
    paths: {
      '/countries/index': {
        post: {
          operationId: 'listCountries',
          security: [],
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['status'],
                    properties: { status: { type: 'string', enum: ['success'] } },
                  },
                },
              },
            },
          },
        },
      },
      '/client/list': {
        post: {
          operationId: 'listClients',
          'x-subscription-required': true,
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    keyword: { type: 'string', maxLength: 100 },
                    sort: { type: 'string', enum: ['name', 'date'] },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data'],
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Client' } } },
                  },
                },
              },
            },
            '401': {
              description: 'no',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
            '429': {
              description: 'slow',
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
          },
        },
      },
      '/client/update': {
        post: {
          operationId: 'updateClient',
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['client_id'],
                  properties: {
                    client_id: { type: 'integer' },
                    name: { type: 'string' },
                    location: { type: ['string', 'null'] },
                    tags: { type: 'array', items: { type: 'string' } },
                    extra: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['message'],
                    properties: { message: { type: 'string', const: 'Client details updated successfully.' } },
                  },
                },
              },
            },
            '401': {
              description: 'no',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiToken: { type: 'apiKey', in: 'header', name: 'X-API-Token' },
      },
      parameters: {
        Platform: {
          name: 'platform',
          in: 'header',
          required: true,
          schema: { type: 'string', enum: ['WEB', 'IOS', 'ANDROID'] },
        },
      },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['message', 'status'],
          properties: { message: { type: 'string' }, status: { type: 'integer' } },
        },
        Client: {
          type: 'object',
          required: ['id', 'name', 'lead_source_id'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            lead_source_id: { type: ['integer', 'null'] },
            end_client_known: { type: 'integer', enum: [0, 1] },
          },
        },
      },
    },
  };
}

export async function diff(mutate: (d: Doc) => void): Promise<Change[]> {
  const b = base();
  const h = base();
  mutate(h);
  return diffSpecs(await buildSpec(b), await buildSpec(h));
}

export const list = (d: Doc) => d.paths['/client/list'].post;
export const update = (d: Doc) => d.paths['/client/update'].post;
export const client = (d: Doc) => d.components.schemas.Client;
/** The JSON request body schemas of client/update and client/list. */
export const updateBody = (d: Doc) => update(d).requestBody.content['application/json'].schema;
export const listBody = (d: Doc) => list(d).requestBody.content['application/json'].schema;
