"""Which language a claim is in — locally, so claimcheck can be honest about its English models.

The local judge and the embedder are English models: on a claim in another language their
stances are guesses. Without an LLM such a claim gets Not Enough Evidence and a step that says
why; with an LLM configured, the LLM judges (and writes English search keywords).

Detection is py3langid (BSD-3-Clause; a maintained fork of langid.py: a naive Bayes model over
byte n-grams, bundled in the wheel, numpy only, ~1 ms a claim), restricted to widely written
languages because short claims otherwise drift into rare ones ("Pizza is tasty" → Maltese).
Short claims are hard for any n-gram model, so the rule leans to English: a claim counts as
another language only when most of its letters are in a non-Latin script, or when the model gives
another language ≥ 0.7 and the claim has none of English's commonest function words, nor a word
no other widely written language has ("died", "born", "who").
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass

LANGUAGES = (
    "en",
    "es",
    "fr",
    "de",
    "it",
    "pt",
    "nl",
    "sv",
    "da",
    "no",
    "pl",
    "ro",
    "tr",
    "id",
    "cs",
    "hu",
    "fi",
    "ru",
    "uk",
    "ar",
    "fa",
    "he",
    "hi",
    "bn",
    "zh",
    "ja",
    "ko",
    "th",
    "vi",
    "el",
)
NAMES = {
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "pl": "Polish",
    "ro": "Romanian",
    "tr": "Turkish",
    "id": "Indonesian",
    "cs": "Czech",
    "hu": "Hungarian",
    "fi": "Finnish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "ar": "Arabic",
    "fa": "Persian",
    "he": "Hebrew",
    "hi": "Hindi",
    "bn": "Bengali",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
    "th": "Thai",
    "vi": "Vietnamese",
    "el": "Greek",
}
MIN_PROBABILITY = 0.7
# English function words that other Latin-script languages do not share (not "no", "a", "in",
# "on", "was", "will", "has": Spanish, Italian, German and French use those too)
_ENGLISH = re.compile(
    r"\b(?:the|are|were|of|and|that|this|with|for|from|by|not|does|did|have|had|its|"
    r"their|which|been|than|"  # and words no other widely written language has: "Leonardo da
    r"died|born|won|became|wrote|would|could|should|after|before|during|who|what|when|where|why|"
    r"how|into)\b",  # Vinci died in Italy" is English, though its names look Italian
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1
    probability: float
    english: bool
    why: str

    @property
    def name(self) -> str:
        return NAMES.get(self.code, self.code)


_identifier = None
_lock = threading.Lock()


def _model():
    global _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            identifier.set_languages(list(LANGUAGES))
            _identifier = identifier
    return _identifier


def load() -> None:
    """Blocking: load the model now (at start-up), not on the first claim."""
    _model()


def _latin_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 1.0
    return sum("LATIN" in unicodedata.name(c, "") for c in letters) / len(letters)


def detect(text: str) -> Language:
    """The claim's language; English unless the evidence for another is clear (see above)."""
    code, probability = _model().classify(text)
    probability = round(float(probability), 4)
    if _latin_share(text) < 0.5:
        code = code if code != "en" else "und"
        return Language(code, probability, False, "most of its letters are not in the Latin script")
    if code != "en" and probability >= MIN_PROBABILITY and not _ENGLISH.search(text):
        return Language(
            code, probability, False, f"language identification gives {code} at {probability:.2f}"
        )
    return Language(
        "en",
        probability if code == "en" else round(1 - probability, 4),
        True,
        "English, or too short to tell",
    )


__all__ = ["LANGUAGES", "Language", "detect", "load"]
