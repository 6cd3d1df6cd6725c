// The mock console: polls the journal (new rows appear without reload) and the
// worlds, and drives the controls under /__mock with JSON requests, as any
// script would, each naming the selected world (X-Mock-World).

import { $, AT_EMAIL, breakable, el, offerStatuses, row, visible } from './journal-rows.js';
import { isWorldName, renderWorlds, selectedWorld, selectWorld } from './worlds.js';

let lastId = 0;
let state;
const accounts = new Map(); // world and account -> last rate-limit headers seen
const budgetKey = (world, who) => `${world}\n${who}`;

/** A control call in `world` (the selected one unless told; null: no world's, as the journal and the worlds list). */
async function control(method, path, body, world = selectedWorld()) {
  // Control POSTs must be JSON (the mock refuses anything a foreign page could send unasked).
  const json = method === 'POST' || body !== undefined;
  const headers = json ? { 'content-type': 'application/json' } : {};
  if (world) headers['x-mock-world'] = world;
  const res = await fetch(path, { method, headers, body: json ? JSON.stringify(body ?? {}) : undefined });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || `${method} ${path} answered ${res.status}`);
  return data;
}

function notify(text, bad = false) {
  const n = $('notice');
  n.textContent = text;
  n.className = bad ? 'bad' : 'good';
}

async function act(fn) {
  try {
    const r = await fn();
    if (r?.message) notify(r.message);
    await refreshState();
  } catch (err) {
    notify(err.message, true);
  }
}

async function refreshState() {
  state = await control('GET', '/__mock/ui/state');
  $('world').textContent =
    `world ${state.world} · seed ${state.seed} · ${state.clients} clients · ${state.rateLimit ? `rate limit ${state.rateLimit.max}/${state.rateLimit.windowSeconds} s per user (per address before sign-in)` : 'rate limit off'} · journal keeps ${state.journal.capacity}`;
  const rows = state.accounts.map((a) => {
    const toggle = el('button', {
      type: 'button',
      textContent: a.plan ? 'Remove plan' : `Give ${state.plans[0] ? state.plans[0].name : 'a'} plan`,
    });
    toggle.dataset.email = a.email;
    toggle.addEventListener('click', () =>
      act(() =>
        control('POST', '/__mock/subscription', { email: a.email, plan_id: a.plan ? null : state.plans[0].id }),
      ),
    );
    return el(
      'tr',
      {},
      el(
        'td',
        {},
        ...breakable(a.email, AT_EMAIL),
        // A deactivated account cannot sign in (tokens/invalidate, reason deactivation).
        ...(a.active === false ? [' ', el('span', { className: 'warn', textContent: '(deactivated)' })] : []),
      ),
      el('td', { textContent: a.plan ? a.plan.name : 'none', className: a.plan ? '' : 'warn' }),
      el('td', {}, toggle),
    );
  });
  $('accounts').tBodies[0].replaceChildren(...rows);
  const emailSelect = $('invalidate-email');
  if (emailSelect.options.length !== state.accounts.length)
    emailSelect.replaceChildren(...state.accounts.map((a) => el('option', { value: a.email, textContent: a.email })));
  if ($('fault-op').options.length === 1) {
    for (const o of state.operations) {
      $('fault-op').append(
        el('option', { value: o.operationId, textContent: `${o.operationId} (${o.method} ${o.path})` }),
      );
      $('filter-op').append(el('option', { value: o.operationId, textContent: o.operationId }));
    }
  }
  await refreshFaults();
}

async function refreshFaults() {
  const faults = await control('GET', '/__mock/faults');
  $('faults').replaceChildren(
    ...(faults.faults.length
      ? faults.faults.map((f) => el('li', { textContent: describeFault(f) }))
      : [el('li', { className: 'muted', textContent: 'none: every call is answered as usual' })]),
  );
}

