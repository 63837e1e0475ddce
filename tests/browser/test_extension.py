"""The Chrome extension, unpacked into headless Chromium (--headless=new --load-extension): options set
to the test server, the popup verifies a claim, the content script's overlay renders a result for a
selection on a local test page whose hostile CSS must not reach it (shadow DOM)."""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, EXTENSION, EXTENSION_ID, PageErrors

pytestmark = pytest.mark.slow
expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

ARTICLE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>News</title>
<link rel="icon" href="data:,">
<style>* { color: #f0f !important; font-size: 40px !important; letter-spacing: 9px !important; }
button { display: none !important; } section { visibility: hidden !important; }</style></head>
<body><p>Breaking: <span id="claim">The Earth is flat</span>, says a man on the internet.</p></body></html>"""


@pytest.fixture(scope="module")
def article_url():
    """A plain local page (another origin than the API) for the content script to run on."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):  # noqa: N802
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(ARTICLE)))
            self.end_headers()
            self.wfile.write(ARTICLE)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/article.html"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def extension(live_server, tmp_path_factory):
    """Chromium with the unpacked extension; yields (context, extension id)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(CHROMIUM),
            headless=False, viewport={"width": 1000, "height": 800},
            args=["--headless=new", *CHROMIUM_FLAGS, f"--disable-extensions-except={EXTENSION}",
                  f"--load-extension={EXTENSION}"])
        try:
            worker = context.service_workers[0] if context.service_workers else \
                context.wait_for_event("serviceworker", timeout=20_000)
            yield context, worker.url.split("/")[2]
        finally:
            context.close()


def test_the_extension_loads_with_its_fixed_id(extension):
    _, extension_id = extension
    assert extension_id == EXTENSION_ID  # CORS_ORIGINS in the README names this id


def configure(context, extension_id, api_url, errors):
    options = errors.watch(context.new_page())
    options.goto(f"chrome-extension://{extension_id}/options.html")
    options.get_by_label("API address").fill(api_url + "/")
    options.get_by_role("button", name="Save").click()
    status = options.get_by_role("status")
    # Headless Chromium cannot answer the host-permission prompt, so it stays pending here; the
    # requests below work because the server lists the extension's origin in CORS_ORIGINS.
    expect(status).to_have_text(re.compile(r"^Saved: "), timeout=10_000)
    assert options.get_by_label("API address").input_value() == api_url  # normalised
    options.get_by_role("button", name="Test connection").click()
    expect(status).to_have_text(re.compile(r"^Connected: .* documents in the knowledge base"),
                                timeout=15_000)
    return options


def test_options_then_popup_verifies_a_claim(extension, live_server, tmp_path):
    context, extension_id = extension
    errors = PageErrors()
    options = configure(context, extension_id, live_server.url, errors)
    options.screenshot(path=str(tmp_path / "extension-options.png"))
    stored = context.service_workers[0].evaluate("chrome.storage.local.get(['apiBase', 'apiKey'])")
    assert stored == {"apiBase": live_server.url, "apiKey": ""}

    popup = errors.watch(context.new_page())
    popup.set_viewport_size({"width": 400, "height": 640})
    popup.goto(f"chrome-extension://{extension_id}/popup.html")
    popup.get_by_label("Claim to check").fill("The Earth is flat")
    popup.get_by_role("button", name="Check", exact=True).click()
    popup.locator("#out .steps li").first.wait_for(timeout=30_000)  # progress before the verdict
    verdict = popup.locator("#out .verdict-label")
    verdict.wait_for(timeout=60_000)
    assert verdict.inner_text() == "False"
    sources = popup.locator("#out .evidence-item .source").all_inner_texts()
    assert sources and "nasa.gov" in sources[0]
    assert "What claimcheck did" in popup.locator("#out summary").inner_text()
    popup.screenshot(path=str(tmp_path / "extension-popup.png"), full_page=True)
    assert errors == []


def test_selection_button_opens_an_overlay_that_page_css_cannot_touch(extension, live_server,
                                                                      article_url, tmp_path):
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    page = errors.watch(context.new_page())
    page.goto(article_url)
    page.locator("#claim").wait_for()
    # select the claim the way a user does (drag across it), which fires mouseup
    box = page.locator("#claim").bounding_box()
    page.mouse.move(box["x"] + 1, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 1, box["y"] + box["height"] / 2, steps=5)
    page.mouse.up()
    button = page.get_by_role("button", name="Verify the selected text with claimcheck")
    button.wait_for(timeout=10_000)  # visible despite `button { display: none !important }`
    button.click()
    overlay = page.get_by_role("dialog", name="claimcheck result")
    overlay.wait_for(timeout=10_000)  # visible despite `section { visibility: hidden !important }`
    verdict = overlay.locator(".verdict-label")
    verdict.wait_for(timeout=60_000)
    assert verdict.inner_text() == "False"
    assert "The Earth is flat" in overlay.locator(".claim").inner_text()
    assert "nasa.gov" in overlay.locator(".evidence-item .source").first.inner_text()
    style = overlay.locator(".verdict p").evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).fontSize, getComputedStyle(e).letterSpacing]")
    assert style == ["rgb(27, 27, 27)", "14px", "normal"], "the page's CSS leaked into the overlay"
    page.screenshot(path=str(tmp_path / "extension-overlay.png"))
    page.keyboard.press("Escape")
    overlay.wait_for(state="detached", timeout=5_000)
    assert errors == []


def test_the_context_menu_message_opens_the_overlay(extension, live_server, article_url):
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    page = errors.watch(context.new_page())
    page.goto(article_url)
    page.locator("#claim").wait_for()
    # what the context menu's onClicked handler sends to the tab (menus cannot be clicked headless)
    page.bring_to_front()
    context.service_workers[0].evaluate("""async () => {
        const [tab] = await chrome.tabs.query({active: true, lastFocusedWindow: true});
        await chrome.tabs.sendMessage(tab.id, {type: 'claimcheck:verify-selection', claim: '  The Earth\\n is flat '});
    }""")
    overlay = page.get_by_role("dialog", name="claimcheck result")
    overlay.locator(".verdict-label").wait_for(timeout=60_000)
    assert overlay.locator(".claim").inner_text() == "“The Earth is flat”"
    assert errors == []


# -- issue 12: each claim of a selected passage, highlighted in the page -------------------------

# Hostile CSS again: it tries to hide and recolour the highlights themselves. The selection spans
# two paragraphs, claims cross <b>/<em> boundaries, whitespace runs and a hidden span sit inside,
# and an emoji before a claim shifts UTF-16 offsets against the API's code-point offsets.
PASSAGE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Passage</title>
<link rel="icon" href="data:,">
<style>* { background: #ff0 !important; border: 0 !important; color: #f0f !important; }
claimcheck-mark { display: none !important; background: none !important; }</style></head>
<body><article id="article">
<p id="p1">Apollo 11 landed on the <b>Moon</b> in
      1969. I think pizza is the best food.<span style="display:none"> HIDDEN TEXT.</span></p>
<p id="p2">\U0001F30D <em>The Earth</em> is flat, says a man. The Great Wall of China is visible from space.</p>
</article><p id="after">Not part of the selection.</p></body></html>"""

