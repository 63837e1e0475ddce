// claimcheck service worker: every request to the API is made here, with the address and key
// from the options page (chrome.storage.local). Pages talk to it over a runtime port, one port per
// request: the port's name says which operation, its one message carries the input.

// Context-menu entries and the message each sends to the tab's content script. The passage check
// and the audit read the page's live selection there (the menu's selectionText is flattened text
// without the DOM positions a highlight needs); selectionText is only the fallback.
const MENUS = [
  { id: 'claimcheck-verify-selection', title: 'Verify “%s” with claimcheck', contexts: ['selection'],
    message: (info) => ({ type: 'claimcheck:verify-selection', claim: info.selectionText }) },
  { id: 'claimcheck-check-passage', title: 'Check each claim of the selection', contexts: ['selection'],
    message: (info) => ({ type: 'claimcheck:check-selection', fallbackText: info.selectionText }) },
  { id: 'claimcheck-audit-selection', title: 'Audit the links of the selection', contexts: ['selection'],
    message: () => ({ type: 'claimcheck:audit', scope: 'selection' }) },
  { id: 'claimcheck-audit-page', title: 'Audit the links on this page', contexts: ['page'],
    message: () => ({ type: 'claimcheck:audit', scope: 'page' }) },
];

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    for (const { id, title, contexts } of MENUS) chrome.contextMenus.create({ id, title, contexts });
  });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  const menu = MENUS.find((m) => m.id === info.menuItemId);
  if (menu && tab && tab.id !== undefined) {
    // frameId 0: the content script runs in the top frame only
    chrome.tabs.sendMessage(tab.id, menu.message(info), { frameId: 0 }).catch(() => {
      // No content script in this tab (a chrome:// page, or a tab opened before the extension was
      // installed): nothing on the page can show a result.
    });
  }
});

// Each deadline is a little over the server's own budgets (LLM timeout, search deadline, the
// passage budget, the per-URL fetch timeout), so the server's own answer normally arrives first.
const OPERATIONS = {
  'claimcheck:verify': { path: '/api/verify/stream', stream: true, timeoutS: 150, body: ({ claim }) => ({ claim }) },
  'claimcheck:check': { path: '/api/check/stream', stream: true, timeoutS: 240, body: ({ text }) => ({ text, max_claims: 5 }) },
  'claimcheck:audit': { path: '/api/sources/audit', stream: false, timeoutS: 90, body: ({ text }) => ({ text }) },
  // an answer's record (issue 40): the quotes as they were read; an editor's review with a reviewer key
  'claimcheck:record': { method: 'GET', path: ({ id }) => `/api/verifications/${encodeURIComponent(id)}`, stream: false,
    timeoutS: 20 },
  'claimcheck:review': { path: ({ id }) => `/api/verifications/${encodeURIComponent(id)}/review`, stream: false,
    timeoutS: 30, body: ({ verdict, note }) => ({ verdict, note }) },
};
const HEALTH_TIMEOUT_S = 10;

async function apiSettings() {
  const { apiBase = '', apiKey = '' } = await chrome.storage.local.get(['apiBase', 'apiKey']);
  return { apiBase: apiBase.replace(/\/+$/, ''), apiKey };
}

function headers(apiKey, accept) {
  const h = { 'content-type': 'application/json', accept };
  if (apiKey) h['x-api-key'] = apiKey;
  return h;
}

// An AbortSignal that fires after `seconds` (reason: a TimeoutError) or when `outer` fires.
function deadline(outer, seconds) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${seconds} s`, 'TimeoutError')),
    seconds * 1000);
  const forward = () => controller.abort(outer.reason);
  if (outer) {
    if (outer.aborted) forward();
    else outer.addEventListener('abort', forward, { once: true });
  }
  return {
    signal: controller.signal,
    done: () => { clearTimeout(timer); if (outer) outer.removeEventListener('abort', forward); },
  };
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

// The API's own error body ({error, detail}) with the HTTP status; statusText if it sent none.
async function failure(response) {
  const body = await response.json().catch(() => ({}));
  return { status: response.status, error: body.error || 'http_error', detail: body.detail || response.statusText };
}

// What went wrong when no HTTP answer came back at all.
function unanswered(err, signal, apiBase) {
  if (signal.reason && signal.reason.name === 'TimeoutError') {
    return { error: 'timeout', detail: `the claimcheck API at ${apiBase} sent ${signal.reason.message}` };
  }
  if (err instanceof TypeError) {  // fetch's network failure: refused, DNS, CORS, TLS
    return { error: 'unreachable',
      detail: `could not reach the claimcheck API at ${apiBase} (${err.message}): is it running, and is the address in the options right?` };
  }
  return { error: 'request_failed', detail: String(err.message || err) };
}

// One API call; emits `error`, or for a stream every event it sends (ending with `result` or
// `error`), or for a plain call one `result` with the JSON body.
async function call(operation, input, emit, outer) {
  const { apiBase, apiKey } = await apiSettings();
  if (!apiBase) {
    emit('error', { error: 'not_configured', detail: 'set the claimcheck API address in the extension options' });
    return;
  }
  const { signal, done } = deadline(outer, operation.timeoutS);
  try {
    const path = typeof operation.path === 'function' ? operation.path(input) : operation.path;
    const method = operation.method || 'POST';
    const response = await fetch(`${apiBase}${path}`, {
      method, headers: headers(apiKey, operation.stream ? 'text/event-stream' : 'application/json'), signal,
      body: method === 'POST' ? JSON.stringify(operation.body(input)) : undefined,
    });
    if (!response.ok) {
      emit('error', await failure(response));
      return;
    }
    if (!operation.stream) {
      emit('result', await response.json());
      return;
    }
    let finished = false;
    await readEvents(response, (name, data) => {
      if (name === 'result' || name === 'error') finished = true;
      emit(name, data);
    });
    if (!finished) emit('error', { error: 'interrupted', detail: 'the connection closed before the result arrived' });
  } catch (err) {
    if (!(outer && outer.aborted)) emit('error', unanswered(err, signal, apiBase));  // else: nobody is listening
  } finally {
    done();
  }
}

chrome.runtime.onConnect.addListener((port) => {
  const operation = OPERATIONS[port.name];
  if (!operation) return;
  const controller = new AbortController();
  port.onDisconnect.addListener(() => controller.abort());  // the overlay or popup closed
  port.onMessage.addListener((input) => {
    const emit = (name, data) => { if (!controller.signal.aborted) port.postMessage({ name, data }); };
    call(operation, input, emit, controller.signal);
  });
});

// The options page's "Test connection": GET /api/health from here, like every other request.
chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  if (message.type !== 'claimcheck:health') return false;
  (async () => {
    const { apiBase, apiKey } = await apiSettings();
    const { signal, done } = deadline(null, HEALTH_TIMEOUT_S);
    try {
      const response = await fetch(`${apiBase}/api/health`, { headers: headers(apiKey, 'application/json'), signal });
      reply(response.ok ? { ok: true, body: await response.json() } : { ok: false, ...(await failure(response)) });
    } catch (err) {
      reply({ ok: false, ...unanswered(err, signal, apiBase) });
    } finally {
      done();
    }
  })();
  return true;  // the reply is sent asynchronously
});
