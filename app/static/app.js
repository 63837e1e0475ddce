// claimcheck try-it page: streams POST /api/verify/stream and renders the verdict, evidence and trace.
'use strict';

const $ = (id) => document.getElementById(id);
const KEY_STORE = 'claimcheck.apiKey';
const ORIGINS = { kb: 'Knowledge base', web: 'Web', fact_check: 'Fact-checker', reference: 'Your reference' };
const VERDICT_CLASS = {
  'True': 'v-true', 'False': 'v-false', 'Partially True': 'v-partial', 'Misleading': 'v-partial',
  'Not Enough Evidence': 'v-unknown', 'Not Verifiable': 'v-unknown',
};

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('aria-') || name === 'role' || name === 'id' || name === 'href' || name === 'title') node.setAttribute(name, value);
    else node[name] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

const pct = (x) => `${Math.round(x * 100)}%`;

// Read a text/event-stream body; call onEvent(name, data) for each `event:`/`data:` message.
async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) onEvent(name, JSON.parse(data));
    }
    if (done) return;
  }
}

function stars(credibility) {
  const full = Math.round(credibility * 5);
  return el('span', { class: 'stars', role: 'img', 'aria-label': `credibility ${credibility.toFixed(2)} of 1 (${full} of 5 stars)` },
    '★'.repeat(full) + '☆'.repeat(5 - full));
}

// Reasoning text with each [N] turned into a link to evidence card N.
function reasoningWithLinks(text, count) {
  const p = el('p', { class: 'reasoning' });
  let last = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    const n = Number(match[1]);
    p.append(text.slice(last, match.index));
    p.append(n >= 1 && n <= count ? el('a', { href: `#evidence-${n}`, text: match[0], 'aria-label': `evidence ${n}` }) : match[0]);
    last = match.index + match[0].length;
  }
  p.append(text.slice(last));
  return p;
}

// What each verdict means, when the server sent no plain_summary (an older server).
const MEANING = {
  'True': 'the evidence supports this claim', 'False': 'the evidence contradicts this claim',
  'Partially True': 'credible sources support part of this claim and contradict another part',
  'Misleading': 'the facts in this claim are used to suggest something they do not show',
  'Not Enough Evidence': 'the sources found do not settle this claim either way',
  'Not Verifiable': 'this is an opinion or a prediction, not a statement of fact',
};

