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
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=False,
            viewport={"width": 1000, "height": 800},
            args=[
                "--headless=new",
                *CHROMIUM_FLAGS,
                f"--disable-extensions-except={EXTENSION}",
                f"--load-extension={EXTENSION}",
            ],
        )
        try:
            worker = (
                context.service_workers[0]
                if context.service_workers
                else context.wait_for_event("serviceworker", timeout=20_000)
            )
            yield context, worker.url.split("/")[2]
        finally:
            context.close()


def test_the_extension_loads_with_its_fixed_id(extension):
    _, extension_id = extension
    assert extension_id == EXTENSION_ID  # CORS_ORIGINS in docs/clients.md names this id


def configure(context, extension_id, api_url, errors):
    options = errors.watch(context.new_page())
    options.goto(f"chrome-extension://{extension_id}/options.html")
    # the stored values loaded (ci-18: on a busy machine they arrived after the fill and the click)
    options.wait_for_selector("body[data-ready='true']")
    options.get_by_label("API address").fill(api_url + "/")
    options.get_by_role("button", name="Save").click()
    status = options.get_by_role("status")
    # Headless Chromium cannot answer the host-permission prompt, so it stays pending here; the
    # requests below work because the server lists the extension's origin in CORS_ORIGINS.
    expect(status).to_have_text(re.compile(r"^Saved: "), timeout=10_000)
    assert options.get_by_label("API address").input_value() == api_url  # normalised
    options.get_by_role("button", name="Test connection").click()
    expect(status).to_have_text(
        re.compile(r"^Connected: .* documents in the knowledge base"), timeout=15_000
    )
    return options


def configured_page(extension, live_server, url: str):
    """The extension set to the live server (options page closed again), then a new tab at `url`:
    (context, page, errors), `errors` watching both pages."""
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    page = errors.watch(context.new_page())
    page.goto(url)
    return context, page, errors


def send_to_tab(context, page, message: dict):
    """What a context-menu entry (or the popup) sends to the active tab's content script: menus
    cannot be clicked in headless Chromium."""
    page.bring_to_front()
    context.service_workers[0].evaluate(
        """async (message) => {
        const [tab] = await chrome.tabs.query({active: true, lastFocusedWindow: true});
        await chrome.tabs.sendMessage(tab.id, message);
    }""",
        message,
    )


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
    # wait on the answer itself: the live progress list may already be folded away when it comes
    verdict = popup.locator("#out .verdict-label")
    verdict.wait_for(timeout=60_000)
    assert verdict.inner_text() == "False"
    # issue 37: the claim restated, why in one plain sentence, no engine on the card
    assert popup.locator("#out .claim-restated").inner_text() == "Claim: “The Earth is flat”"
    assert (
        popup.locator("#out .plain-summary")
        .inner_text()
        .startswith("False: the evidence contradicts this claim")
    )
    card = popup.locator("#out .verdict").inner_text()
    assert "engine" not in card and "grounding" not in card and "FACTUAL" not in card, card
    assert popup.locator("#out .how-checked summary").inner_text() == "How this was checked"
    assert popup.locator("#out .steps li").count() >= 2  # the steps are kept with the answer
    sources = popup.locator("#out .evidence-item .source").all_inner_texts()
    assert sources and "nasa.gov" in sources[0]
    assert "What claimcheck did" in popup.locator("#out summary").last.inner_text()
    popup.screenshot(path=str(tmp_path / "extension-popup.png"), full_page=True)
    assert errors == []


def test_the_popup_counts_characters_and_checks_a_long_text_as_a_passage(
    extension, live_server, tmp_path
):
    """Issue 37: the popup's field cut a paste at 2,000 characters without a word; now it counts, and
    past the limit of one claim it offers (and the Check button runs) the passage check."""
    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    popup = errors.watch(context.new_page())
    popup.set_viewport_size({"width": 400, "height": 640})
    popup.goto(f"chrome-extension://{extension_id}/popup.html")
    field = popup.get_by_label("Claim to check")
    field.fill("The Earth is flat")
    assert popup.locator("#counter").inner_text() == "17 / 2,000 characters"
    sentence = "The Earth is flat, say a few people who have never looked at a photograph of it from orbit. "
    text = (sentence * 25).strip()
    field.fill(text)
    counter = popup.locator("#counter")
    assert counter.inner_text().startswith(
        f"{len(text):,} / 2,000 characters — longer than one claim."
    )
    assert field.input_value() == text  # nothing cut
    popup.screenshot(path=str(tmp_path / "extension-counter.png"), full_page=True)
    popup.get_by_role("button", name="Check it as a passage instead").click()
    told = popup.locator("#out .passage-told")
    told.wait_for(timeout=90_000)
    assert told.inner_text() == "1 claim(s) checked; 24 repeated sentence(s) checked once."
    assert popup.locator("#out .verdict-label").all_inner_texts() == ["False"]
    assert errors == []


