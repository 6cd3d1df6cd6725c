// Requests Node's HTTP parser refuses before Fastify sees them (headers too
// large, a malformed request line, a client that stalls) still answer in the
// API's error shape {message, status}, not Fastify's {error, message, statusCode}.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Errors } from '../errors.js';

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const e =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? Errors.REQUEST_TIMEOUT()
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? Errors.HEADERS_TOO_LARGE()
        : Errors.REQUEST_MALFORMED();
  const status = e.statusCode;
  const body = JSON.stringify(e.body());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
