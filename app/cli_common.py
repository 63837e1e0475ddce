"""What every `claimcheck` command shares: the settings (or exit 2 saying why), quiet model
loading, the address of the server that owns the local knowledge base, and calls through a
running server (--api) with the API's error bodies as messages."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

import httpx
from pydantic import ValidationError

from app.config import Settings

SERVER_FILE = (
    ".claimcheck-server.json"  # in the KB directory: where the server that owns it listens
)


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        print(f"claimcheck: invalid settings:\n{exc}", file=sys.stderr)
        raise SystemExit(2) from None


def quiet_model_loading() -> None:
    """No per-model progress bars in a server's start-up log (set before transformers loads)."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


def owner_url(settings: Settings) -> str:
    """The address of the server that owns the local KB: what it wrote at start-up while its process
    lives, else the HOST and PORT settings."""
    try:
        owner = json.loads((settings.CHROMA_PERSIST_DIR / SERVER_FILE).read_text(encoding="utf-8"))
        os.kill(int(owner["pid"]), 0)  # still running?
        return str(owner["url"])
    except (OSError, ValueError, KeyError, TypeError):
        return f"http://{settings.HOST}:{settings.PORT}"


class RemoteError(Exception):
    """The API answered with an error body."""


def checked(response: httpx.Response) -> dict:
    body = (
        response.json()
        if response.headers.get("content-type", "").startswith("application/json")
        else {}
    )
    if response.status_code != 200:
        raise RemoteError(
            f"HTTP {response.status_code} {body.get('error', '')}: {body.get('detail', response.text[:200])}"
        )
    return body


def remote(args: argparse.Namespace, action: Callable[[httpx.Client, str], Any]) -> int:
    """Run `action(http, base_url)` against a running server (--api), with X-API-Key when given."""
    headers = {"x-api-key": args.api_key} if args.api_key else {}
    try:
        with httpx.Client(headers=headers, timeout=httpx.Timeout(10.0, read=180.0)) as http:
            action(http, args.api.rstrip("/"))
    except (httpx.HTTPError, RemoteError) as exc:
        print(f"claimcheck: {args.api}: {exc}", file=sys.stderr)
        return 1
    return 0


def add_remote_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--api",
        default=os.environ.get("CLAIMCHECK_API"),
        help="a running server, e.g. http://127.0.0.1:8000 (env CLAIMCHECK_API); "
        "default: work in this process on the local knowledge base",
    )
    parser.add_argument(
        "--api-key",
        default=os.environ.get("CLAIMCHECK_API_KEY"),
        help="sent as X-API-Key (env CLAIMCHECK_API_KEY)",
    )
    parser.add_argument("--json", action="store_true", help="print the JSON body instead of text")
