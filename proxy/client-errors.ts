// Requests Node's HTTP parser refuses before Fastify sees them (an
// authority-form or malformed request line, headers too large, a client that
// stalls) answer in the API's error shape {message, status}, as the proxy's
// own 400, 502 and 504 do, not in Fastify's {error, message, statusCode}.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

function answer(socket: Socket, status: number, message: string): void {
  const body = JSON.stringify({ message, status });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
}

/** Fastify's clientErrorHandler for the proxy. */
export function proxyClientErrors(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is malformed (HTTP could not read it); it was not forwarded.'];
  answer(socket, status, message);
  socket.destroy(err);
}

/** The server's `connect` listener: a CONNECT (authority-form, a tunnel) is refused, not dropped without a word. */
export function refuseTunnel(_request: unknown, socket: Socket): void {
  socket.on('error', () => undefined);
  answer(socket, 400, 'The request was not forwarded: CONNECT asks for a tunnel; the proxy forwards paths only.');
  socket.end();
}
