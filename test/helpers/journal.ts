// A recorded exchange for the journal's unit tests: a signed-in page read of client/list,
// numbered by its query string so that each one is a distinct row.
import type { Recorded } from '../../mock/journal/journal.js';

export const listExchange = (i: number, requestBody: unknown, responseText: string | null): Recorded => ({
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