function describeFault(f) {
  const what = [
    f.status ? `answers ${f.status}` : null,
    f.kind ? `fails outside the spec: ${f.kind}` : null,
    f.latency_ms ? `+${f.latency_ms} ms` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const left =
    f.remaining === undefined || f.remaining === null
      ? 'until cleared'
      : `for ${f.remaining} more call${f.remaining === 1 ? '' : 's'}`;
  return `${f.operationId || 'every operation'}: ${what} ${left}`;
}

const documentedStatuses = () => (state ? state.operations.flatMap((o) => o.statuses) : []);

function statusesFor(operationId) {
  const op = state.operations.find((o) => o.operationId === operationId);
  const statuses = op ? op.statuses : [...new Set(state.operations.flatMap((o) => o.statuses))].sort();
  $('fault-status').replaceChildren(
    el('option', { value: '', textContent: 'as usual' }),
    ...statuses.map((s) => el('option', { value: s, textContent: s })),
  );
}

const seen = [];
/** The world the journal shows, or undefined for every world's (each row then names its world). */
const journalWorld = () => ($('filter-world').value === 'selected' ? selectedWorld() : undefined);
function render() {
  const world = journalWorld();
  const rows = seen
    .filter((e) => (world === undefined || e.world === world) && visible(e))
    .slice(0, 200)
    .flatMap((e) => row(e, world === undefined));
  $('journal').tBodies[0].replaceChildren(...rows);
  $('journal-empty').hidden = seen.length > 0;
  offerStatuses(documentedStatuses(), seen);
}

async function poll() {
  if ($('live').checked) {
    try {
      const data = await control('GET', `/__mock/requests?after=${lastId}`, undefined, null);
      if (data.requests.length) {
        lastId = data.requests[0].id;
        seen.unshift(...data.requests);
        seen.length = Math.min(seen.length, data.capacity);
        for (const e of data.requests.slice().reverse())
          if (e.rateLimit)
            accounts.set(budgetKey(e.world, e.account || '(no token)'), { ...e.rateLimit, at: Date.now() });
        render();
        renderBudget();
        // A call may have spent a counted fault of the selected world.
        if (data.requests.some((e) => e.world === selectedWorld())) await refreshFaults();
      }
      await refreshWorlds();
    } catch (err) {
      notify(`journal: ${err.message}`, true);
    }
  }
  setTimeout(poll, 1000);
}

async function refreshWorlds() {
  renderWorlds(await control('GET', '/__mock/worlds', undefined, null), choose);
}

/** Another world selected: its state, faults, journal rows and budget. */
async function choose(name) {
  selectWorld(name);
  render();
  renderBudget();
  $('notice').textContent = '';
  await act(async () => undefined); // its state and faults (the call makes a world not yet live)
  await refreshWorlds().catch((err) => notify(err.message, true));
}

function renderBudget() {
  const prefix = budgetKey(selectedWorld(), '');
  const mine = [...accounts].filter(([key]) => key.startsWith(prefix));
  const rows = mine.map(([key, r]) => {
    const who = key.slice(prefix.length);
    const left = Math.max(0, Math.round(r.resetSeconds - (Date.now() - r.at) / 1000));
    return el(
      'tr',
      {},
      el('td', { textContent: who }),
      el('td', {
        textContent: left === 0 ? r.limit : `${r.remaining} / ${r.limit}`,
        className: r.remaining === 0 && left > 0 ? 'bad' : '',
      }),
      el('td', { textContent: left === 0 ? 'now' : `in ${left} s` }),
    );
  });
  $('budget').tBodies[0].replaceChildren(...rows);
  $('budget-note').textContent =
    state && !state.rateLimit
      ? 'The rate limit is off (--no-rate-limit).'
      : rows.length
        ? "As of each account's last call."
        : 'No calls yet.';
}

$('api-base').textContent = `${location.origin}/api/v1`;
$('reset').addEventListener('click', () => {
  if (confirm(`Reset the world ${selectedWorld()} to its seed? Its sessions, faults and changes are lost.`))
    act(() => control('POST', '/__mock/reset'));
});
$('clear-journal').addEventListener('click', () =>
  act(async () => {
    // The journal shown: the selected world's exchanges, or every world's.
    const world = journalWorld();
    const r = await control('DELETE', `/__mock/requests${world ? `?world=${world}` : ''}`, undefined, null);
    const kept = seen.filter((e) => world !== undefined && e.world !== world);
    seen.splice(0, seen.length, ...kept);
    render();
    return r;
  }),
);
$('filter-world').addEventListener('change', render);
$('open-world').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const name = $('open-world-name').value.trim();
  if (!isWorldName(name)) return notify("A world's name is letters, digits and -, 1 to 40 characters.", true);
  $('open-world-name').value = '';
  choose(name);
});
$('clear-faults').addEventListener('click', () => act(() => control('DELETE', '/__mock/faults')));
$('filter-op').addEventListener('change', render);
$('filter-status').addEventListener('change', render);
$('fault-op').addEventListener('change', () => statusesFor($('fault-op').value));
$('invalidate').addEventListener('submit', (ev) => {
  ev.preventDefault();
  act(() =>
    control('POST', '/__mock/tokens/invalidate', {
      email: $('invalidate-email').value,
      reason: $('invalidate-reason').value,
    }),
  );
});
$('fault').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const body = {};
  if ($('fault-op').value) body.operationId = $('fault-op').value;
  if ($('fault-status').value) body.status = Number($('fault-status').value);
  // A failure outside the spec (the same control's `kind`): the control refuses it beside a status, and says so.
  if ($('fault-kind').value) body.kind = $('fault-kind').value;
  if ($('fault-latency').value.trim()) body.latency_ms = Number($('fault-latency').value);
  if ($('fault-count').value.trim()) body.count = Number($('fault-count').value);
  act(async () => {
    const r = await control('POST', '/__mock/faults', body);
    return { message: `Fault added: ${describeFault(r.fault)}` };
  });
});
setInterval(renderBudget, 1000);
selectWorld(selectedWorld());
refreshState().then(
  () => {
    statusesFor('');
    offerStatuses(documentedStatuses(), seen);
  },
  (err) => notify(err.message, true),
);
poll();
