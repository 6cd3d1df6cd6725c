// A front server's way of passing a request on to a mock listening at `inner`,
// for tests that record or answer some requests themselves and relay the rest.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request's body, read whole. */
export async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Sends the request on to `inner` (its method, URL, headers but Host and length, and body) and its answer back. */
export async function relayTo(inner: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
  ) as Record<string, string>;
  const answer = await fetch(`${inner}${req.url}`, {
    method: req.method,
    headers,
    body: body.length ? body : undefined,
    signal: AbortSignal.timeout(5000),
  });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}
