// Content script: a floating "Verify" button on text selection and a result overlay, both inside a
// shadow root so the page's CSS cannot break them (and they cannot break the page).
'use strict';

(() => {
  const MIN_CHARS = 3;
  const MAX_CHARS = 2000;
  let host = null;
  let root = null;
  let button = null;
  let panel = null;
  let port = null;

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
      .panel { position: fixed; top: 16px; right: 16px; width: 380px; max-height: calc(100vh - 32px); overflow: auto;
        border: 1px solid #9aa0a6; border-radius: 10px; box-shadow: 0 6px 24px rgba(0,0,0,.25); padding: 12px 14px; }
      .panel header { display: flex; justify-content: space-between; align-items: center; margin-bottom: 6px; }
      .panel header strong { font-weight: 700; }
      .close { background: #fff; border: 1px solid #767676; color: #1b1b1b; padding: 0 8px; }
      .claim { font-style: italic; margin: 0 0 6px; }`;
    root.append(style);
    document.documentElement.append(host);
    return root;
  }

  function selectedClaim() {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed) return '';
    if (host && host.contains(selection.anchorNode)) return '';
    const text = selection.toString().replace(/\s+/g, ' ').trim();
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

  function closePanel() {
    if (port) port.disconnect();
    port = null;
    if (panel) panel.remove();
    panel = null;
  }

  function verify(claim) {
    if (!claim) return;
    closePanel();
    ensureRoot();
    panel = document.createElement('section');
    panel.className = 'cc panel';
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', 'claimcheck result');
    const header = document.createElement('header');
    const title = document.createElement('strong');
    title.textContent = 'claimcheck';
    const close = document.createElement('button');
    close.className = 'close';
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', closePanel);
    header.append(title, close);
    const quoted = document.createElement('p');
    quoted.className = 'claim';
    quoted.textContent = `“${claim}”`;
    const body = document.createElement('div');
    const status = document.createElement('p');
    status.className = 'muted';
    status.setAttribute('role', 'status');
    status.textContent = 'Checking…';
    const steps = document.createElement('ol');
    steps.className = 'steps';
    body.append(status, steps);
    panel.append(header, quoted, body);
    panel.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') closePanel(); });
    root.append(panel);
    close.focus();
    port = ClaimcheckView.verify(claim, (name, data) => {
      if (name === 'step') steps.append(ClaimcheckView.stepItem(data));
      if (name === 'result') body.replaceChildren(ClaimcheckView.verdict(data));
      if (name === 'error') body.replaceChildren(ClaimcheckView.error(data));
    });
  }

  document.addEventListener('mouseup', (ev) => {
    if (host && ev.composedPath().includes(host)) return;
    setTimeout(showButton, 0);
  });
  document.addEventListener('keyup', (ev) => { if (ev.shiftKey || ev.key === 'Shift') setTimeout(showButton, 0); });
  document.addEventListener('mousedown', (ev) => { if (!host || !ev.composedPath().includes(host)) hideButton(); });

  chrome.runtime.onMessage.addListener((message) => {
    if (message.type === 'claimcheck:verify-selection') verify(message.claim.replace(/\s+/g, ' ').trim().slice(0, MAX_CHARS));
  });
})();