// The card a reader sees: the verdict, the claim it is about, why in one plain sentence and the
// confidence; the engine's account (engine, grounding, the reasoning with its [N] links) is behind
// "How this was checked".
function verdictCard(body) {
  const cls = VERDICT_CLASS[body.verdict] || 'v-unknown';
  const card = el('article', { class: `card verdict-card ${cls}`, 'aria-labelledby': 'verdict-title' });
  card.append(
    el('h2', { id: 'verdict-title', class: 'verdict', text: body.verdict }),
    el('p', { class: 'claim-restated' }, el('span', { class: 'label', text: 'Claim: ' }),
      el('span', { class: 'claim-text', text: `“${body.original_claim.trim()}”` })),
    el('p', { class: 'plain-summary', text: body.plain_summary || `${body.verdict}: ${MEANING[body.verdict] || ''}.` }),
    el('div', { class: 'confidence' },
      el('span', { text: `Confidence ${pct(body.confidence)}` }),
      el('div', { class: 'bar', role: 'meter', 'aria-label': 'confidence', 'aria-valuemin': '0', 'aria-valuemax': '100',
        'aria-valuenow': String(Math.round(body.confidence * 100)) }, el('span', { style: `width:${pct(body.confidence)}` }))),
  );
  if (body.claim.trim() !== body.original_claim.trim()) {
    card.append(el('p', { class: 'extracted-claim-note' }, 'Only the checkable part was checked: ',
      el('span', { class: 'checked-part', text: `“${body.claim}”` })));
  }
  if (body.balance.political && body.balance.one_sided) {
    card.append(el('p', { class: 'facts', text: 'A political topic, and the sources found lean one way.' }));
  }
  const how = el('details', { class: 'how-checked' }, el('summary', { text: 'How this was checked' }));
  how.append(
    el('div', { class: 'badges' },
      el('span', { class: 'badge b-type claim-type', text: body.claim_type }),
      el('span', { class: 'badge b-neutral engine', text: `engine: ${body.mode}` }),
      el('span', { class: 'badge b-neutral grounding', text: `grounding: ${body.grounding.status}` }),
      el('span', { class: 'badge b-neutral', text: `citations ${body.citations.supported}/${body.citations.total} backed` }),
      body.cache === 'hit' ? el('span', { class: 'badge b-neutral', text: 'cached' }) : null),
  );
  if (body.claim_type === 'MIXED' || body.claim.trim() !== body.original_claim.trim()) {
    how.append(el('dl', { class: 'claims' },
      el('dt', { text: 'You asked' }), el('dd', { class: 'original-claim', text: body.original_claim }),
      el('dt', { text: 'Checked (the verifiable part)' }), el('dd', { class: 'extracted-claim', text: body.claim })));
  }
  how.append(reasoningWithLinks(body.reasoning, body.evidence.length));
  const facts = [];
  if (body.factuality !== null) facts.push(`factuality ${pct(body.factuality)}`);
  if (body.search.tier_used) facts.push(`evidence from: ${body.search.tier_used}`);
  if (body.search.new_documents) facts.push(`${body.search.new_documents} new document(s) indexed`);
  if (body.balance.political && !body.balance.one_sided) facts.push('political topic: sources are balanced');
  if (facts.length) how.append(el('p', { class: 'facts', text: facts.join(' · ') }));
  card.append(how);
  return card;
}

// comparison guards (docs/judge.md): they explain why an item is not read as support
const GUARDS = new Set(['hedge', 'tense', 'reported', 'subject', 'question', 'partial']);

function evidenceList(evidence) {
  const list = el('ol', { class: 'evidence' });
  evidence.forEach((e, i) => {
    const n = i + 1;
    const link = el('a', { href: e.source, text: e.title || e.source });
    link.rel = 'noopener noreferrer'; link.target = '_blank';
    const trust = e.trust.posterior === null ? `${e.domain}` : `${e.domain} · trust ${pct(e.trust.posterior)}`;
    list.append(el('li', { id: `evidence-${n}`, class: 'evidence-item' },
      el('h3', {}, el('span', { class: 'num', text: `[${n}]` }), link),
      el('div', { class: 'badges' },
        el('span', { class: `badge b-${e.origin} origin`, text: ORIGINS[e.origin] || e.origin }),
        el('span', { class: `badge b-${e.stance} stance`, text: e.stance }),
        el('span', { class: 'badge b-trust trust', title: e.trust.verdict || undefined, text: trust }),
        e.review ? el('span', { class: 'badge b-fact_check review', title: `reviewed claim: ${e.review.claim_reviewed}`,
          text: `rated “${e.review.rating}” by ${e.review.publisher}` }) : null,
        e.before_claim ? el('span', { class: 'badge b-neutral before-claim',
          text: 'published before the claimed time' }) : null),
      el('blockquote', { class: 'quote', text: e.quote || e.text }),
      e.stance_reason ? el('p', { class: 'reason', text: `${GUARDS.has(e.stance_rule) ? 'Not read as support' : `Why ${e.stance}`}: ${e.stance_reason}` }) : null,
      el('p', { class: 'meta' },
        `relevance ${pct(Math.max(0, Math.min(1, e.relevance)))} · `, stars(e.credibility),
        ` · ${e.source_type}${e.bias ? ` · ${e.bias}` : ''}${e.published ? ` · ${e.published}` : ''}`)));
  });
  return list;
}

