// One probe per switch: a request sequence whose observable result must differ
// between the clean deployment and the one with that switch on.
import {
  DEFAULT_ACCOUNTS,
  type DefectName,
  type DeviationName,
  type SpringOptions,
  type SpringStaging,
} from '../helpers/spring-staging/index.js';
import { call, signin } from './api.js';

export type Probe = (s: SpringStaging) => Promise<unknown>;

const list = async (s: SpringStaging, body: unknown = {}) => call(s, '/client/list', body, { token: await signin(s) });
const first = async (s: SpringStaging) => (await list(s)).json.data.data[0];
const disposable = async (s: SpringStaging) =>
  (await list(s, { keyword: 'Disposable' })).json.data.data.find(
    (c: { id: number }) => c.id === s.store.disposableClientId,
  );
const updateBody = (s: SpringStaging, extra: Record<string, unknown> = {}) => ({
  client_id: s.store.disposableClientId,
  name: 'Disposable',
  surname: 'Fixture',
  email: 'disposable.fixture@mail.test',
  ...extra,
});

export const DEFECT_PROBES: Record<DefectName, { probe: Probe; options?: SpringOptions }> = {
  'end-client-known-boolean': { probe: async (s) => typeof (await first(s)).end_client_known },
  'created-at-millis': { probe: async (s) => /\.\d{6}Z$/.test((await first(s)).created_at) },
  'envelope-no-links': { probe: async (s) => 'links' in (await list(s)).json.data },
  'last-page-floor': { probe: async (s) => (await list(s)).json.data.last_page },
  'user-client-all-companies': {
    probe: async (s) =>
      (await call(s, '/client/user_client', { company_name: 'x' }, { token: await signin(s) })).json.data.total,
  },
  'update-message-wrong': {
    probe: async (s) => (await call(s, '/client/update', updateBody(s), { token: await signin(s) })).json.message,
  },
  'update-drops-billing-city': {
    probe: async (s) => {
      await call(s, '/client/update', updateBody(s, { billing_city: 'Zeeland' }), { token: await signin(s) });
      return (await disposable(s)).billing_city;
    },
  },
  'delete-keeps-record': {
    probe: async (s) => {
      await call(s, '/client/delete', { client_id: s.store.disposableClientId }, { token: await signin(s) });
      return (await disposable(s)) !== undefined;
    },
  },
  'awning-id-string': {
    probe: async (s) => {
      const a = await call(
        s,
        '/measurements/awning_measurement_add_edit',
        { client_id: 1, width: 120 },
        { token: await signin(s) },
      );
      return typeof a.json.data.id;
    },
  },
  'token-survives-password-change': {
    probe: async (s) => {
      const { email, password } = DEFAULT_ACCOUNTS.password;
      const token = await signin(s, DEFAULT_ACCOUNTS.password);
      await call(
        s,
        '/user/update_password',
        { email, old_password: password, new_password: 'Changed-Pass-1' },
        { token },
      );
      return (await call(s, '/client/list', {}, { token })).status;
    },
  },
  'x-api-token-refused': {
    probe: async (s) => (await call(s, '/client/list', {}, { headers: { 'x-api-token': await signin(s) } })).status,
  },
  'invalid-token-empty-401': { probe: async (s) => (await call(s, '/client/list', {}, { token: 'not.a.jwt' })).text },
  'subscription-access-denied': {
    probe: async (s) =>
      (await call(s, '/client/list', {}, { token: await signin(s, DEFAULT_ACCOUNTS.nosub) })).json.message,
  },
  'keyword-quote-500': { probe: async (s) => (await list(s, { keyword: "O'Brien" })).status },
  'oversize-default-body': {
    probe: async (s) =>
      (await call(s, '/countries/index', undefined, { raw: `{"pad":"${'x'.repeat(1_100_000)}"}` })).json,
  },
  'rate-limit-spring-body': {
    options: { rateLimit: { limit: 2 } },
    probe: async (s) => {
      for (let i = 0; i < 2; i++) await call(s, '/countries/index', {});
      return (await call(s, '/countries/index', {})).json.message;
    },
  },
};

export const DEVIATION_PROBES: Record<DeviationName, Probe> = {
  'error-body-minimal': async (s) =>
    'message' in (await call(s, '/client/update', { client_id: 1 }, { token: await signin(s) })).json,
  'unknown-id-403': async (s) =>
    (await call(s, '/client/update', updateBody(s, { client_id: 999999 }), { token: await signin(s) })).status,
  'platform-any-value': async (s) =>
    (await call(s, '/client/list', {}, { token: await signin(s), headers: { platform: 'DESKTOP' } })).status,
  'limit-honoured': async (s) => (await list(s, { limit: 5 })).json.data.per_page,
  'order-by-name': async (s) => (await list(s)).json.data.data.map((c: { id: number }) => c.id),
  'keyword-all-fields': async (s) => (await list(s, { keyword: 'denver' })).json.data.total,
  'extra-fields': async (s) => 'version' in (await first(s)),
  'unknown-properties-refused': async (s) => (await list(s, { colour: 'teal' })).status,
  'strict-coercion': async (s) => (await list(s, { page: '1' })).status,
  'reference-no-subscription': async (s) =>
    (await call(s, '/adminroom/index', undefined, { token: await signin(s, DEFAULT_ACCOUNTS.nosub) })).status,
  'unknown-route-401': async (s) => (await call(s, '/no/such/route', undefined, { method: 'GET' })).status,
  'rooms-by-client-null': async (s) =>
    (await call(s, '/room/get-by-client-id', { client_id: 1 }, { token: await signin(s) })).json === null,
};
