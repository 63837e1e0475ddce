"""The documentation stays true to the tree: every relative link resolves, every setting is documented.

Links are checked the way GitHub renders them: a path relative to the file that holds it, and an
anchor (`#…`) must be the slug of a heading in the target file.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from app.config import Settings

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower-case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|_", lambda m: "" if m.group(0) != "_" else "_", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in text.splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [a or b for a, b in LINK.findall(text)]


def test_the_slug_matches_githubs_rule() -> None:
    assert slug("Grounding you can check (issue 8)") == "grounding-you-can-check-issue-8"
    assert slug("`claimcheck kb doctor`") == "claimcheck-kb-doctor"
    assert slug("Source trust (groundcheck)") == "source-trust-groundcheck"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:, chrome:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target} (no heading #{anchor} in {dest.name})")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_every_setting_is_documented_in_configuration_md() -> None:
    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    missing = [name for name in Settings.model_fields if f"`{name.upper()}`" not in doc]
    assert not missing, f"settings missing from docs/configuration.md: {missing}"


def test_the_readme_fits_a_screen_and_names_the_first_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) < 10_000
    first_screen = "\n".join(readme.splitlines()[:30])
    for needle in (
        "make run",
        "make test",
        "docker compose up",
        "OPENAI_BASE_URL",
        "LLM_MODEL",
        "Ollama",
    ):
        assert needle in first_screen, needle
