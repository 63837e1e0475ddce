// Shared by the popup and the content script's overlay: builds the views of the API's answers
// (a verify result, a claim that was not checked, a link audit) and opens the port to the service
// worker. Plain DOM, no innerHTML, so page text can never become markup.
'use strict';

var ClaimcheckView = (() => {
  const ORIGINS = { kb: 'Knowledge base', web: 'Web', fact_check: 'Fact-checker', reference: 'Reference' };
  // comparison guards (docs/judge.md): they explain why an item is not read as support
  const GUARDS = new Set(['hedge', 'tense', 'reported', 'subject', 'question', 'partial']);
  const TONE = {
    'True': 'true', 'False': 'false', 'Partially True': 'partial', 'Misleading': 'partial',
    'Not Enough Evidence': 'unknown', 'Not Verifiable': 'unknown',
  };
  const CSS = `
    :host { all: initial !important; }  /* an inner !important beats the page's: nothing inherits in */
    .cc, .cc * { box-sizing: border-box; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1b1b;
      letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: left; }
    .cc { background: #fff; }
    .cc h2 { font-size: 18px; font-weight: 700; margin: 0 0 4px; }
    .cc .tone-true h2 { color: #0d5a26; } .cc .tone-false h2 { color: #a50e0e; }
    .cc .tone-partial h2 { color: #7a4300; } .cc .tone-unknown h2 { color: #3c4043; }
    .cc .verdict { border-left: 6px solid #5f6368; padding: 4px 0 4px 10px; margin: 8px 0; }
    .cc .tone-true { border-left-color: #137333; } .cc .tone-false { border-left-color: #c5221f; }
    .cc .tone-partial { border-left-color: #b06000; }
    .cc .bar { height: 8px; background: #e3e3e3; border-radius: 99px; overflow: hidden; margin: 4px 0; width: 100%; }
    .cc .bar > span { display: block; height: 100%; background: #3c4043; }
    .cc .tone-true .bar > span { background: #137333; } .cc .tone-false .bar > span { background: #c5221f; }
    .cc .tone-partial .bar > span { background: #b06000; }
    .cc .badge { display: inline-block; border: 1px solid #9aa0a6; border-radius: 99px; padding: 0 8px; margin: 2px 4px 2px 0; font-size: 12px; color: #3c4043; }
    .cc ol { margin: 6px 0; padding-left: 20px; }
    .cc li { margin: 4px 0; }
    .cc .steps li { font-size: 12px; color: #4a4a4a; }
    .cc blockquote { margin: 2px 0; padding-left: 8px; border-left: 3px solid #c9ccd1; font-style: italic; }
    .cc a { color: #0b57d0; }
    .cc .muted { color: #4a4a4a; font-size: 12px; }
    .cc .error { color: #7d0a0a; background: #fce8e6; border: 1px solid #c5221f; padding: 6px 8px; border-radius: 6px; }
    .cc button { font: inherit; cursor: pointer; border-radius: 6px; }
    .cc :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
    .cc .claim-list { list-style: none; padding: 0; }
    .cc .claim-item { display: block; width: 100%; background: #fff; border: 1px solid #c9ccd1; border-left: 6px solid #5f6368;
      padding: 4px 8px; margin: 0; }
    .cc .claim-item.tone-true { border-left-color: #137333; } .cc .claim-item.tone-false { border-left-color: #c5221f; }
    .cc .claim-item.tone-partial { border-left-color: #b06000; } .cc .claim-item.tone-unchecked { border-left-style: dashed; }
    .cc .claim-item strong { font-weight: 700; }
    .cc table { border-collapse: collapse; width: 100%; margin: 6px 0; }
    .cc th, .cc td { font-size: 12px; text-align: left; vertical-align: top; padding: 3px 6px 3px 0; border-bottom: 1px solid #e3e3e3; }
    .cc th { font-weight: 700; }
    .cc td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .cc td.url a { word-break: break-all; font-size: 12px; }
    .cc .status-valid { color: #0d5a26; font-weight: 700; } .cc .status-invalid, .cc .status-refused { color: #a50e0e; font-weight: 700; }
    .cc .status-unreachable { color: #7a4300; font-weight: 700; }
    .cc dl.aggregate { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; margin: 6px 0; }
    .cc dl.aggregate dt { font-weight: 700; } .cc dl.aggregate dd { margin: 0; }
    .cc .claim-restated { margin: 2px 0; } .cc .plain-summary { margin: 4px 0; }
    .cc details.how-checked { margin: 6px 0; } .cc details summary { cursor: pointer; color: #0b57d0; }
    .cc .reasoning { margin: 4px 0; }
    .cc .record { margin: 6px 0; } .cc .record textarea { width: 100%; display: block; margin: 4px 0; }
    .cc .snapshot-text { font-style: normal; white-space: pre-wrap; word-break: break-word; }
  `;

  // An element with text (never markup) and a class.
  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function stepItem(step) {
    return el('li', step.step);
  }

  function verdict(body, maxEvidence = 3) {
    const root = el('div', null, 'result');
    const card = el('div', null, `verdict tone-${TONE[body.verdict] || 'unknown'}`);
    card.setAttribute('role', 'group');
    card.setAttribute('aria-label', `verdict: ${body.verdict}`);
    const title = el('h2', body.verdict, 'verdict-label');
    const bar = el('div', null, 'bar');
    bar.setAttribute('role', 'meter');
    bar.setAttribute('aria-label', 'confidence');
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    bar.setAttribute('aria-valuenow', String(Math.round(body.confidence * 100)));
    const fill = el('span');
    fill.style.width = `${Math.round(body.confidence * 100)}%`;
    bar.append(fill);
    // the reader's card: the verdict, the claim restated, why in one plain sentence, the confidence;
    // the engine's account is behind "How this was checked" (issue 37)
    card.append(title, el('div', `Claim: “${body.original_claim.trim()}”`, 'claim-restated'),
      el('p', body.plain_summary || body.verdict, 'plain-summary'),
      el('div', `Confidence ${Math.round(body.confidence * 100)}%`, 'muted'), bar);
    if (body.claim.trim() !== body.original_claim.trim()) {
      card.append(el('div', `Only the checkable part was checked: “${body.claim}”`, 'muted'));
    }
    root.append(card);
    const how = el('details', null, 'how-checked');
    how.append(el('summary', 'How this was checked'),
      el('span', body.claim_type, 'badge'), el('span', `engine: ${body.mode}`, 'badge engine'),
      el('span', `grounding: ${body.grounding.status}`, 'badge'),
      el('div', body.reasoning, 'reasoning'));
    root.append(how);
    if (body.evidence.length) {
      root.append(el('div', `Evidence (${body.evidence.length})`, 'muted'));
      const list = el('ol', null, 'evidence');
      for (const e of body.evidence.slice(0, maxEvidence)) {
        const item = el('li', null, 'evidence-item');
        const link = el('a', e.title || e.source);
        link.href = e.source; link.target = '_blank'; link.rel = 'noopener noreferrer';
        const stars = Math.round(e.credibility * 5);
        const trust = e.trust.posterior === null ? '' : ` · trust ${Math.round(e.trust.posterior * 100)}%`;
        const rated = e.review ? ` · rated “${e.review.rating}” by ${e.review.publisher}` : '';
        const early = e.before_claim ? ' · published before the claimed time' : '';
        item.append(link, el('div', `${ORIGINS[e.origin] || e.origin} · ${e.domain}${trust} · ${'★'.repeat(stars)}${'☆'.repeat(5 - stars)} · ${e.stance}${rated}${early}`, 'muted source'),
          el('blockquote', e.quote || e.text));
        if (e.stance_reason) item.append(el('div', `${GUARDS.has(e.stance_rule) ? 'Not read as support' : `Why ${e.stance}`}: ${e.stance_reason}`, 'muted reason'));
        list.append(item);
      }
      root.append(list);
    }
    if (body.id) root.append(record(body.id));
    const trace = el('details');
    trace.append(el('summary', `What claimcheck did (${body.steps.length} steps, ${Math.round(body.timings_ms.total || 0)} ms)`));
    const steps = el('ol', null, 'steps');
    for (const s of body.steps) steps.append(el('li', s));
    trace.append(steps);
    root.append(trace);
    return root;
  }

  const VERDICTS = ['True', 'False', 'Partially True', 'Misleading', 'Not Enough Evidence', 'Not Verifiable'];

  // The answer's record (issue 40): its id, each quote's text as it was read (sha256, archive link)
  // on demand, and a reviewer key's verdict.
  function record(id) {
    const box = el('details', null, 'record');
    box.append(el('summary', `Record ${id}`));
    const quotes = el('div', null, 'snapshots');
    const show = el('button', 'Show the quotes as they were read', 'show-record');
    show.type = 'button';
    show.addEventListener('click', () => {
      show.disabled = true;
      const port = connect('claimcheck:record', { id }, (name, data) => {
        port.disconnect();
        show.disabled = false;
        if (name === 'error') { quotes.replaceChildren(error(data, 'read the record')); return; }
        const list = el('ol', null, 'snapshot-list');
        for (const s of data.record.snapshots) {
          const item = el('li', null, 'snapshot');
          const where = el('div', `read ${s.fetched_at || '?'} · sha256 ${s.sha256.slice(0, 16)}…`, 'muted');
          if (s.archive_url) {
            const link = el('a', 'archived copy', 'archive-link');
            link.href = s.archive_url; link.target = '_blank'; link.rel = 'noopener noreferrer';
            where.append(' · ', link);
          } else {
            where.append(` · ${s.archive_state ? `archive: ${s.archive_state}` : 'not archived'}`);
          }
          item.append(where, el('blockquote', s.text, 'snapshot-text'));
          list.append(item);
        }
        quotes.replaceChildren(el('div', `kept ${data.record.created_at}`, 'muted'), list);
      });
    });
    const select = el('select', null, 'review-verdict');
    select.setAttribute('aria-label', 'your verdict');
    for (const v of VERDICTS) { const o = el('option', v); o.value = v; select.append(o); }
    const note = el('textarea', null, 'review-note');
    note.rows = 2; note.maxLength = 4000;
    note.setAttribute('aria-label', 'why (published with the review)');
    const status = el('div', null, 'muted review-status');
    status.setAttribute('role', 'status');
    const mark = el('button', 'Mark the verdict (reviewer key)', 'review-submit');
    mark.type = 'button';
    mark.addEventListener('click', () => {
      mark.disabled = true;
      const port = connect('claimcheck:review', { id, verdict: select.value, note: note.value }, (name, data) => {
        port.disconnect();
        mark.disabled = false;
        status.replaceChildren(name === 'error'
          ? (data.status === 403 ? el('span', 'Only a reviewer key (REVIEWER_KEYS) can mark a verdict: set one in the options.')
            : error(data, 'save the review'))
          : el('span', `Marked “${data.verdict}” by ${data.reviewer}; the knowledge base learned it.`));
      });
    });
    box.append(show, quotes, select, note, mark, status);
    return box;
  }

  // `action` completes "claimcheck could not …": what was being done.
  function error(data, action = 'check this') {
    const status = data.status ? ` (${data.status})` : '';
    const hint = data.status === 401 ? ' Set the API key in the extension options.' : '';
    const detail = typeof data.detail === 'string' ? data.detail
      : Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join('; ') : '';
    const box = el('div', `claimcheck could not ${action}${status}: ${detail || data.error || 'unknown error'}.${hint}`, 'error');
    box.setAttribute('role', 'alert');
    return box;
  }

  // A claim of a passage that the API did not verify (`result: null`), with its reason.
  function notChecked(claim) {
    const card = el('div', null, 'verdict tone-unknown not-checked');
    card.append(el('h2', 'Not checked', 'verdict-label'), el('p', claim.reason || 'no reason given', 'reason'));
    return card;
  }

  const pct = (x) => (x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`);
  const of100 = (x) => (x === null || x === undefined ? '—' : `${Math.round(x)} / 100`);

  // POST /api/sources/audit: one row per URL, then the aggregate scores.
  function audit(body) {
    const root = el('div', null, 'audit');
    if (!body.urls.length) {
      root.append(el('p', 'The text cites no URL.'));
      return root;
    }
    const table = el('table', null, 'audit-table');
    const head = el('tr');
    for (const name of ['Link', 'Status', 'Domain', 'Authority', 'Freshness', 'Alignment', 'Trust']) {
      const th = el('th', name);
      th.scope = 'col';
      head.append(th);
    }
    table.append(el('thead'), el('tbody'));
    table.tHead.append(head);
    for (const u of body.urls) {
      const row = el('tr', null, 'audit-row');
      const link = el('a', u.url);
      link.href = u.url; link.target = '_blank'; link.rel = 'noopener noreferrer';
      const url = el('td', null, 'url');
      url.append(link);
      const status = el('td', null, 'status');
      status.append(el('span', u.status + (u.http_status ? ` (HTTP ${u.http_status})` : ''), `status-${u.status}`));
      if (u.status !== 'valid' && u.reason) status.append(el('div', u.reason, 'muted'));
      const domain = el('td', u.registered_domain || '—', 'domain');
      domain.append(el('div', `${u.domain.toLowerCase()} · ${u.source_type}`, 'muted'));
      const authority = u.authority_score ?? (100 * (u.authority - 0.25)) / 1.25;  // the 0–100 of Source authority
      row.append(url, status, domain, el('td', `${Math.round(authority)} / 100`, 'num authority'),
        el('td', pct(u.freshness), 'num freshness'),
        el('td', u.alignment === null ? '—' : String(Math.round(u.alignment)), 'num alignment'),
        el('td', pct(u.trust.posterior), 'num trust'));
      table.tBodies[0].append(row);
    }
    const scores = el('dl', null, 'aggregate');
    for (const [name, value, cls] of [
      ['Source authority', of100(body.source_authority_score), 'source-authority'],
      ['URL validity', pct(body.url_validity_rate), 'url-validity'],
      ['Citation alignment', of100(body.citation_alignment), 'citation-alignment'],
      ['Freshness', pct(body.freshness), 'aggregate-freshness']]) {
      scores.append(el('dt', name), el('dd', value, cls));
    }
    root.append(scores, table);  // the scores first: they answer at a glance
    return root;
  }

  // One request through the service worker (operations: claimcheck:verify, :check, :audit); calls
  // onEvent(name, data) for each event it relays. Disconnecting the port cancels the request.
  function connect(operation, input, onEvent) {
    const port = chrome.runtime.connect({ name: operation });
    port.onMessage.addListener((message) => onEvent(message.name, message.data));
    port.postMessage(input);
    return port;
  }

  // Stream one verification; calls onEvent(name, data).
  function verify(claim, onEvent) {
    return connect('claimcheck:verify', { claim }, onEvent);
  }

  const tone = (verdict) => TONE[verdict] || 'unknown';

  return { CSS, el, stepItem, verdict, error, notChecked, audit, connect, verify, tone };
})();
