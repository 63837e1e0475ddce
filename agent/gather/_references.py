"""Caller-supplied references (`references: [url or text, …]`) as the evidence pool.

URLs go through the one SSRF-guarded fetcher: every URL is vetted first, so a request naming a
refused address fetches nothing and fails with :class:`ReferenceRefused` (HTTP 422 naming the
reason); pages that cannot be fetched or read are skipped with a step. The main text of a page is
extracted by trafilatura (`search/extract.py`) and cut into passages of at most
``MAX_PASSAGE_CHARS`` on paragraph and sentence boundaries. Texts are used as given. Nothing is
written to the knowledge base by ``load_references``: ``reference_pool`` does that only when
``index_references`` is set.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.gather._pool import Pooled
from agent.run import Run
from retrieval.concurrency import run_blocking
from retrieval.documents import Document
from retrieval.retriever import Candidate, EvidenceRetriever
from search.extract import PageText, UnreadablePage, extract_page
from search.fetch import Fetcher, FetchError, FetchRefused

MAX_REFERENCES = 10
MAX_PASSAGE_CHARS = 1000
MAX_PASSAGES_PER_PAGE = 40

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class ReferenceRefused(Exception):
    """A reference URL the SSRF guard refuses; nothing of the request was fetched."""

    def __init__(self, index: int, url: str, reason: str) -> None:
        super().__init__(f"reference {index} ({url}) was refused: {reason}")
        self.index, self.url, self.reason = index, url, reason


def is_url(reference: str) -> bool:
    reference = reference.strip()
    return reference.lower().startswith(("http://", "https://")) and not any(
        c.isspace() for c in reference
    )


def passages(text: str, max_chars: int = MAX_PASSAGE_CHARS) -> list[str]:
    """Consecutive paragraphs joined up to ``max_chars``; longer paragraphs cut between sentences
    (and, for a sentence longer than that, between words)."""
    pieces: list[str] = []
    for paragraph in (p.strip() for p in text.splitlines()):
        if not paragraph:
            continue
        if len(paragraph) <= max_chars:
            pieces.append(paragraph)
            continue
        for sentence in _SENTENCE_END.split(paragraph):
            while len(sentence) > max_chars:
                cut = sentence.rfind(" ", 0, max_chars)
                cut = cut if cut > 0 else max_chars
                pieces.append(sentence[:cut].strip())
                sentence = sentence[cut:].strip()
            if sentence:
                pieces.append(sentence)
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) + 1 + len(piece) <= max_chars:
            out[-1] = f"{out[-1]}\n{piece}"
        else:
            out.append(piece)
    return out


@dataclass
class LoadedReferences:
    documents: list[Document] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    pages: int = 0
    texts: int = 0


async def load_references(references: Sequence[str], fetcher: Fetcher | None) -> LoadedReferences:
    """Documents (origin "reference") for the references; raises ReferenceRefused."""
    loaded = LoadedReferences()
    urls = [
        (n, ref.strip())
        for n, ref in enumerate(references[:MAX_REFERENCES], start=1)
        if is_url(ref)
    ]
    if urls and fetcher is None:
        loaded.steps.append(
            f"{len(urls)} reference URL(s) skipped: page fetching is not configured."
        )
        urls = []
    resolvable = await _vet(urls, fetcher, loaded) if urls else []
    results = await asyncio.gather(
        *(_read(n, url, fetcher) for n, url in resolvable),  # type: ignore[arg-type]
        return_exceptions=True,
    )
    by_number: dict[int, list[Document]] = {}
    for (n, url), result in zip(resolvable, results, strict=True):
        if isinstance(result, ReferenceRefused):
            raise result
        if isinstance(result, BaseException):
            if not isinstance(result, FetchError | UnreadablePage):
                raise result
            loaded.steps.append(f"Reference {n} ({url}) could not be used: {result}")
            continue
        chunks = passages(result.text)[:MAX_PASSAGES_PER_PAGE]
        extra = {"reference": n, **({"published": result.published} if result.published else {})}
        by_number[n] = [
            Document(
                text=chunk,
                source=result.url,
                title=result.title or result.url,
                timestamp=result.published,
                origin="reference",
                extra={**extra, "passage": k},
            )
            for k, chunk in enumerate(chunks, start=1)
        ]
        loaded.pages += 1
        dated = f", published {result.published}" if result.published else ""
        loaded.steps.append(
            f"Reference {n}: fetched {url}, extracted {len(result.text)} characters of "
            f"main text{dated} into {len(chunks)} passage(s)."
        )
    for n, ref in enumerate(references[:MAX_REFERENCES], start=1):
        if not is_url(ref) and ref.strip():
            by_number[n] = [
                Document(
                    text=ref.strip(),
                    source=f"reference:{n}",
                    title=f"Reference {n}",
                    origin="reference",
                    extra={"reference": n},
                )
            ]
            loaded.texts += 1
    loaded.documents = [doc for n in sorted(by_number) for doc in by_number[n]]
    return loaded


async def _vet(
    urls: list[tuple[int, str]], fetcher: Fetcher, loaded: LoadedReferences
) -> list[tuple[int, str]]:
    """Every URL past the guard before any is fetched; unresolvable hosts are skipped."""
    outcomes = await asyncio.gather(*(fetcher.vet(url) for _, url in urls), return_exceptions=True)
    usable = []
    for (n, url), outcome in zip(urls, outcomes, strict=True):
        if isinstance(outcome, FetchRefused):
            raise ReferenceRefused(n, url, str(outcome))
        if isinstance(outcome, FetchError | TimeoutError):
            loaded.steps.append(
                f"Reference {n} ({url}) could not be used: {outcome or 'timed out'}"
            )
            continue
        if isinstance(outcome, BaseException):
            raise outcome
        usable.append((n, url))
    return usable


async def _read(n: int, url: str, fetcher: Fetcher) -> PageText:
    try:
        page = await fetcher.fetch(url)
    except FetchRefused as exc:  # a redirect towards a refused address
        raise ReferenceRefused(n, url, str(exc)) from exc
    if page.status >= 400:
        raise FetchError(f"HTTP {page.status}")
    return await run_blocking(extract_page, page)


async def reference_pool(
    claim: str,
    run: Run,
    retriever: EvidenceRetriever,
    pages: Fetcher | None,
    references: Sequence[str],
    index_references: bool,
) -> list[Pooled]:
    """The caller's references as the evidence pool: URLs fetched (SSRF-guarded) and extracted,
    texts as given, reranked against the claim; written into the KB only when asked."""
    trace = run.trace
    with trace.stage("references"):
        loaded = await load_references(list(references), pages)
    for step in loaded.steps:
        trace.step(step)
    documents = loaded.documents
    trace.step(
        f"Using {len(documents)} passage(s) from {loaded.pages} fetched page(s) and "
        f"{loaded.texts} text(s) supplied as references as the evidence pool."
    )
    if index_references and documents:
        report = await retriever.index(documents)
        trace.step(
            f"Indexed {report.added} reference passage(s) into the knowledge base "
            f"({report.duplicates} already there)."
        )
    elif documents:
        trace.step("References were not written to the knowledge base (index_references is false).")
    candidates = [Candidate(d.as_stored(), 0.0) for d in documents]
    with trace.stage("rerank"):
        kept = await retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
    trace.step(
        f"Reranked reference passages with {retriever.reranker_name}: kept {len(kept)} of "
        f"{len(candidates)} with relevance ≥ {retriever.scale.min_relevance:g}."
    )
    # a text the caller supplied is evidence they vouch for: kept whatever the reranker makes of
    # it ("She was born in 1942 …" shares no name with the claim); a fetched page's passages keep
    # the floor, which picks the page's passages about the claim
    held = {id(c) for c in kept}
    texts = [c for c in candidates if id(c) not in held and c.doc.source.startswith("reference:")]
    if texts:
        trace.step(
            f"Kept {len(texts)} text reference(s) below that relevance as well: texts you supply "
            "are evidence you vouch for; the judge reads whether they bear on the claim."
        )
    return [Pooled(c, "reference") for c in (*kept, *texts)]
