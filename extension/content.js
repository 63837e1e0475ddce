// Content script: a floating "Verify" button on text selection, the passage check (each claim of
// the selection highlighted in its verdict's colour) and the link audit, with their results in one
// overlay. The overlay lives in a shadow root so the page's CSS cannot break it (and it cannot
// break the page).
'use strict';

(() => {
  const MIN_CHARS = 3;
  const MAX_CHARS = 2000;           // POST /api/verify: claim ≤ 2000 characters
  const MAX_PASSAGE_CHARS = 10000;  // POST /api/check: text ≤ 10,000 characters
  let host = null;
  let root = null;
  let button = null;
  let panel = null;
  let port = null;     // the request whose answer the open panel shows (closing the panel cancels it)
  let passage = null;  // the last passage check: its highlights, claims and request (which outlives the panel)

  function ensureRoot() {
    if (root) return root;
    host = document.createElement('claimcheck-overlay');
    host.style.cssText = 'position: fixed; inset: 0 auto auto 0; width: 0; height: 0; z-index: 2147483647;';
    root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = `${ClaimcheckView.CSS}
      .verify-button { position: fixed; background: #0b57d0; color: #fff; border: 0; padding: 4px 12px;
        border-radius: 6px; box-shadow: 0 2px 6px rgba(0,0,0,.3); font: 600 13px/1.4 system-ui, sans-serif; cursor: pointer; }
      .verify-button:focus-visible { outline: 3px solid #1b1b1b; outline-offset: 2px; }
      .panel { position: fixed; top: 16px; right: 16px; width: 380px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px); overflow: auto;
        border: 1px solid #9aa0a6; border-radius: 10px; box-shadow: 0 6px 24px rgba(0,0,0,.25); padding: 12px 14px; }
      .panel.wide { width: 640px; }
      .panel header { display: flex; justify-content: space-between; align-items: center; margin-bottom: 6px; }
      .panel header strong { font-weight: 700; }
      .close, .secondary { background: #fff; border: 1px solid #767676; color: #1b1b1b; padding: 0 8px; }
      .secondary { margin: 6px 6px 0 0; }
      .claim { font-style: italic; margin: 0 0 6px; }`;
    root.append(style);
    document.documentElement.append(host);
    return root;
  }

  // The page's selection as a DOM range, unless it is empty or inside the overlay.
  function selectedRange() {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount) return null;
    if (host && host.contains(selection.anchorNode)) return null;
    return selection.getRangeAt(0);
  }

  function selectedClaim() {
    if (!selectedRange()) return '';
    const text = window.getSelection().toString().replace(/\s+/g, ' ').trim();
    return text.length >= MIN_CHARS && text.length <= MAX_CHARS ? text : '';
  }

  function hideButton() {
    if (button) button.remove();
    button = null;
  }

  function showButton() {
    const claim = selectedClaim();
    if (!claim) { hideButton(); return; }
    const rect = window.getSelection().getRangeAt(0).getBoundingClientRect();
    ensureRoot();
    if (!button) {
      button = document.createElement('button');
      button.className = 'cc verify-button';
      button.type = 'button';
      button.textContent = 'Verify';
      button.setAttribute('aria-label', 'Verify the selected text with claimcheck');
      button.addEventListener('mousedown', (ev) => ev.preventDefault());  // keep the selection
      button.addEventListener('click', () => { const text = selectedClaim() || button.dataset.claim; hideButton(); verify(text); });
      root.append(button);
    }
    button.dataset.claim = claim;
    button.style.left = `${Math.max(4, Math.min(window.innerWidth - 80, rect.right - 60))}px`;
    button.style.top = `${Math.max(4, Math.min(window.innerHeight - 32, rect.bottom + 6))}px`;
  }

  const { el } = ClaimcheckView;

  function closePanel() {
    if (port) port.disconnect();
    port = null;
    if (panel) panel.remove();
    panel = null;
  }

  // A fresh overlay panel (any previous one and its request are closed); returns its body.
  function openPanel(label, { wide = false } = {}) {
    closePanel();
    ensureRoot();
    panel = el('section', null, `cc panel${wide ? ' wide' : ''}`);
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', label);
    const header = el('header');
    const close = el('button', '×', 'close');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', closePanel);
    header.append(el('strong', 'claimcheck'), close);
    const body = el('div', null, 'panel-body');
    panel.append(header, body);
    panel.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') closePanel(); });
    root.append(panel);
    close.focus();
    return body;
  }

  function statusLine(text) {
    const status = el('p', text, 'muted');
    status.setAttribute('role', 'status');
    return status;
  }

  // -- one claim (the Verify button, the context menu, the popup) --------------------------------

  function verify(claim) {
    if (!claim) return;
    const body = openPanel('claimcheck result');
    const steps = el('ol', null, 'steps');
    const out = el('div');
    out.append(statusLine('Checking…'), steps);
    body.append(el('p', `“${claim}”`, 'claim'), out);
    port = ClaimcheckView.verify(claim, (name, data) => {
      if (name === 'step') steps.append(ClaimcheckView.stepItem(data));
      if (name === 'result') out.replaceChildren(ClaimcheckView.verdict(data));
      if (name === 'error') out.replaceChildren(ClaimcheckView.error(data));
    });
  }

  // -- a passage: each claim of the selection, highlighted in the page ---------------------------

  function clearPassage() {
    if (!passage) return;
    if (passage.port) passage.port.disconnect();
    if (passage.highlighter) passage.highlighter.clear();
    passage = null;
  }

  // two atomic claims of one sentence may share its span: the text tells them apart
  const claimKey = (claim) => `${claim.start}:${claim.end}:${claim.text}`;

  function claimTone(claim) {
    return claim.result ? `tone-${ClaimcheckView.tone(claim.result.verdict)}` : 'tone-unchecked';
  }

  // Record a claim of the answer (once) and highlight it in the page if its text is still there.
  function addClaim(session, claim) {
    const key = claimKey(claim);
    if (session.claims.has(key)) return;  // streamed as it was verified, then again in the result
    const verdict = claim.result ? claim.result.verdict : null;
    const entry = { claim, placed: false, why: 'the selection could not be read from the page' };
    session.claims.set(key, entry);
    if (!session.highlighter) return;
    const where = session.highlighter.place(claim.start, claim.end, {
      key,
      tone: verdict ? `cc-v-${ClaimcheckView.tone(verdict)}` : 'cc-unchecked',
      label: verdict ? `${claim.text}: ${verdict}` : `${claim.text}: not checked`,
      title: verdict ? `${verdict} — click for the evidence` : `Not checked: ${claim.reason}`,
      onActivate: () => showClaim(session, key),
    });
    entry.placed = where.placed;
    entry.why = where.why || '';
  }

  function sortedClaims(session) {
    return [...session.claims.values()].sort((a, b) => a.claim.start - b.claim.start);
  }

  // The passage's overview in the overlay: progress, the counts, and every claim (those that could
  // not be highlighted say why); a claim opens its result.
  function showPassage(session) {
    if (session !== passage) return;
    const body = openPanel('claimcheck claims');
    session.panel = panel;
    renderPassage(session, body);
  }

  function renderPassage(session, body) {
    const entries = sortedClaims(session);
    const verified = entries.filter((e) => e.claim.result).length;
    let status;
    if (session.error) status = `Stopped after ${verified} verified claim(s).`;
    else if (session.done) status = `Done: ${verified} claim(s) verified, ${entries.length - verified} not checked.`;
    else status = `Checking each claim of the selection… ${verified} verified so far.`;
    body.append(statusLine(status));
    if (session.error) body.append(ClaimcheckView.error(session.error, 'check the passage'));
    if (session.summary) {
      body.append(el('p', Object.entries(session.summary).map(([k, v]) => `${k}: ${v}`).join(' · '), 'muted summary'));
    }
    if (session.leftOut) {
      body.append(el('p', `${session.leftOut} more check-worthy claim(s) were left out: one check verifies at most ` +
        `${session.maxClaims}. Select less of the page to check them.`, 'muted left-out'));
    }
    if (session.repeated) body.append(el('p', `${session.repeated} repeated sentence(s) were checked once.`, 'muted'));
    const unplaced = entries.filter((e) => !e.placed);
    if (session.done && entries.length && unplaced.length === entries.length) {
      body.append(el('p', 'These claims could not be marked in the page, so they are listed here.', 'muted fallback'));
    }
    const list = el('ol', null, 'claim-list');
    for (const entry of entries) {
      const { claim } = entry;
      const item = el('li');
      const open = el('button', null, `claim-item ${claimTone(claim)}`);
      open.type = 'button';
      open.append(el('strong', claim.result ? claim.result.verdict : 'Not checked'), ` — ${claim.text}`);
      if (!claim.result) open.append(el('div', claim.reason, 'muted reason'));
      if (!entry.placed) open.append(el('div', `Not highlighted: ${entry.why}.`, 'muted unplaced'));
      open.addEventListener('click', () => showClaim(session, claimKey(claim)));
      item.append(open);
      list.append(item);
    }
    body.append(list);
    const marked = session.highlighter && session.highlighter.marks.length;
    if (marked || !(session.done || session.error)) {
      const remove = el('button', marked ? 'Remove the highlights' : 'Stop', 'secondary');
      remove.type = 'button';
      remove.addEventListener('click', () => { clearPassage(); closePanel(); });
      body.append(remove);
    }
  }

  function showClaim(session, key) {
    const entry = session.claims.get(key);
    if (!entry) return;
    const body = openPanel('claimcheck result');
    const back = el('button', '← All claims', 'secondary');
    back.type = 'button';
    back.addEventListener('click', () => showPassage(session));
    body.append(back, el('p', `“${entry.claim.text}”`, 'claim'),
      entry.claim.result ? ClaimcheckView.verdict(entry.claim.result) : ClaimcheckView.notChecked(entry.claim));
  }

  // Redraw the list in place when it is the open panel (no refocus, so typing or reading goes on).
  function refresh(session) {
    if (session === passage && panel && session.panel === panel) {
      const body = panel.querySelector('.panel-body');
      body.replaceChildren();
      renderPassage(session, body);
    }
  }

  function checkSelection(fallbackText) {
    hideButton();
    const range = selectedRange();
    // 2 UTF-16 units per character at most: enough to tell whether the API's limit is passed
    let read = range ? ClaimcheckPageText.capture(range, { limit: 2 * MAX_PASSAGE_CHARS }) : null;
    if (read && !read.text) read = null;  // e.g. a selection inside a text field: no page text to mark
    const text = read ? read.text : (fallbackText || '').replace(/\s+/g, ' ').trim();
    const length = [...text].length;  // the API counts code points
    if (!text || length > MAX_PASSAGE_CHARS || (read && read.truncated)) {
      const body = openPanel('claimcheck claims');
      body.append(ClaimcheckView.error({ error: 'selection', detail: !text ? 'select the passage to check first'
        : `the selection is longer than ${MAX_PASSAGE_CHARS} characters: select less` }, 'check the passage'));
      return;
    }
    clearPassage();
    if (range) window.getSelection().removeAllRanges();  // the highlights show through no selection colour
    const session = { text, highlighter: read ? new ClaimcheckHighlights.Highlighter(read) : null,
      claims: new Map(), done: false, error: null, summary: null, panel: null, port: null };
    passage = session;
    showPassage(session);
    session.port = ClaimcheckView.connect('claimcheck:check', { text }, (name, data) => {
      if (session !== passage) return;
      if (name === 'claim') addClaim(session, data);
      if (name === 'result') {
        for (const claim of data.claims) addClaim(session, claim);
        session.summary = data.summary;
        session.leftOut = data.left_out || 0;
        session.maxClaims = data.max_claims;
        session.repeated = data.repeated || 0;
        session.done = true;
      }
      if (name === 'error') session.error = data;
      if (session.done || session.error) {
        session.port.disconnect();  // finished: let the service worker go
        session.port = null;
      }
      refresh(session);
    });
  }

  // -- the link audit of a selection or of the whole page ----------------------------------------

  function auditLinks(scope) {
    hideButton();
    const range = scope === 'page' ? null : selectedRange();
    const label = 'claimcheck link audit';
    if (scope === 'selection' && !range) {
      openPanel(label).append(ClaimcheckView.error({ error: 'selection', detail: 'select the text whose links to audit first' },
        'audit the links'));
      return;
    }
    const doc = ClaimcheckPageText.forAudit(range);
    const where = range ? 'the selection' : 'this page';
    const body = openPanel(label, { wide: true });
    const notes = [];
    if (doc.found > doc.audited || doc.more) {
      notes.push(`Auditing the first ${doc.audited} of ${doc.more ? 'more than ' : ''}${doc.found} links of ${where} (the API audits at most 15 at a time): select a part of the page to audit the others.`);
    }
    if (doc.internal) notes.push(`${doc.internal} link(s) within this site were left out (navigation, not citations); select them to audit them.`);
    if (!doc.audited) {
      body.append(el('p', `There are no http(s) links in ${where}.`, 'muted'), ...notes.map((n) => el('p', n, 'muted note')));
      return;
    }
    const out = el('div');
    out.append(statusLine(`Auditing ${doc.audited} link(s) of ${where}…`));
    body.append(el('h2', `Links of ${where}`), ...notes.map((n) => el('p', n, 'muted note')), out);
    port = ClaimcheckView.connect('claimcheck:audit', { text: doc.text }, (name, data) => {
      if (name === 'result') out.replaceChildren(statusLine(`Audited ${data.urls.length} link(s).`), ClaimcheckView.audit(data));
      if (name === 'error') out.replaceChildren(ClaimcheckView.error(data, 'audit the links'));
    });
  }

  document.addEventListener('mouseup', (ev) => {
    if (host && ev.composedPath().includes(host)) return;
    setTimeout(showButton, 0);
  });
  document.addEventListener('keyup', (ev) => { if (ev.shiftKey || ev.key === 'Shift') setTimeout(showButton, 0); });
  document.addEventListener('mousedown', (ev) => { if (!host || !ev.composedPath().includes(host)) hideButton(); });

  const ACTIONS = {
    'claimcheck:verify-selection': (message) => verify(message.claim.replace(/\s+/g, ' ').trim().slice(0, MAX_CHARS)),
    'claimcheck:check-selection': (message) => checkSelection(message.fallbackText),
    'claimcheck:audit': (message) => auditLinks(message.scope),
  };
  chrome.runtime.onMessage.addListener((message, _sender, reply) => {
    const action = ACTIONS[message.type];
    if (!action) return;
    action(message);
    reply({ ok: true });  // the sender learns that a page received it (the popup closes then)
  });
})();
