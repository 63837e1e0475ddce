// Toolbar popup: type a claim, watch the steps, read the verdict (requests go through the service worker).
'use strict';

const $ = (id) => document.getElementById(id);
let port = null;

// One claim is at most CLAIM_LIMIT characters (the API's limit); a longer text is checked as a passage.
const CLAIM_LIMIT = 2000;
const length = () => [...$('claim').value].length;  // the API counts code points

function updateCounter() {
  const counter = $('counter');
  const over = length() > CLAIM_LIMIT;
  counter.classList.toggle('over', over);
  counter.replaceChildren(`${length().toLocaleString('en')} / ${CLAIM_LIMIT.toLocaleString('en')} characters`);
  if (over) {
    const offer = document.createElement('button');
    offer.type = 'button';
    offer.id = 'as-passage';
    offer.textContent = 'Check it as a passage instead';
    offer.addEventListener('click', checkPassage);
    counter.append(' — longer than one claim.', offer);
  }
}

function outputView() {
  const out = $('out');
  const host = out.shadowRoot || out.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = ClaimcheckView.CSS;
  const view = document.createElement('div');
  view.className = 'cc';
  host.replaceChildren(style, view);
  return view;
}

// A text over the claim limit: its check-worthy claims, each verified (POST /api/check).
function checkPassage() {
  if (port) port.disconnect();
  const view = outputView();
  const status = ClaimcheckView.el('p', 'Checking each claim of the text…', 'muted');
  status.setAttribute('role', 'status');
  view.append(status);
  $('check').disabled = true;
  port = ClaimcheckView.connect('claimcheck:check', { text: $('claim').value }, (name, data) => {
    if (name === 'result') {
      const checked = data.claims.filter((c) => c.result && !c.reason.startsWith('repeats'));
      const told = [`${checked.length} claim(s) checked`];
      if (data.left_out) told.push(`${data.left_out} more left out (at most ${data.max_claims} per check)`);
      if (data.repeated) told.push(`${data.repeated} repeated sentence(s) checked once`);
      view.replaceChildren(ClaimcheckView.el('p', `${told.join('; ')}.`, 'muted passage-told'));
      for (const claim of checked) view.append(ClaimcheckView.verdict(claim.result, 1));
    }
    if (name === 'error') view.replaceChildren(ClaimcheckView.error(data, 'check the text'));
    if (name === 'result' || name === 'error') $('check').disabled = false;
  });
}

function check(event) {
  event.preventDefault();
  if (length() > CLAIM_LIMIT) { checkPassage(); return; }
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
  $('claim').addEventListener('input', updateCounter);
  updateCounter();
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
