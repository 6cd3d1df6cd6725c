// Handlers by operationId. The type requires one for every operation of the spec.

import * as auth from './auth.js';
import * as clients from './clients.js';
import * as measurements from './measurements.js';
import * as reference from './reference.js';
import * as rooms from './rooms.js';
import type { HandlerTable } from './types.js';

const { publicUser: _publicUser, ...authHandlers } = auth;

export const handlers: HandlerTable = { ...authHandlers, ...clients, ...measurements, ...reference, ...rooms };