# claim text as it reads in the page → (highlight class, number of text nodes it spans)
EXPECTED_MARKS = {
    "Apollo 11 landed on the Moon in 1969": ("cc-v-true", 3),
    "I think pizza is the best food.": ("cc-unchecked", 1),
    "The Earth is flat": ("cc-v-false", 2),
    "The Great Wall of China is visible from space": ("cc-v-partial", 1),
}


@pytest.fixture(scope="module")
def site():
    """Local pages for the content script (another origin than the API and the cited pages)."""
    from tests.fakes.pages import FakePages

    with FakePages({"/passage": (200, PASSAGE_PAGE)}) as pages:
        yield pages


def send_to_tab(context, page, message: dict):
    """What a context-menu entry (or the popup) sends to the active tab's content script: menus
    cannot be clicked in headless Chromium."""
    page.bring_to_front()
    context.service_workers[0].evaluate("""async (message) => {
        const [tab] = await chrome.tabs.query({active: true, lastFocusedWindow: true});
        await chrome.tabs.sendMessage(tab.id, message);
    }""", message)


def select_paragraphs(page, first: str, last: str):
    page.evaluate("""([first, last]) => {
        const range = document.createRange();
        range.setStart(document.getElementById(first), 0);
        const end = document.getElementById(last);
        range.setEnd(end, end.childNodes.length);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
    }""", [first, last])


def marks_by_claim(page) -> dict[str, tuple[str, int, str]]:
    """The highlights in the page: claim text (its pieces joined) → (classes, pieces, tooltip)."""
    groups = page.evaluate("""() => {
        const groups = {};
        for (const mark of document.querySelectorAll('claimcheck-mark')) {
            const g = groups[mark.dataset.claim] ||= {text: '', classes: mark.className, pieces: 0, title: mark.title};
            g.text += mark.textContent; g.pieces += 1;
        }
        return Object.values(groups);
    }""")
    return {re.sub(r"\s+", " ", g["text"]).strip(): (g["classes"], g["pieces"], g["title"]) for g in groups}


