"""One HTTP exchange of the fetcher (search/fetch.py), below its retries and breakers: the answer
read up to a byte cap, httpx's errors turned into the fetcher's."""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from search.guard import FetchError, FetchInvalidUrl

NOT_ASKED = "not asked: "  # the reason of a check the deadline or a breaker skipped (never cached)


class Transient(FetchError):
    """A failure worth another attempt (connection refused, reset, closed without an answer)."""


@dataclass(frozen=True)
class Answer:
    status: int
    location: str | None
    content_type: str
    body: bytes
    truncated: bool


async def send_once(
    client: httpx.AsyncClient, method: str, url: str, *, read: bool, max_bytes: int
) -> Answer:
    """One request, its body read (when `read`) up to `max_bytes` of decoded bytes. Raises Transient
    for what is worth another attempt, FetchInvalidUrl for a malformed URL, FetchError else."""
    try:
        request = client.build_request(method, url)
        response = await client.send(request, stream=True)
        try:
            chunks: list[bytes] = []
            size, truncated = 0, False
            if read:  # decoded bytes, so the cap also bounds a decompression bomb
                async for chunk in response.aiter_bytes():
                    chunks.append(chunk)
                    size += len(chunk)
                    if size >= max_bytes:
                        truncated = True
                        break
        finally:
            await response.aclose()
        return Answer(
            response.status_code,
            response.headers.get("location"),
            response.headers.get("content-type", ""),
            b"".join(chunks)[:max_bytes],
            truncated,
        )
    except FetchError:
        raise
    except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
        raise Transient(f"cannot connect: {exc}") from exc
    except (httpx.ReadError, httpx.WriteError) as exc:  # e.g. the connection was reset
        raise Transient(f"{type(exc).__name__}: {exc or 'connection reset'}") from exc
    except httpx.HTTPError as exc:
        if (
            isinstance(exc, httpx.RemoteProtocolError)
            and "invalid url in location" in str(exc).lower()
        ):
            # httpx reads the Location itself while building the response
            raise FetchInvalidUrl(f"redirect to an invalid URL: {exc}") from None
        if isinstance(exc, httpx.RemoteProtocolError):  # closed without an answer: a reset
            raise Transient(f"{type(exc).__name__}: {exc}") from exc
        raise FetchError(f"{type(exc).__name__}: {exc}") from exc
    except (httpx.InvalidURL, UnicodeError, ValueError) as exc:
        # what httpx, idna and the standard library raise for a URL normalise_url let
        # through: still a per-URL status, never an exception out of the fetcher
        raise FetchInvalidUrl(f"invalid URL: {type(exc).__name__}: {exc}") from None