function trace(body) {
  const section = el('section', { class: 'card trace', 'aria-labelledby': 'trace-title' },
    el('h2', { id: 'trace-title', text: 'What claimcheck did' }));
  const stages = Object.entries(body.timings_ms).filter(([name]) => name !== 'total');
  const longest = Math.max(1, ...stages.map(([, ms]) => ms));
  const table = el('table', { class: 'timings' },
    el('caption', { class: 'help', text: `Per-stage timings (total ${Math.round(body.timings_ms.total || 0)} ms)` }),
    el('thead', {}, el('tr', {}, el('th', { text: 'stage', scope: 'col' }), el('th', { text: 'ms', scope: 'col' }), el('th', { text: '', scope: 'col' }))));
  const rows = el('tbody');
  for (const [name, ms] of stages) {
    rows.append(el('tr', {}, el('td', { text: name.replace(/_/g, ' ') }), el('td', { class: 'ms', text: ms.toFixed(1) }),
      el('td', {}, el('span', { class: 'tbar', style: `width:${Math.max(2, Math.round((ms / longest) * 160))}px` }))));
  }
  table.append(rows);
  // the steps, shown once: streamed into the progress list while the check runs, kept here after
  section.append(table, el('details', { class: 'all-steps' },
    el('summary', { text: `All ${body.steps.length} steps` }),
    el('ol', { class: 'steps' }, ...body.steps.map((s) => el('li', { text: s })))));
  return section;
}

// -- the answer's record (issue 40): the quotes as read, their archive, an editor's review ---------

const VERDICTS = ['True', 'False', 'Partially True', 'Misleading', 'Not Enough Evidence', 'Not Verifiable'];

function keyHeaders(extra = {}) {
  const key = $('key').value.trim();
  return key ? { ...extra, 'x-api-key': key } : extra;
}

function snapshotList(record) {
  const list = el('ol', { class: 'snapshots' });
  for (const s of record.snapshots) {
    const archive = s.archive_url
      ? el('a', { href: s.archive_url, class: 'archive-link', text: 'archived copy', rel: 'noopener noreferrer', target: '_blank' })
      : el('span', { class: 'archive-state', text: s.archive_state ? `archive: ${s.archive_state}` : 'not archived' });
    list.append(el('li', { class: 'snapshot', id: `snapshot-${s.n}` },
      el('p', { class: 'meta' }, el('span', { class: 'num', text: `[${s.n}] ` }), `read ${s.fetched_at || '?'} · `, archive),
      el('blockquote', { class: 'snapshot-text', text: s.text }),
      el('p', { class: 'help' }, 'sha256 ', el('code', { class: 'sha', text: s.sha256 }))));
  }
  return list;
}

function reviewForm(id) {
  const select = el('select', { id: 'review-verdict' }, ...VERDICTS.map((v) => el('option', { value: v, text: v })));
  const note = el('textarea', { id: 'review-note', rows: 2, maxLength: 4000 });
  const status = el('p', { class: 'review-status', role: 'status' });
  const button = el('button', { type: 'button', class: 'review-submit', text: 'Mark the verdict' });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const [code, body] = await postJSON(`/api/verifications/${id}/review`, { verdict: select.value, note: note.value });
      status.textContent = code === 201
        ? `Marked “${body.verdict}” by ${body.reviewer}. The knowledge base learned it: the next check of this claim, or one like it, quotes this review.`
        : code === 403 ? 'Only a reviewer key (REVIEWER_KEYS) can mark a verdict: enter one above.'
        : `The review failed (${code}): ${typeof body?.detail === 'string' ? body.detail : ''}`;
    } catch (err) {
      status.textContent = `The review failed: ${err}`;
    } finally {
      button.disabled = false;
    }
  });
  return el('details', { class: 'review' },
    el('summary', { text: 'Editors: mark the verdict' }),
    el('label', { htmlFor: 'review-verdict', text: 'Your verdict' }), select,
    el('label', { htmlFor: 'review-note', text: 'Why (published with the review)' }), note, button, status);
}