def test_selection_button_opens_an_overlay_that_page_css_cannot_touch(
    extension, live_server, article_url, tmp_path
):
    context, page, errors = configured_page(extension, live_server, article_url)
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
        "e => [getComputedStyle(e).color, getComputedStyle(e).fontSize, getComputedStyle(e).letterSpacing]"
    )
    assert style == ["rgb(27, 27, 27)", "14px", "normal"], "the page's CSS leaked into the overlay"
    page.screenshot(path=str(tmp_path / "extension-overlay.png"))
    page.keyboard.press("Escape")
    overlay.wait_for(state="detached", timeout=5_000)
    assert errors == []


def test_the_context_menu_message_opens_the_overlay(extension, live_server, article_url):
    context, page, errors = configured_page(extension, live_server, article_url)
    page.locator("#claim").wait_for()
    # what the context menu's onClicked handler sends to the tab
    send_to_tab(
        context, page, {"type": "claimcheck:verify-selection", "claim": "  The Earth\n is flat "}
    )
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
<p id="p2">\U0001f30d <em>The Earth</em> is flat, says a man. The Great Wall of China is visible from space.</p>
</article><p id="after">Not part of the selection.</p></body></html>"""

LINKS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title>
<link rel="icon" href="data:,"></head><body><p>Vaccines do not cause autism, says
<a href="https://www.who.int/news-room/fact-sheets/detail/autism">the WHO</a>.</p></body></html>"""

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

    with FakePages({"/passage": (200, PASSAGE_PAGE), "/links": (200, LINKS_PAGE)}) as pages:
        yield pages


def select_paragraphs(page, first: str, last: str):
    page.evaluate(
        """([first, last]) => {
        const range = document.createRange();
        range.setStart(document.getElementById(first), 0);
        const end = document.getElementById(last);
        range.setEnd(end, end.childNodes.length);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
    }""",
        [first, last],
    )


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
    return {
        re.sub(r"\s+", " ", g["text"]).strip(): (g["classes"], g["pieces"], g["title"])
        for g in groups
    }


def test_a_selected_passage_is_highlighted_claim_by_claim(extension, live_server, site, tmp_path):
    context, page, errors = configured_page(extension, live_server, site.url + "/passage")
    original = page.locator("#article").text_content()
    select_paragraphs(page, "p1", "p2")
    send_to_tab(context, page, {"type": "claimcheck:check-selection"})
    overlay = page.get_by_role("dialog", name="claimcheck claims")
    expect(overlay.get_by_role("status")).to_have_text(
        re.compile(r"^Done: 3 claim\(s\) verified, 1 not checked"), timeout=90_000
    )

    marks = marks_by_claim(page)
    assert {
        text: (classes.split()[-1], pieces) for text, (classes, pieces, _) in marks.items()
    } == EXPECTED_MARKS
    assert "an opinion" in marks["I think pizza is the best food."][2]
    assert page.locator("#after claimcheck-mark").count() == 0
    assert page.locator("#article").text_content() == original  # wrapped, not rewritten
    # what was sent: the rendered text (the hidden span left out, whitespace collapsed, a line
    # break between the paragraphs), as the decomposition prompt received it
    prompts = [
        r["messages"][-1]["content"]
        for r in live_server.llm.requests
        if "atomic factual claims" in r["messages"][0]["content"]
    ]
    assert (
        "1. Apollo 11 landed on the Moon in 1969.\n2. I think pizza is the best food.\n"
        "3. \U0001f30d The Earth is flat, says a man." in prompts[-1]
    )
    assert "HIDDEN" not in prompts[-1]
    # the verdict colours survive `* { background: … !important }` and `display: none !important`
    false_mark = page.locator("claimcheck-mark.cc-v-false").first
    assert false_mark.evaluate(
        "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).display]"
    ) == ["rgb(252, 232, 230)", "inline"]
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
    context, page, errors = configured_page(extension, live_server, site.url + "/passage")
    select_paragraphs(page, "p1", "p2")
    send_to_tab(context, page, {"type": "claimcheck:check-selection"})
    # the page re-renders the second paragraph (same text, new nodes) while the claims are checked
    page.evaluate("() => { const p = document.getElementById('p2'); p.innerHTML = p.innerHTML; }")
    before = page.locator("#article").text_content()
    overlay = page.get_by_role("dialog", name="claimcheck claims")
    expect(overlay.get_by_role("status")).to_have_text(re.compile(r"^Done: "), timeout=90_000)
    assert set(marks_by_claim(page)) == {
        "Apollo 11 landed on the Moon in 1969",
        "I think pizza is the best food.",
    }
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
    send_to_tab(
        context,
        page,
        {
            "type": "claimcheck:check-selection",
            "fallbackText": "Apollo 11 landed on the Moon\n in 1969.  I think pizza is the best food.",
        },
    )
    expect(overlay.get_by_role("status")).to_have_text(
        re.compile(r"^Done: 1 claim\(s\) verified, 1 not checked"), timeout=90_000
    )
    assert (
        overlay.locator(".fallback")
        .inner_text()
        .startswith("These claims could not be marked in the page")
    )
    assert overlay.locator(".claim-item strong").all_inner_texts() == ["True", "Not checked"]
    assert page.locator("claimcheck-mark").count() == 0
    assert errors == []


