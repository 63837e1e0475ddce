// Reading text out of the page: the rendered text of a DOM range, with whitespace collapsed the way
// the reader sees it, and for every character of that text the text node and offset it came from
// (so the API's claim offsets can be mapped back onto the page), and the text of a page or a
// selection prepared for the link audit.
'use strict';

var ClaimcheckPageText = (() => {
  // Never read (or later highlight) inside these: not prose, or not ours to touch.
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'SELECT', 'OPTION', 'IFRAME',
    'OBJECT', 'CANVAS', 'SVG', 'MATH', 'CLAIMCHECK-OVERLAY']);
  const AUDIT_MAX_CHARS = 20000;  // POST /api/sources/audit: text ≤ 20,000 characters
  const AUDIT_MAX_URLS = 15;      // the API audits the first 15 distinct URLs of the text
  // The API's URL pattern (agent/audit.py): what it will find in the text we send.
  const URL_RE = /https?:\/\/[^\s<>"'\][{}|\\^`]+/gi;
  const TRAILING = `.,;:!?'"”’»)>]`;

  const isSpace = (c) => c <= ' ' || /\s/.test(c);  // control characters count as spaces: the API refuses them

  // The element whose text starts a new line: the nearest ancestor that is not inline.
  function blockOf(element, cache) {
    for (let el = element; el; el = el.parentElement) {
      let block = cache.get(el);
      if (block === undefined) {
        const display = getComputedStyle(el).display;
        block = !(display.startsWith('inline') || display === 'contents');
        cache.set(el, block);
      }
      if (block) return el;
    }
    return null;
  }

  function visible(element, cache) {
    let seen = cache.get(element);
    if (seen === undefined) {
      seen = element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0;
      cache.set(element, seen);
    }
    return seen;
  }

  // A URL as the API's pattern reads it: characters that would end the match are percent-encoded.
  function auditable(url) {
    return url.replace(/['"<>[\]{}|\\^`\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  }

  /**
   * The rendered text of `range`: whitespace runs collapsed to one space, a line break between
   * blocks and at <br>, hidden elements and scripts/styles left out, trimmed. `nodes[i]`/`offsets[i]`
   * give the text node and offset of the UTF-16 unit text[i] (null for an inserted line break or
   * link). With `links`, each link's address follows its text as " (url)" unless the text shows it
   * already; links to `skipOrigin` are left out. Reading stops after `limit` UTF-16 units
   * (`truncated` says so).
   */
  function capture(range, { links = false, skipOrigin = null, limit = Infinity } = {}) {
    const chars = [];
    const nodes = [];
    const offsets = [];
    const blocks = new Map();
    const shown = new Map();
    let lastSpace = true;  // true at the start: leading whitespace is dropped
    let lastBlock = null;
    let link = null;
    const internalLinks = new Set();
    let truncated = false;

    const push = (c, node, offset) => { chars.push(c); nodes.push(node); offsets.push(offset); };
    const lineBreak = () => {
      if (!chars.length) return;
      if (lastSpace) chars[chars.length - 1] = '\n';
      else { push('\n', null, -1); lastSpace = true; }
    };
    const pushInserted = (text) => {
      for (const c of text) for (let i = 0; i < c.length; i++) push(c[i], null, -1);
      lastSpace = false;
    };
    const closeLink = () => {
      if (!link) return;
      const href = link.href;
      let url = null;
      try { url = new URL(href); } catch { url = null; }
      if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
        if (skipOrigin && url.origin === skipOrigin) internalLinks.add(href.split('#')[0]);
        else if (!link.textContent.includes(href.replace(/\/$/, ''))) pushInserted(` (${auditable(href)})`);
      }
      link = null;
    };

    const root = range.commonAncestorContainer;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.nodeType === Node.ELEMENT_NODE && SKIP.has(node.nodeName.toUpperCase())
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = root; node; node = walker.nextNode()) {
      if (chars.length > limit) { truncated = true; break; }
      if (node.nodeType === Node.ELEMENT_NODE) {
        if (node.nodeName === 'BR' && range.intersectsNode(node)) lineBreak();
        continue;
      }
      if (node.nodeType !== Node.TEXT_NODE) continue;
      if (!range.intersectsNode(node)) {
        if (range.comparePoint(node, 0) > 0) break;  // past the end of the range
        continue;
      }
      const parent = node.parentElement;
      if (!parent || parent.closest('claimcheck-overlay') || !visible(parent, shown)) continue;
      const from = node === range.startContainer ? range.startOffset : 0;
      const to = node === range.endContainer ? range.endOffset : node.data.length;
      if (from >= to) continue;
      if (links) {
        const here = parent.closest('a[href]');
        if (here !== link) closeLink();
        link = here;
      }
      const block = blockOf(parent, blocks);
      if (block !== lastBlock) { lineBreak(); lastBlock = block; }
      const data = node.data;
      for (let i = from; i < to; i++) {
        const c = data[i];
        if (isSpace(c)) {
          if (!lastSpace) { push(' ', node, i); lastSpace = true; }
        } else {
          push(c, node, i);
          lastSpace = false;
        }
      }
    }
    if (links) closeLink();
    while (chars.length && (chars[chars.length - 1] === ' ' || chars[chars.length - 1] === '\n')) {
      chars.pop(); nodes.pop(); offsets.pop();
    }
    return { text: chars.join(''), nodes, offsets: Int32Array.from(offsets), internalLinks: internalLinks.size, truncated };
  }

  // The distinct URLs of a text, in order, as the API extracts them: [{url, start, end}].
  function findUrls(text) {
    const seen = new Set();
    const found = [];
    for (const match of text.matchAll(URL_RE)) {
      let url = match[0];
      while (url && TRAILING.includes(url[url.length - 1])) {
        if (url.endsWith(')') && url.split('(').length >= url.split(')').length) break;
        url = url.slice(0, -1);
      }
      const host = url.split('://')[1].split('/')[0].split(':')[0];
      if (!url || seen.has(url) || !(host.includes('.') || host === 'localhost')) continue;
      seen.add(url);
      found.push({ url, start: match.index, end: match.index + url.length });
    }
    return found;
  }

  /**
   * The text to audit for a range (a selection) or, without one, the whole page: the rendered text
   * with each link's address after it (links within the page's own site are left out for a whole
   * page: navigation, not citations). Cut so that it fits the API's limits: at most 20,000
   * characters, ending soon after the 15th distinct URL. Returns {text, found, more (the page had
   * more text than was read), audited, internal}.
   */
  function forAudit(range) {
    let scope = range;
    if (!scope) {
      scope = document.createRange();
      scope.selectNodeContents(document.body || document.documentElement);
    }
    const read = capture(scope, { links: true, skipOrigin: range ? null : location.origin, limit: 10 * AUDIT_MAX_CHARS });
    const text = read.text;
    const urls = findUrls(text);
    let cut = Math.min(text.length, AUDIT_MAX_CHARS);
    if (urls.length > AUDIT_MAX_URLS) {
      // keep the sentence that cites the 15th URL, and nothing after it
      const last = urls[AUDIT_MAX_URLS - 1].end;
      const rest = text.slice(last, last + 300).search(/[.!?](\s|$)|\n/);
      cut = Math.min(cut, rest < 0 ? last : last + rest + 1);
    }
    const straddling = urls.find((u) => u.start < cut && u.end > cut);
    if (straddling) cut = straddling.start;  // never send half a URL
    if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1])) cut -= 1;  // nor half a character
    const audited = urls.filter((u) => u.end <= cut).length;
    return { text: text.slice(0, cut).trim(), found: urls.length, more: read.truncated,
      audited: Math.min(audited, AUDIT_MAX_URLS), internal: read.internalLinks };
  }

  return { capture, findUrls, forAudit, SKIP };
})();
