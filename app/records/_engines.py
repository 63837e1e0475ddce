"""What made an answer (app/records): the sha256 of every system prompt, described once per
process. The engines themselves are described by the runtime (app/runtime/engines.py)."""

from __future__ import annotations

import hashlib

from agent import prompts


def prompt_hashes() -> dict[str, str]:
    """sha256 of every system prompt the LLM may be sent (agent/prompts.py), by name."""
    return {
        name: hashlib.sha256(value.encode()).hexdigest()
        for name, value in sorted(vars(prompts).items())
        if name.endswith("_SYSTEM") and isinstance(value, str)
    }