function recordCard(body) {
  if (!body.id) return null;
  const id = body.id;
  const snapshots = el('div', { class: 'record-snapshots' });
  const show = el('button', { type: 'button', class: 'show-record', text: 'Show the quotes as they were read' });
  show.addEventListener('click', async () => {
    show.disabled = true;
    try {
      const response = await fetch(`/api/verifications/${id}`, { headers: keyHeaders() });
      const record = await response.json().catch(() => null);
      if (!response.ok) { snapshots.replaceChildren(el('p', { text: `The record could not be read (${response.status}).` })); return; }
      snapshots.replaceChildren(el('p', { class: 'help', text: `Kept ${record.record.created_at}. Each quote's text as it was read, with its sha256; the web page may have changed since.` }),
        snapshotList(record.record));
    } finally {
      show.disabled = false;
    }
  });
  return el('section', { class: 'card record', 'aria-labelledby': 'record-title' },
    el('h2', { id: 'record-title', text: 'Record' }),
    el('p', {}, 'This answer is kept as ', el('a', { href: `/api/verifications/${id}`, class: 'record-link', text: id }),
      ' (what was read, by which engines; readable with the same key).'),
    show, snapshots, reviewForm(id));
}

function showResult(body) {
  const out = $('result');
  const parts = [verdictCard(body)];
  if (body.evidence.length) parts.push(el('h2', { text: `Evidence (${body.evidence.length})` }), evidenceList(body.evidence));
  else parts.push(el('p', { class: 'facts', text: 'No evidence was used for this answer.' }));
  const record = recordCard(body);
  if (record) parts.push(record);
  parts.push(trace(body));
  out.replaceChildren(...parts);
  bringIntoView(parts[0]);
}

// The answer replaces the live progress (its steps are in the trace) and comes into view, with
// focus for screen readers, as soon as it exists.
function bringIntoView(node) {
  $('progress').replaceChildren();
  node.setAttribute('tabindex', '-1');
  node.focus({ preventScroll: true });
  node.scrollIntoView({ block: 'start', behavior: 'instant' });
}

function showError(status, body) {
  const message = status === 401 ? 'This server requires an API key: enter it above and try again.'
    : status === 429 ? 'Too many requests: wait a moment and try again.'
    : status === 503 ? 'The server is busy or a backend is down: try again shortly.'
    : `The request failed (${status || 'network error'}).`;
  const detail = typeof body?.detail === 'string' ? body.detail
    : Array.isArray(body?.detail) ? body.detail.map((d) => d.msg).join('; ') : '';
  const alert = el('div', { class: 'card error', role: 'alert' },
    el('p', { text: message }), detail ? el('p', { text: detail }) : null);
  $('result').replaceChildren(alert);
  if (status === 401) $('key').focus(); else alert.scrollIntoView({ block: 'nearest' });
}

// One claim is at most CLAIM_LIMIT characters (the API's limit); a longer text is a passage.
const CLAIM_LIMIT = 2000;

function updateCounter() {
  const length = $('claim').value.length;
  const counter = $('counter');
  const over = length > CLAIM_LIMIT;
  counter.classList.toggle('over', over);
  counter.replaceChildren(`${length.toLocaleString('en')} / ${CLAIM_LIMIT.toLocaleString('en')} characters`);
  if (over) {
    counter.append(' — longer than one claim. ',
      el('button', { type: 'button', class: 'as-passage link-button', text: 'Check it as a passage instead',
        onclick: () => $('passage').click() }));
  }
}

// A text over the claim limit: offer the passage check instead of sending what the API refuses.
function offerPassage() {
  const length = $('claim').value.length;
  const offer = el('div', { class: 'card offer', role: 'alert' },
    el('p', { text: `This text has ${length.toLocaleString('en')} characters; one claim can have up to ` +
      `${CLAIM_LIMIT.toLocaleString('en')}. As a passage, claimcheck picks its check-worthy claims and checks each.` }),
    el('button', { type: 'button', class: 'as-passage', text: 'Check it as a passage', onclick: () => $('passage').click() }));
  $('result').replaceChildren(offer);
  offer.scrollIntoView({ block: 'nearest' });
}

