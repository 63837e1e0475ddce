"""Cancel on disconnect: when the client of a verification goes away, its work is cancelled and its
slot freed at once (issue 38: 16 abandoned requests used to hold all 16 slots for minutes).

Starlette cancels a streaming response when the client disconnects, but a plain `POST
/api/verify` or `/api/check` handler runs to its end whether anyone waits for the answer or not.
`CancelOnDisconnect` (pure ASGI) runs the request in a task of its own and keeps reading the
connection's `receive` channel itself; the messages go on to the app in order. When the server
reports `http.disconnect` before the response is complete, the request's task is cancelled: the
verifier's stages and side tasks are cancelled with it, and its verification slot is released by
the `finally` that holds it. Nothing is sent to a client that is gone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CancelOnDisconnect", "WATCHED_PATHS"]

log = logging.getLogger("claimcheck")

# the requests that hold a verification slot or run outside calls on the client's behalf
WATCHED_PATHS = (
    "/api/verify",
    "/api/verify/stream",
    "/api/check",
    "/api/check/stream",
    "/api/sources/audit",
)


class CancelOnDisconnect:
    def __init__(self, app: ASGIApp, paths: Collection[str] = WATCHED_PATHS) -> None:
        self.app = app
        self.paths = frozenset(paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") != "POST"
            or scope.get("path") not in self.paths
        ):
            await self.app(scope, receive, send)
            return
        inbox: asyncio.Queue[Message | BaseException] = asyncio.Queue()
        gone: Message | None = None
        finished = False  # the whole response was sent: a later disconnect is the normal end

        async def app_receive() -> Message:
            if gone is not None and inbox.empty():
                return gone  # as the server does: every receive after a disconnect says so
            message = await inbox.get()
            if isinstance(
                message, BaseException
            ):  # what `receive` raised (e.g. the body cap's 413)
                raise message
            return message

        async def app_send(message: Message) -> None:
            nonlocal finished
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                finished = True
            await send(message)

        request = asyncio.create_task(self.app(scope, app_receive, app_send))

        async def watch() -> None:
            nonlocal gone
            while True:
                try:
                    message = await receive()
                except Exception as exc:  # raised in the app's task, where it was raised before
                    inbox.put_nowait(exc)
                    return
                inbox.put_nowait(message)
                if message["type"] == "http.disconnect":
                    gone = message
                    if not finished and not request.done():
                        request.cancel()
                    return

        watcher = asyncio.create_task(watch())
        try:
            await asyncio.wait({request})
        except asyncio.CancelledError:  # the server itself is cancelling us (shutdown)
            request.cancel()
            watcher.cancel()
            await asyncio.gather(request, watcher, return_exceptions=True)
            raise
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
        if request.cancelled():
            log.info("client went away: %s %s cancelled", scope.get("method"), scope.get("path"))
            return
        request.result()  # the app's own exception, if any, as if it ran in this task
