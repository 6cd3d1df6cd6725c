import { alter, brokenServer } from './test/helpers/broken.js';
const t = { teardown: () => undefined } as never;
const url = await brokenServer(
  t,
  alter(
    (p, s) => s === 200 && ['/client/list', '/transactions/get_user_current_plan', '/client/user_client'].includes(p),
    (r) => {
      if (r.body?.data?.data) for (const c of r.body.data.data) c.created_at = c.created_at.replace(/\.\d+Z$/, 'Z');
      if (r.body?.data && 'plan_id' in (r.body.data ?? {})) r.body.data.start_date = '2026-13-45';
      if (r.body?.data && r.body.data.plan) r.body.data.plan.price = String(r.body.data.plan.price);
      return r;
    },
  ),
);
console.log(url);
setInterval(() => undefined, 1 << 30);