let running = null;

async function check() {
  if ($('claim').value.length > CLAIM_LIMIT) { offerPassage(); return; }
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  const claim = $('claim').value;
  const key = $('key').value.trim();
  if (key) sessionStorage.setItem(KEY_STORE, key); else sessionStorage.removeItem(KEY_STORE);
  const headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (key) headers['x-api-key'] = key;
  const progress = $('progress');
  progress.replaceChildren();
  $('progress-section').hidden = false;
  $('status').textContent = 'Checking…';
  $('result').replaceChildren();
  $('result').setAttribute('aria-busy', 'true');
  $('submit').disabled = true;
  try {
    const response = await fetch('/api/verify/stream', {
      method: 'POST', headers, signal: controller.signal,
      body: JSON.stringify({ claim, web_search: $('web').checked }),
    });
    if (!response.ok) {
      showError(response.status, await response.json().catch(() => null));
      $('status').textContent = 'Failed.';
      return;
    }
    let finished = false;
    await readEvents(response, (name, data) => {
      if (name === 'step') {
        progress.append(el('li', {}, data.step, el('span', { class: 'ms', text: `${Math.round(data.elapsed_ms)} ms` })));
      } else if (name === 'result') {
        finished = true;
        $('status').textContent = `Done in ${Math.round(data.timings_ms.total || 0)} ms: ${data.verdict}.`;
        showResult(data);
      } else if (name === 'error') {
        finished = true;
        $('status').textContent = 'Failed.';
        showError(data.status, data);
      }
    });
    if (!finished) showError(0, { detail: 'the connection closed before the result arrived' });
  } catch (err) {
    if (err.name !== 'AbortError') { showError(0, { detail: String(err) }); $('status').textContent = 'Failed.'; }
  } finally {
    if (running === controller) {
      running = null;
      $('submit').disabled = false;
      $('result').setAttribute('aria-busy', 'false');
    }
  }
}

// -- passages (POST /api/check) and link audits (POST /api/sources/audit) ----------------------

async function postJSON(path, payload) {
  const key = $('key').value.trim();
  const headers = { 'content-type': 'application/json' };
  if (key) headers['x-api-key'] = key;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(payload) });
  return [response.status, await response.json().catch(() => null)];
}

async function busy(label, work) {
  $('progress-section').hidden = false;
  $('progress').replaceChildren();
  $('status').textContent = label;
  $('result').setAttribute('aria-busy', 'true');
  try { await work(); } catch (err) { showError(0, { detail: String(err) }); $('status').textContent = 'Failed.'; }
  finally { $('result').setAttribute('aria-busy', 'false'); }
}

function highlightedPassage(text, claims) {
  const parts = [];
  let at = 0;
  for (const claim of claims.filter((c) => c.result).sort((a, b) => a.start - b.start)) {
    if (claim.start < at) continue;
    parts.push(text.slice(at, claim.start));
    const verdict = claim.result.verdict;
    parts.push(el('button', {
      type: 'button', class: `claim-mark ${VERDICT_CLASS[verdict] || 'v-unknown'}`, text: text.slice(claim.start, claim.end),
      title: `${verdict} — click for the evidence`, 'aria-label': `${text.slice(claim.start, claim.end)}: ${verdict}`,
      onclick: () => { showResult(claim.result); $('result').prepend(passageView); },
    }));
    at = claim.end;
  }
  parts.push(text.slice(at));
  return el('p', { class: 'passage-text' }, ...parts);
}

let passageView = null;

