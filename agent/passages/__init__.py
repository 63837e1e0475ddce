"""Passages: split a text into its check-worthy claims, verify them concurrently under one budget,
and place each back in the text by character offsets (``_checker``). Above the verifier: it runs
the whole flow once per claim it selects.
"""

from agent.passages._checker import PassageBudget, PassageChecker, PassageClaim, PassageResult

__all__ = ["PassageBudget", "PassageChecker", "PassageClaim", "PassageResult"]
