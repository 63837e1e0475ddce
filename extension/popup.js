// Toolbar popup: type a claim, watch the steps, read the verdict (requests go through the service worker).
'use strict';

const $ = (id) => document.getElementById(id);
let port = null;

function check(event) {
  event.preventDefault();
  if (port) port.disconnect();
  const out = $('out');
  const host = out.shadowRoot || out.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = ClaimcheckView.CSS;
  const view = document.createElement('div');
  view.className = 'cc';
  const status = document.createElement('p');
  status.className = 'muted';
  status.setAttribute('role', 'status');
  status.textContent = 'Checking…';
  const steps = document.createElement('ol');
  steps.className = 'steps';
  view.append(status, steps);
  host.replaceChildren(style, view);
  $('check').disabled = true;
  port = ClaimcheckView.verify($('claim').value, (name, data) => {
    if (name === 'step') steps.append(ClaimcheckView.stepItem(data));
    if (name === 'result') view.replaceChildren(ClaimcheckView.verdict(data));
    if (name === 'error') view.replaceChildren(ClaimcheckView.error(data));
    if (name === 'result' || name === 'error') $('check').disabled = false;
  });
}

// The page actions run in the active tab's content script, which reads its selection and shows the
// result in its overlay; the popup closes to reveal it.
async function onPage(message) {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  try {
    if (!tab || tab.id === undefined) throw new Error('no active tab');
    await chrome.tabs.sendMessage(tab.id, message, { frameId: 0 });
    window.close();
  } catch {
    $('page-status').textContent = 'claimcheck cannot work on this tab: open (or reload) a web page (http or https) first.';
  }
}

document.addEventListener('DOMContentLoaded', async () => {
  $('form').addEventListener('submit', check);
  $('passage').addEventListener('click', () => onPage({ type: 'claimcheck:check-selection' }));
  $('audit').addEventListener('click', () => onPage({ type: 'claimcheck:audit', scope: 'auto' }));
  $('claim').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); $('form').requestSubmit(); }
  });
  const { apiBase = '' } = await chrome.storage.local.get('apiBase');
  if (!apiBase) {
    $('out').textContent = 'Set the claimcheck API address in the options first.';
  }
  $('claim').focus();
});
