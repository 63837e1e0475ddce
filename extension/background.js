// claimcheck service worker: every request to the API is made here, with the address and key
// from the options page (chrome.storage.local). Pages talk to it over a runtime port.

const MENU_ID = 'claimcheck-verify-selection';

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: 'Verify “%s” with claimcheck', contexts: ['selection'] });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_ID && tab && tab.id !== undefined && info.selectionText) {
    chrome.tabs.sendMessage(tab.id, { type: 'claimcheck:verify-selection', claim: info.selectionText });
  }
});

async function apiSettings() {
  const { apiBase = '', apiKey = '' } = await chrome.storage.local.get(['apiBase', 'apiKey']);
  return { apiBase: apiBase.replace(/\/+$/, ''), apiKey };
}

function headers(apiKey, accept) {
  const h = { 'content-type': 'application/json', accept };
  if (apiKey) h['x-api-key'] = apiKey;
  return h;
}

// Read a text/event-stream body; call emit(name, data) for each `event:`/`data:` message.
async function readEvents(response, emit) {
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
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) emit(name, JSON.parse(data));
    }
    if (done) return;
  }
}

async function failure(response) {
  const body = await response.json().catch(() => ({}));
  return { status: response.status, error: body.error || 'http_error', detail: body.detail || response.statusText };
}

async function verify(claim, emit, signal) {
  const { apiBase, apiKey } = await apiSettings();
  if (!apiBase) {
    emit('error', { error: 'not_configured', detail: 'set the claimcheck API address in the extension options' });
    return;
  }
  const response = await fetch(`${apiBase}/api/verify/stream`, {
    method: 'POST', headers: headers(apiKey, 'text/event-stream'), signal,
    body: JSON.stringify({ claim }),
  });
  if (!response.ok) {
    emit('error', await failure(response));
    return;
  }
  let finished = false;
  await readEvents(response, (name, data) => {
    if (name === 'result' || name === 'error') finished = true;
    emit(name, data);
  });
  if (!finished) emit('error', { error: 'interrupted', detail: 'the connection closed before the result arrived' });
}

chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== 'claimcheck:verify') return;
  const controller = new AbortController();
  port.onDisconnect.addListener(() => controller.abort());  // the overlay or popup closed
  port.onMessage.addListener(async ({ claim }) => {
    const emit = (name, data) => port.postMessage({ name, data });
    try {
      await verify(claim, emit, controller.signal);
    } catch (err) {
      if (err.name !== 'AbortError') emit('error', { error: 'request_failed', detail: String(err.message || err) });
    }
  });
});

// The options page's "Test connection": GET /api/health from here, like every other request.
chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  if (message.type !== 'claimcheck:health') return false;
  (async () => {
    const { apiBase, apiKey } = await apiSettings();
    try {
      const response = await fetch(`${apiBase}/api/health`, { headers: headers(apiKey, 'application/json') });
      reply(response.ok ? { ok: true, body: await response.json() } : { ok: false, ...(await failure(response)) });
    } catch (err) {
      reply({ ok: false, error: 'request_failed', detail: String(err.message || err) });
    }
  })();
  return true;  // the reply is sent asynchronously
});
