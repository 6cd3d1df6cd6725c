// The journal's rows in the mock console: a row and its detail (request,
// answer, findings), long calls broken where a reader would, and the filters.

export const $ = (id) => document.getElementById(id);
export const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) node.append(c);
  return node;
};

/** A journal row and its detail; `showWorld`: the call names its world (the journal shows every world's). */
export function row(e, showWorld = false) {
  // Errors are findings on the mock's answer; observations say what the request sent that was ignored.
  const findings = (e.findings || []).filter((f) => f.severity !== 'observation');
  const notes = (e.findings || []).filter((f) => f.severity === 'observation');
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const spec = findings.length
    ? el('span', {
        className: 'bad',
        textContent: plural(findings.length, 'finding'),
        title: findings.map((f) => f.message).join('\n'),
      })
    : el(
        'span',
        { className: 'good', title: notes.map((f) => f.message).join('\n') },
        e.operationId ? 'conforms' : '—',
        // On a line of its own: the word does not break inside the narrow column.
        ...(notes.length
          ? [el('br'), el('span', { className: 'muted', textContent: plural(notes.length, 'observation') })]
          : []),
      );
  const tr = el(
    'tr',
    { className: `s${String(e.status)[0]}` },
    el('td', { textContent: e.id }),
    // Under the time, the world it was answered in (when the journal shows more than one).
    el(
      'td',
      { className: 'nums time' },
      e.time.slice(11, 23),
      ...(showWorld ? [el('br'), el('span', { className: 'world-tag', textContent: e.world ?? 'no world' })] : []),
    ),
    el(
      'td',
      { className: 'mono call', title: `${e.method} ${e.url}` },
      el('span', {}, ...breakable(`${e.method} ${e.url}`)),
    ),
    el('td', { className: 'op' }, ...(e.operationId ? breakable(e.operationId, /(?=[A-Z])/) : ['(no operation)'])),
    // A failure forced outside the spec says which (status 0: the connection ended before a status line).
    el(
      'td',
      { className: 'status' },
      e.status === 0 ? 'none' : String(e.status),
      ...(e.fault ? [el('br'), el('span', { className: 'warn', textContent: e.fault })] : []),
    ),
    el('td', { className: 'nums', textContent: e.ms }),
    el('td', {}, ...(e.account ? breakable(e.account, AT_EMAIL) : ['—'])),
    el('td', {}, spec),
  );
  tr.tabIndex = 0;
  const detail = el(
    'tr',
    { className: 'detail', hidden: true },
    el(
      'td',
      { colSpan: 8 },
      el(
        'div',
        { className: 'bodies' },
        el(
          'div',
          {},
          el('h3', { textContent: 'Request' }),
          el('pre', {
            textContent: `${Object.entries(e.request.headers)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}\n\n${pretty(e.request.body)}${e.request.truncated ? '\n… (cut)' : ''}`,
          }),
        ),
        el(
          'div',
          {},
          // The error's code (x-mock-error) says why: a refused token, a forced fault, the rate limit...
          el('h3', {
            textContent: `Answer ${e.status} ${e.error ? `${e.error} ` : ''}${e.response.contentType || ''}`,
          }),
          el('pre', { textContent: `${pretty(e.response.body)}${e.response.truncated ? '\n… (cut)' : ''}` }),
        ),
        messageList("Findings on the mock's answer", findings),
        messageList('Observations on the request', notes),
      ),
    ),
  );
  const flip = () => {
    detail.hidden = !detail.hidden;
  };
  tr.addEventListener('click', flip);
  tr.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') flip();
  });
  return [tr, detail];
}

// Long paths and operation ids wrap where a reader would break them: after / _ - ? & =, or before a capital.
/** Where an email breaks: after its @. */
export const AT_EMAIL = /(?<=@)/;

export function breakable(text, at = /(?<=[/_\-?&=])/) {
  return text.split(at).flatMap((part, i) => (i ? [el('wbr'), part] : [part]));
}

/** A titled list of findings' messages; nothing when there are none. */
function messageList(title, items) {
  if (!items.length) return '';
  return el(
    'div',
    {},
    el('h3', { textContent: title }),
    el('ul', {}, ...items.map((f) => el('li', { textContent: f.message }))),
  );
}

function pretty(text) {
  if (!text) return '(no body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function visible(e) {
  const op = $('filter-op').value;
  const st = $('filter-status').value; // '', a class such as 4xx, or one status
  const status = String(e.status);
  return (!op || e.operationId === op) && (!st || (st.endsWith('xx') ? status[0] === st[0] : status === st));
}

// The exact statuses on offer: every status the spec documents and any other the journal holds.
export function offerStatuses(documented, seen) {
  const group = $('filter-statuses');
  const offered = new Set([...group.children].map((o) => o.value));
  const all = new Set([...documented, ...seen.map((e) => String(e.status))].filter((s) => /^\d{3}$/.test(s)));
  if ([...all].every((s) => offered.has(s))) return;
  const chosen = $('filter-status').value; // kept: replacing the options would drop the selection
  group.replaceChildren(...[...all].sort().map((s) => el('option', { value: s, textContent: s })));
  $('filter-status').value = chosen;
}
