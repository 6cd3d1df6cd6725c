// Recorded exchanges for the journal's unit tests: a signed-in page read of client/list,
// numbered by its query string so that each one is a distinct row; and a bare sign-in
// exchange, any field given over (journal.test.ts, redaction.test.ts).
import type { Recorded } from '../../mock/journal/journal.js';

export const listExchange = (i: number, requestBody: unknown, responseText: Recorded['responseText']): Recorded => ({
  method: 'POST',
  url: `/api/v1/client/list?i=${i}`,
  operationId: 'listClients',
  status: 200,
  ms: 1,
  account: 'demo@example.com',
  headers: { authorization: 'Bearer live-token' },
  requestBody,
  contentType: 'application/json',
  responseText,
});

export const exchange = (over: Partial<Recorded>): Recorded => ({
  method: 'POST',
  url: '/api/v1/user/signin',
  operationId: null,
  status: 200,
  ms: 1,
  account: null,
  headers: {},
  requestBody: undefined,
  contentType: null,
  responseText: null,
  ...over,
});
