"""Step 9, check: every cited sentence backed by the evidence it cites (``_citations``), a verdict
that cites nothing that backs it downgraded, and the two-pass grounding re-check — the verdict's
confidence on evidence whose specifics are scrubbed (``_scrub``) against its confidence on the full
evidence (``_grounding``), with its profiles and trigger; ``check`` (``_check``) runs both at once.
"""

from agent.check._check import Checked, check
from agent.check._citations import check_reasoning
from agent.check._grounding import PROFILES, TRIGGERS, Profile, UnknownProfile, profile_named

__all__ = [
    "PROFILES",
    "TRIGGERS",
    "Checked",
    "Profile",
    "UnknownProfile",
    "check",
    "check_reasoning",
    "profile_named",
]