def test_a_selected_passage_is_highlighted_claim_by_claim(extension, live_server, site, tmp_path):
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    page = errors.watch(context.new_page())
    page.goto(site.url + "/passage")
    original = page.locator("#article").text_content()
    select_paragraphs(page, "p1", "p2")
    send_to_tab(context, page, {"type": "claimcheck:check-selection"})
    overlay = page.get_by_role("dialog", name="claimcheck claims")
    expect(overlay.get_by_role("status")).to_have_text(re.compile(r"^Done: 3 claim\(s\) verified, 1 not checked"),
                                                       timeout=90_000)

    marks = marks_by_claim(page)
    assert {text: (classes.split()[-1], pieces) for text, (classes, pieces, _) in marks.items()} == EXPECTED_MARKS
    assert "an opinion" in marks["I think pizza is the best food."][2]
    assert page.locator("#after claimcheck-mark").count() == 0
    assert page.locator("#article").text_content() == original  # wrapped, not rewritten
    # what was sent: the rendered text (the hidden span left out, whitespace collapsed, a line
    # break between the paragraphs), as the decomposition prompt received it
    prompts = [r["messages"][-1]["content"] for r in live_server.llm.requests
               if "atomic factual claims" in r["messages"][0]["content"]]
    assert "1. Apollo 11 landed on the Moon in 1969.\n2. I think pizza is the best food.\n" \
           "3. \U0001F30D The Earth is flat, says a man." in prompts[-1]
    assert "HIDDEN" not in prompts[-1]
    # the verdict colours survive `* { background: … !important }` and `display: none !important`
    false_mark = page.locator("claimcheck-mark.cc-v-false").first
    assert false_mark.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).display]") == \
        ["rgb(252, 232, 230)", "inline"]
    page.screenshot(path=str(tmp_path / "extension-passage.png"))

    false_mark.click()
    result = page.get_by_role("dialog", name="claimcheck result")
    expect(result.locator(".verdict-label")).to_have_text("False", timeout=5_000)
    assert result.locator(".claim").inner_text() == "“The Earth is flat”"
    assert "nasa.gov" in result.locator(".evidence-item .source").first.inner_text()
    page.locator("claimcheck-mark.cc-unchecked").click()
    expect(result.locator(".verdict-label")).to_have_text("Not checked")
    assert "opinion" in result.locator(".reason").inner_text()
    # keyboard: a claim's first piece is a tab stop that opens it
    page.locator("claimcheck-mark.cc-v-true").first.focus()
    page.keyboard.press("Enter")
    expect(result.locator(".verdict-label")).to_have_text("True")

    result.get_by_role("button", name="← All claims").click()
    overlay.get_by_role("button", name="Remove the highlights").click()
    assert page.locator("claimcheck-mark").count() == 0
    assert page.locator("#article").text_content() == original
    assert errors == []


def test_claims_the_page_no_longer_holds_are_listed_not_highlighted(extension, live_server, site):
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    page = errors.watch(context.new_page())
    page.goto(site.url + "/passage")
    select_paragraphs(page, "p1", "p2")
    send_to_tab(context, page, {"type": "claimcheck:check-selection"})
    # the page re-renders the second paragraph (same text, new nodes) while the claims are checked
    page.evaluate("() => { const p = document.getElementById('p2'); p.innerHTML = p.innerHTML; }")
    before = page.locator("#article").text_content()
    overlay = page.get_by_role("dialog", name="claimcheck claims")
    expect(overlay.get_by_role("status")).to_have_text(re.compile(r"^Done: "), timeout=90_000)
    assert set(marks_by_claim(page)) == {"Apollo 11 landed on the Moon in 1969", "I think pizza is the best food."}
    assert page.locator("#p2 claimcheck-mark").count() == 0
    assert page.locator("#article").text_content() == before
    unplaced = overlay.locator(".claim-item", has=page.locator(".unplaced"))
    assert sorted(unplaced.locator("strong").all_inner_texts()) == ["False", "Misleading"]
    assert "the page changed after the selection was read" in unplaced.first.inner_text()
    unplaced.filter(has_text="The Earth is flat").click()
    result = page.get_by_role("dialog", name="claimcheck result")
    expect(result.locator(".verdict-label")).to_have_text("False")
    result.get_by_role("button", name="← All claims").click()
    overlay.get_by_role("button", name="Remove the highlights").click()

    # no selection in the page (the menu's text came from a frame): every claim is listed
    page.evaluate("getSelection().removeAllRanges()")
    send_to_tab(context, page, {"type": "claimcheck:check-selection",
                                "fallbackText": "Apollo 11 landed on the Moon\n in 1969.  I think pizza is the best food."})
    expect(overlay.get_by_role("status")).to_have_text(re.compile(r"^Done: 1 claim\(s\) verified, 1 not checked"),
                                                       timeout=90_000)
    assert overlay.locator(".fallback").inner_text().startswith("These claims could not be marked in the page")
    assert overlay.locator(".claim-item strong").all_inner_texts() == ["True", "Not checked"]
    assert page.locator("claimcheck-mark").count() == 0
    assert errors == []
