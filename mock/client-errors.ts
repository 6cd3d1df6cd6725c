// Requests Node's HTTP parser refuses before Fastify sees them (headers too
// large, a malformed request line, a client that stalls) still answer in the
// API's error shape {message, status}, not Fastify's {error, message, statusCode}.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const MESSAGES: Record<number, string> = {
  400: 'The request is malformed.',
  408: 'The request took too long to arrive.',
  431: 'The request headers are too large.',
};

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: MESSAGES[status], status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
