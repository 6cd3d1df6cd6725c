// Requests Node's HTTP parser refuses before Fastify sees them (headers too
// large, a malformed request line, a client that stalls) still answer in the
// API's error shape {message, status}, not Fastify's {error, message, statusCode}.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCatalogue, MOCK_ERROR_HEADER } from '../errors.js';

/** Fastify's clientErrorHandler, answering with the catalogue's errors (made before any plugin, from the context). */
export function clientErrorHandler(errors: ErrorCatalogue) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const e =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? errors.REQUEST_TIMEOUT()
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? errors.HEADERS_TOO_LARGE()
          : errors.REQUEST_MALFORMED();
    const status = e.statusCode;
    const body = JSON.stringify(e.body());
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n${MOCK_ERROR_HEADER}: ${e.code}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}