# -- issue 13: audit the links of a page ---------------------------------------------------------

CITED = """<html><head><title>Fluoridation</title>
<meta property="article:published_time" content="2024-05-02T10:00:00Z"></head><body><article>
<h1>Community water fluoridation</h1>
<p>Community water fluoridation is safe and effective at preventing tooth decay in children and
adults. Decades of research show that fluoride in drinking water reduces cavities by about 25 percent.</p>
</article></body></html>"""


def audit_page(cited: str, closed: int) -> str:
    """An article whose citations are links (hrefs not in the visible text), one URL written out
    in the text, a link within the site itself, and 14 further-reading links: 18 to audit."""
    further = "".join(f'<li><a href="{cited}/p{n}">Further reading {n}</a></li>' for n in range(14))
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Audit</title>
<link rel="icon" href="data:,"><style>* {{ color: #f0f !important; font-size: 30px !important; }}</style></head>
<body><nav><a href="/about">About us</a></nav><main>
<p>Fluoridated water is safe and prevents tooth decay, says <a href="{cited}/fluoride">the health agency</a>.</p>
<p>A study is cited as {cited}/missing in the text only.</p>
<p>Cloud metadata <a href="http://169.254.169.254/latest/meta-data/">lives here</a>. Nothing listens at
<a href="http://127.0.0.1:{closed}/x">this server</a>.</p>
<ul>{further}</ul></main></body></html>"""


def test_audit_the_links_of_a_page(extension, live_server, tmp_path):
    from tests.app.test_processes import free_port
    from tests.fakes.pages import FakePages

    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    routes = {"/fluoride": (200, CITED), **{f"/p{n}": (200, CITED) for n in range(14)}}
    with FakePages(routes) as cited:
        closed = free_port()
        with FakePages({"/article": (200, audit_page(cited.url, closed))}) as site:
            page = errors.watch(context.new_page())
            page.goto(site.url + "/article")
            send_to_tab(context, page, {"type": "claimcheck:audit", "scope": "page"})
            overlay = page.get_by_role("dialog", name="claimcheck link audit")
            expect(overlay.get_by_role("status")).to_have_text(
                "Audited 15 link(s).", timeout=60_000
            )
            fetched = sorted(path for _, path in cited.requests)
    rows = overlay.locator("tr.audit-row")
    assert rows.count() == 15
    table = [
        (row.locator("td.url").inner_text(), row.locator("td.status > span").inner_text())
        for row in rows.all()
    ]
    assert table[:4] == [
        (f"{cited.url}/fluoride", "valid (HTTP 200)"),
        (f"{cited.url}/missing", "invalid (HTTP 404)"),
        ("http://169.254.169.254/latest/meta-data/", "refused"),
        (f"http://127.0.0.1:{closed}/x", "unreachable"),
    ]
    assert table[4:] == [(f"{cited.url}/p{n}", "valid (HTTP 200)") for n in range(11)]
    # only the 15 audited URLs were fetched: the 16th–18th were cut client-side, /about left out
    assert fetched == sorted(["/fluoride", "/missing", *(f"/p{n}" for n in range(11))])
    first = rows.first
    assert first.locator("td.domain").inner_text().startswith("127.0.0.1")
    assert first.locator("td.alignment").inner_text() == "85"  # the scripted LLM's judgement
    assert first.locator("td.freshness").inner_text().endswith("%")
    assert first.locator("td.trust").inner_text().endswith("%")
    assert re.fullmatch(
        r"\d+ / 100", first.locator("td.authority").inner_text()
    )  # one scale (issue 37)
    assert rows.nth(2).locator("td.alignment").inner_text() == "—"
    assert overlay.locator("dd.url-validity").inner_text() == "80%"  # 12 of 15
    assert overlay.locator("dd.citation-alignment").inner_text() == "85 / 100"
    assert re.fullmatch(r"\d+ / 100", overlay.locator("dd.source-authority").inner_text())
    notes = overlay.locator(".note").all_inner_texts()
    assert any("first 15 of 18 links" in n for n in notes), notes
    assert any(n.startswith("1 link(s) within this site were left out") for n in notes), notes
    page.screenshot(path=str(tmp_path / "extension-audit.png"))
    assert errors == []


class FailingAPI(BaseHTTPRequestHandler):
    """A claimcheck API that is saturated: 503 with its JSON error body (CORS as the real one)."""

    def log_message(self, *args):
        pass

    def _cors(self):
        self.send_header("access-control-allow-origin", f"chrome-extension://{EXTENSION_ID}")
        self.send_header("access-control-allow-headers", "content-type, x-api-key")
        self.send_header("access-control-allow-methods", "GET, POST")

    def do_OPTIONS(self):  # noqa: N802
        self.send_response(200)
        self._cors()
        self.send_header("content-length", "0")
        self.end_headers()

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = (
            b'{"error": "saturated", "detail": "all 16 verification slots are busy; retry shortly"}'
        )
        self.send_response(503)
        self._cors()
        self.send_header("retry-after", "5")
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_api_failures_are_shown_with_the_apis_message(extension, live_server, site):
    from tests.app.test_processes import free_port
    from tests.fakes import loopback

    context, page, errors = configured_page(extension, live_server, site.url + "/links")
    worker = context.service_workers[0]
    closed = f"http://127.0.0.1:{free_port()}"
    failing = loopback.start(FailingAPI)
    try:
        worker.evaluate("(apiBase) => chrome.storage.local.set({apiBase})", closed)
        send_to_tab(context, page, {"type": "claimcheck:audit", "scope": "page"})
        alert = page.get_by_role("dialog", name="claimcheck link audit").get_by_role("alert")
        expect(alert).to_contain_text(
            f"claimcheck could not audit the links: could not reach the claimcheck API at {closed}",
            timeout=15_000,
        )

        worker.evaluate(
            "(apiBase) => chrome.storage.local.set({apiBase})",
            f"http://127.0.0.1:{failing.server_address[1]}",
        )
        send_to_tab(context, page, {"type": "claimcheck:audit", "scope": "page"})
        expect(alert).to_have_text(
            "claimcheck could not audit the links (503): all 16 verification slots are busy; "
            "retry shortly.",
            timeout=15_000,
        )
        page.goto(site.url + "/passage")
        select_paragraphs(page, "p1", "p2")
        send_to_tab(context, page, {"type": "claimcheck:check-selection"})
        claims = page.get_by_role("dialog", name="claimcheck claims")
        expect(claims.get_by_role("alert")).to_have_text(
            "claimcheck could not check the passage (503): all 16 verification slots are busy; retry shortly.",
            timeout=15_000,
        )
        assert page.locator("claimcheck-mark").count() == 0

        # over the API's 10,000 characters: said at once, nothing sent
        failing_requests = len(live_server.llm.requests)
        page.evaluate("() => document.getElementById('p1').append(' The sky is blue.'.repeat(700))")
        select_paragraphs(page, "p1", "p2")
        send_to_tab(context, page, {"type": "claimcheck:check-selection"})
        expect(claims.get_by_role("alert")).to_have_text(
            "claimcheck could not check the passage: the selection is longer than 10000 characters: select less."
        )
        assert len(live_server.llm.requests) == failing_requests
    finally:
        loopback.stop(failing)
    assert errors == []


def test_the_popup_links_the_answer_to_its_record_and_its_quotes_as_read(extension, live_server):
    """Issue 40: the verdict carries its record: the id, each quote's text as read (sha256), and a
    review form that says plainly when the key is not a reviewer's."""
    import hashlib

    context, extension_id = extension
    errors = PageErrors()
    configure(context, extension_id, live_server.url, errors).close()
    popup = errors.watch(context.new_page())
    popup.set_viewport_size({"width": 400, "height": 640})
    popup.goto(f"chrome-extension://{extension_id}/popup.html")
    popup.get_by_label("Claim to check").fill("The Earth is flat")
    popup.get_by_role("button", name="Check", exact=True).click()
    popup.locator("#out .verdict-label").wait_for(timeout=90_000)
    record = popup.locator("#out details.record")
    assert record.locator("summary").inner_text().startswith("Record vrf_")
    record.locator("summary").click()
    record.get_by_role("button", name="Show the quotes as they were read").click()
    first = record.locator(".snapshot").first
    first.wait_for(timeout=20_000)
    text = first.locator(".snapshot-text").inner_text()
    assert hashlib.sha256(text.encode()).hexdigest()[:16] in first.inner_text()
    record.get_by_role("button", name="Mark the verdict (reviewer key)").click()
    record.locator(".review-status", has_text="reviewer key").wait_for(
        timeout=20_000
    )  # a 403, said plainly
    assert errors == []
