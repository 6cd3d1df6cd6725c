// The worlds in the mock console: the live ones (GET /__mock/worlds) with their
// changes, sessions and last use, and the selected one (`default` unless the
// page's address says ?world=NAME), which every control call names.

import { $, el } from './journal-rows.js';

const NAME = /^[A-Za-z0-9-]{1,40}$/;
const asked = new URLSearchParams(location.search).get('world');
let selected = asked && NAME.test(asked) ? asked : 'default';
let live = [];

export const selectedWorld = () => selected;
/** Whether the selected world is in memory (a dropped one is made again by its next use, not by the console's polling). */
export const selectedIsLive = () => live.some((w) => w.name === selected);

/** Selects a world; the page's address keeps it, so a reload stays in it. */
export function selectWorld(name) {
  selected = name;
  const url = new URL(location.href);
  if (name === 'default') url.searchParams.delete('world');
  else url.searchParams.set('world', name);
  history.replaceState(null, '', url);
  for (const o of $('filter-world').options) if (o.value === 'selected') o.textContent = `world ${name}`;
}

export function isWorldName(name) {
  return NAME.test(name);
}

function ago(iso, now = Date.now()) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 2) return 'now';
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** The worlds table: one row a world, the selected one marked; `choose(name)` selects another. */
export function renderWorlds(data, choose) {
  live = data.worlds;
  const rows = data.worlds.map((w) => {
    const pick = el('button', { type: 'button', className: 'link', textContent: w.name });
    pick.addEventListener('click', () => choose(w.name));
    const tr = el(
      'tr',
      { className: w.name === selected ? 'selected' : '' },
      el('td', {}, pick, w.seed !== data.worlds[0].seed || w.clients !== data.worlds[0].clients ? sized(w) : ''),
      el('td', { className: 'nums', textContent: w.changes }),
      el('td', { className: 'nums', textContent: w.sessions }),
      el('td', { textContent: ago(w.lastUsed) }),
    );
    if (w.name === selected) tr.setAttribute('aria-current', 'true');
    return tr;
  });
  if (!selectedIsLive())
    rows.push(
      el(
        'tr',
        { className: 'selected' },
        el(
          'td',
          { colSpan: 4 },
          `${selected} `,
          el('span', { className: 'muted', textContent: 'not live: made on its next use' }),
        ),
      ),
    );
  $('worlds').tBodies[0].replaceChildren(...rows);
  const resting = data.resting || [];
  const count = data.restingCount ?? resting.length;
  $('worlds-note').textContent = `${data.worlds.length} live of at most ${data.max}${
    count ? `; on disk only (${count}): ${resting.slice(0, 20).join(', ')}${count > 20 ? '…' : ''}` : ''
  }.`;
}

const sized = (w) => el('span', { className: 'muted', textContent: ` (seed ${w.seed}, ${w.clients} clients)` });