async function checkPassage() {
  const text = $('claim').value;
  await busy('Checking each claim of the passage…', async () => {
    const maxClaims = Math.max(1, Math.min(10, Number($('max-claims').value) || 5));
    const [status, body] = await postJSON('/api/check', { text, web_search: $('web').checked, max_claims: maxClaims });
    if (status !== 200) { showError(status, body); $('status').textContent = 'Failed.'; return; }
    const checked = body.claims.filter((c) => c.result && !c.reason.startsWith('repeats'));
    const skipped = body.claims.filter((c) => !c.result);
    const told = [`${checked.length} claim(s) checked`];
    if (body.left_out) {
      told.push(`${body.left_out} more check-worthy claim(s) left out: you asked for ${body.max_claims}` +
        (body.max_claims < 10 ? ' (raise “Claims to check”, up to 10, to include them)' : ' (the most one check allows)'));
    }
    if (body.repeated) told.push(`${body.repeated} repeated sentence(s) checked once`);
    passageView = el('div', { id: 'passage-result', class: 'card' },
      el('h2', { text: 'Claims in the passage' }),
      el('p', { class: 'passage-told', text: `${told.join('; ')}.` }),
      highlightedPassage(text, body.claims),
      el('p', { class: 'facts', text: Object.entries(body.summary).map(([k, v]) => `${k}: ${v}`).join(' · ') }),
      skipped.length ? el('details', { class: 'skipped-list' },
        el('summary', { text: `Not checked (${skipped.length})` }),
        el('ul', { class: 'skipped' }, ...skipped.map((c) => el('li', { text: `“${c.text}” — ${c.reason}` })))) : null);
    $('result').replaceChildren(passageView);
    bringIntoView(passageView);
    $('status').textContent = `Done: ${checked.length} claim(s) checked.`;
  });
}

async function auditLinks() {
  await busy('Auditing the links…', async () => {
    const [status, body] = await postJSON('/api/sources/audit', { text: $('claim').value });
    if (status !== 200) { showError(status, body); $('status').textContent = 'Failed.'; return; }
    const rows = body.urls.map((u) => el('li', { class: `audit-${u.status}` },
      el('a', { href: u.url, text: u.url, rel: 'noopener noreferrer', target: '_blank' }),
      el('div', { class: 'facts', text: [u.status + (u.http_status ? ` (HTTP ${u.http_status})` : ''),
        `authority ${Math.round(u.authority_score ?? (100 * (u.authority - 0.25)) / 1.25)} / 100`,
        u.alignment !== null ? `alignment ${Math.round(u.alignment)} / 100` : null,
        u.published ? `published ${u.published}` : null].filter(Boolean).join(' · ') })));
    $('result').replaceChildren(el('div', { id: 'audit-result', class: 'card' },
      el('h2', { text: `Links (${body.urls.length})` }),
      body.urls.length ? el('ol', {}, ...rows) : el('p', { text: 'The text cites no URL.' }),
      body.source_authority_score !== null
        ? el('p', { class: 'facts', text: `Source authority ${Math.round(body.source_authority_score)} / 100 ` +
          `(the valid links' authority, and how many links are valid: ${pct(body.url_validity_rate)})` }) : null));
    bringIntoView($('audit-result'));
    $('status').textContent = 'Done.';
  });
}

document.addEventListener('DOMContentLoaded', () => {
  $('passage').addEventListener('click', checkPassage);
  $('audit').addEventListener('click', auditLinks);
  $('key').value = sessionStorage.getItem(KEY_STORE) || '';
  $('claim').addEventListener('input', updateCounter);
  updateCounter();
  $('form').addEventListener('submit', (ev) => { ev.preventDefault(); check(); });
  $('claim').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); $('form').requestSubmit(); }
  });
  for (const button of document.querySelectorAll('button.example')) {
    button.addEventListener('click', () => {
      if (button.dataset.passage) { $('claim').value = button.dataset.passage; updateCounter(); $('passage').click(); return; }
      $('claim').value = button.textContent; updateCounter(); $('form').requestSubmit();
    });
  }
});
