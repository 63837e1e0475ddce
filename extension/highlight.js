// Highlights of a passage's claims in the page. A claim's span of the captured text (see
// pagetext.js) is wrapped text node by text node in <claimcheck-mark> elements whose colours live in
// their own shadow root, so the page's CSS can neither hide nor recolour them. Before anything is
// wrapped, every character of the span is checked against the live DOM: a claim whose text is no
// longer where it was read (the page changed), or sits in an editable area, is left alone and the
// caller lists it instead. Clearing unwraps the marks and leaves the page's text as it was.
'use strict';

var ClaimcheckHighlights = (() => {
  // The try-it page's colours (app/static/app.css .claim-mark), !important inside the shadow root:
  // an inner !important beats the page's own !important.
  const STYLE = `
    :host { display: inline !important; visibility: visible !important; cursor: pointer !important;
      margin: 0 !important; padding: 0 !important; border: 0 !important; border-radius: 0 !important;
      border-bottom: 3px solid #80868b !important; background: #f1f3f4 !important; opacity: 1 !important; }
    :host(.cc-v-false) { border-bottom-color: #c5221f !important; background: #fce8e6 !important; }
    :host(.cc-v-true) { border-bottom-color: #137333 !important; background: #e6f4ea !important; }
    :host(.cc-v-partial) { border-bottom-color: #b06000 !important; background: #fef7e0 !important; }
    :host(.cc-unchecked) { border-bottom: 2px dashed #80868b !important; background: transparent !important; }
    :host(:focus-visible) { outline: 3px solid #0b57d0 !important; outline-offset: 1px !important; }`;
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  const isSpace = (c) => c <= ' ' || /\s/.test(c);

  // UTF-16 index of each code point of `text` (the API counts code points, as Python does), plus the end.
  function codeUnits(text) {
    const index = [];
    let at = 0;
    for (const c of text) { index.push(at); at += c.length; }
    index.push(at);
    return index;
  }

  class Highlighter {
    /** `read` is a ClaimcheckPageText.capture() of the text that was sent to the API. */
    constructor(read) {
      this.text = read.text;
      this.nodes = read.nodes.slice();
      this.offsets = read.offsets.slice();
      this.units = codeUnits(read.text);
      this.taken = new Uint8Array(read.text.length);
      this.marks = [];
    }

    /**
     * Wrap text[start:end] (code-point offsets from the API). `look` = {key, tone, label, title,
     * onActivate}. Returns {placed: true, marks} or {placed: false, why}.
     */
    place(start, end, look) {
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end < this.units.length)) {
        return { placed: false, why: 'its offsets are outside the text that was sent' };
      }
      let a = this.units[start];
      let b = this.units[end];
      while (a < b && isSpace(this.text[a])) a++;
      while (b > a && isSpace(this.text[b - 1])) b--;
      const segments = [];
      for (let i = a; i < b; i++) {
        if (this.taken[i]) return { placed: false, why: 'it overlaps a claim already highlighted' };
        const node = this.nodes[i];
        if (!node) continue;  // a line break between blocks: nothing in the page to wrap
        const parent = node.parentElement;
        const c = node.isConnected ? node.data[this.offsets[i]] : undefined;
        const same = c !== undefined && (this.text[i] === ' ' || this.text[i] === '\n' ? isSpace(c) : c === this.text[i]);
        if (!same || !parent) return { placed: false, why: 'the page changed after the selection was read' };
        if (parent.namespaceURI !== HTML_NS || parent.isContentEditable) {
          return { placed: false, why: 'it is in a part of the page that cannot be marked' };
        }
        // one segment per text node: a gap in its offsets is a collapsed run of whitespace, wrapped too
        const last = segments[segments.length - 1];
        if (last && last.node === node) last.to = this.offsets[i] + 1;
        else segments.push({ node, from: this.offsets[i], to: this.offsets[i] + 1, hasText: false });
        if (!isSpace(c)) segments[segments.length - 1].hasText = true;
      }
      const wrapped = segments.filter((s) => s.hasText);
      if (!wrapped.length) return { placed: false, why: 'its text is not in the page' };
      const marks = wrapped.map((s) => this.wrap(s.node, s.from, s.to, look));
      this.taken.fill(1, a, b);
      marks[0].tabIndex = 0;  // one tab stop per claim, on its first piece
      marks[0].setAttribute('role', 'button');
      marks[0].setAttribute('aria-label', look.label);
      this.marks.push(...marks);
      return { placed: true, marks };
    }

    // Split `node` around [from, to) and wrap the middle; keep the character map pointing at the
    // nodes the characters now live in.
    wrap(node, from, to, look) {
      if (to < node.data.length) this.moved(node, to, node.splitText(to));
      let middle = node;
      if (from > 0) {
        middle = node.splitText(from);
        this.moved(node, from, middle);
      }
      const mark = document.createElement('claimcheck-mark');
      mark.className = `cc-mark ${look.tone}`;
      mark.title = look.title;
      mark.dataset.claim = look.key;  // the pieces of one claim share it
      const shadow = mark.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = STYLE;
      shadow.append(style, document.createElement('slot'));
      mark.addEventListener('click', (ev) => { ev.preventDefault(); ev.stopPropagation(); look.onActivate(); });
      mark.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); look.onActivate(); }
      });
      middle.parentNode.insertBefore(mark, middle);
      mark.append(middle);
      return mark;
    }

    // Characters of `node` from `at` on now live in `tail`, shifted by `at`.
    moved(node, at, tail) {
      for (let i = 0; i < this.nodes.length; i++) {
        if (this.nodes[i] === node && this.offsets[i] >= at) {
          this.nodes[i] = tail;
          this.offsets[i] -= at;
        }
      }
    }

    /** Unwrap every mark: the page's text nodes go back where they were (split, same text). */
    clear() {
      for (const mark of this.marks) if (mark.isConnected) mark.replaceWith(...mark.childNodes);
      this.marks = [];
    }
  }

  return { Highlighter, codeUnits };
})();
