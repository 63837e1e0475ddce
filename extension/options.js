// Options: the API address and key, kept in chrome.storage.local; host permission for that
// address only (any previously granted address is released).
'use strict';

const $ = (id) => document.getElementById(id);

function parseAddress(text) {
  const url = new URL(text.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('the address must start with http:// or https://');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

async function save(event) {
  event.preventDefault();
  let apiBase;
  try {
    apiBase = parseAddress($('api').value);
  } catch (err) {
    $('status').textContent = `Not saved: ${err.message}.`;
    $('api').focus();
    return;
  }
  const origin = `${new URL(apiBase).origin}/*`;
  // Asked first, inside the click's user gesture; the answer is awaited after saving.
  const asked = chrome.permissions.request({ origins: [origin] }).catch(() => false);
  await chrome.storage.local.set({ apiBase, apiKey: $('key').value.trim() });
  $('api').value = apiBase;
  $('status').textContent = `Saved: ${apiBase}. Waiting for permission to reach it…`;
  const granted = await asked;
  const { origins = [] } = await chrome.permissions.getAll();
  const stale = origins.filter((o) => o !== origin);
  if (stale.length) await chrome.permissions.remove({ origins: stale });
  $('status').textContent = granted
    ? `Saved: ${apiBase}. Permission granted.`
    : `Saved: ${apiBase}. Permission not granted: requests work only if the server lists this extension in CORS_ORIGINS.`;
}

async function test() {
  $('status').textContent = 'Testing…';
  const answer = await chrome.runtime.sendMessage({ type: 'claimcheck:health' });
  $('status').textContent = answer.ok
    ? `Connected: claimcheck ${answer.body.status}, ${answer.body.kb_size} documents in the knowledge base.`
    : `Could not connect (${answer.status || answer.error}): ${answer.detail}`;
}

document.addEventListener('DOMContentLoaded', async () => {
  // the buttons work at once; the stored values fill only fields nothing was typed into meanwhile
  $('form').addEventListener('submit', save);
  $('test').addEventListener('click', test);
  const { apiBase = '', apiKey = '' } = await chrome.storage.local.get(['apiBase', 'apiKey']);
  if (!$('api').value) $('api').value = apiBase;
  if (!$('key').value) $('key').value = apiKey;
  document.body.dataset.ready = 'true';
});
