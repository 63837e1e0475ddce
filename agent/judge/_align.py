"""Word alignment between a claim and an evidence sentence: the local judge's second opinion.

The fine-tuned cross-encoder (agent/judge/local.py) reads a pair as one text and, trained on few pairs,
learns more about claims than about *comparing* them with evidence. This module compares: each
content word of the claim is matched to the evidence — exactly (same word or stem), else by the
cosine of its contextual vector (the packaged all-MiniLM-L6-v2, layers 3 and 6, each text encoded
alone) — and the pair is described by how well the claim is covered (weakest and mean match,
words matched only loosely, which is where an edited name, date or antonym shows), by negation on
each side, numbers, months and names of the claim missing from the evidence, and antonyms facing
each other. A small gradient-boosted tree ensemble (``agent/data/judge-align.json``, trained by
``scripts/train_align.py``) turns those features into supports / refutes / not-enough-info
probabilities, and a logistic stacker fitted on held-out pairs combines them with the
cross-encoder's logits.

Everything here is blocking (the judge calls it from its worker thread).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from agent.judge._dates import MONTHS as _CALENDAR
from retrieval.model_files import quiet_loading
from retrieval.onnx_export import cached_session, export

ALIGN_CARD = Path(__file__).resolve().parents[1] / "data" / "judge-align.json"
LAYERS = (3, 6)  # MiniLM's middle and last layers (a model of another depth: its middle and last)
_STOP_WORDS = """a an the of in on at to for from by with and or but is are was were be been being has have had
do does did this that these those it its as into than then there their they he she his her him them we our you
your i me my who whom which what when where why how also such can could would should will may might must shall
about over under after before between during including while s 's"""
STOP = frozenset(_STOP_WORDS.split())
_NEGATIONS_WORDS = """not no never n't without none nobody nothing neither nor cannot refused refuse refuses
declined decline failed fail fails denied deny denies unable incapable lack lacks lacked absent rejected reject false
only ever yet"""
NEGATIONS = frozenset(_NEGATIONS_WORDS.split())
MONTHS = tuple(_CALENDAR)  # in calendar order (scripts/judge_synthetic.py draws from it)
_OPPOSITES = """best worst|before after|earlier later|increase decrease|increased decreased|increases decreases
more less|higher lower|high low|larger smaller|large small|rise fall|rising falling|positive negative|alive dead
born died|win lose|won lost|first last|male female|man woman|men women|success failure|successful unsuccessful
major minor|fictional real|warming cooling|warmer cooler|reduce increase|reduces increases|reduced increased
lowers raises|benefit harm|safe dangerous|true false|always never|all none|most least|north south|east west
older younger|old young|strong weak|stronger weaker|heavy light|long short|longer shorter|inside outside
private public|start end|started ended|gain loss|gained lost|good bad|better worse|above below|up down
accept reject|accepted rejected|include exclude|included excluded|present absent|same different|similar different
enhance inhibit|enhances inhibits|promotes inhibits|promote inhibit|activates inhibits|activate inhibit
upregulates downregulates|protective harmful|effective ineffective|cause prevent|causes prevents"""
OPPOSITE: dict[str, frozenset[str]] = {}
for _pair in _OPPOSITES.replace("\n", "|").split("|"):
    _a, _b = _pair.split()
    OPPOSITE[_a] = OPPOSITE.get(_a, frozenset()) | {_b}
    OPPOSITE[_b] = OPPOSITE.get(_b, frozenset()) | {_a}
_NUMBER = re.compile(r"\d[\d,.]*")
_WORDLIKE = re.compile(r"[a-z0-9]")

FEATURES = (
    "n_content",
    "sent_cos",
    "ev_len",
    "min3",
    "mean3",
    "min2_3",
    "n_lt5_3",
    "n_5to8_3",
    "ecov3",
    "min6",
    "mean6",
    "min2_6",
    "n_lt5_6",
    "n_5to8_6",
    "ecov6",
    "frac_exact",
    "n_unexact",
    "c_neg",
    "e_neg",
    "c_neg_unmatched",
    "e_neg_unmatched",
    "neg_parity",
    "antonym",
    "c_nums",
    "num_missing",
    "num_any_e",
    "month_missing",
    "month_e",
    "caps_missing",
)


def stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class Encoded:
    """One text as words with unit contextual vectors per layer, and its unit sentence vector."""

    words: list[str]
    vectors: dict[int, np.ndarray]  # layer → (words, dim)
    sentence: np.ndarray


class WordEncoder:
    """Contextual word vectors from a BERT-style model (torch), each text encoded on its own."""

    def __init__(self, model, tokenizer, max_tokens: int = 256) -> None:
        self.model = model
        self.tokenizer = tokenizer
        self.max_tokens = max_tokens
        depth = int(model.config.num_hidden_layers)
        self.picks = {3: max(1, depth // 2), 6: depth}  # feature layer → hidden state index
        self.session = None  # ONNX Runtime, when open_onnx succeeded
        self.inputs: list[str] = []

    @classmethod
    def load(cls, location: str) -> WordEncoder:
        from transformers import AutoModel, AutoTokenizer

        with quiet_loading():
            model = AutoModel.from_pretrained(location, add_pooling_layer=False)
        return cls(model.eval(), AutoTokenizer.from_pretrained(location))

    def open_onnx(self, folder: Path, threads: int | None = None, int8: bool = False) -> None:
        """Blocking: run the encoder on ONNX Runtime (the two layers' states as one output),
        exported into ``folder`` once; per-row int8 with ``int8`` (retrieval/_int8_rows.py).
        Raises what the export or the runtime raises."""
        import torch

        names = [
            n
            for n in ("input_ids", "attention_mask", "token_type_ids")
            if n in self.tokenizer.model_input_names
        ]
        model, picks = self.model, (self.picks[LAYERS[0]], self.picks[LAYERS[1]])

        class States(torch.nn.Module):  # both layers' hidden states side by side
            def __init__(self) -> None:
                super().__init__()
                self.inner = model

            def forward(self, *tensors):
                hidden = self.inner(
                    **dict(zip(names, tensors, strict=True)), output_hidden_states=True
                ).hidden_states
                return torch.cat([hidden[picks[0]], hidden[picks[1]]], dim=-1)

        self.session = cached_session(
            folder,
            lambda target: export(States(), target, names, "states", {0: "batch", 1: "tokens"}),
            quantized=int8,
            threads=threads,
            rows=True,
        )
        self.inputs = names

    def _states(self, enc) -> dict[int, np.ndarray]:
        """Hidden states of the feature layers: layer → (batch, tokens, dim)."""
        if self.session is not None:
            both = self.session.run(
                None, {n: enc[n].numpy().astype(np.int64) for n in self.inputs}
            )[0]
            half = both.shape[-1] // 2
            return {LAYERS[0]: both[..., :half], LAYERS[1]: both[..., half:]}
        import torch

        with torch.inference_mode():
            hidden = self.model(**enc, output_hidden_states=True).hidden_states
        return {layer: hidden[self.picks[layer]].numpy() for layer in LAYERS}

    def encode(self, texts: Sequence[str], batch: int = 32) -> list[Encoded]:
        out: list[Encoded | None] = [None] * len(texts)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch):
            idx = order[start : start + batch]
            enc = self.tokenizer(
                [texts[i] for i in idx],
                padding=True,
                truncation=True,
                max_length=self.max_tokens,
                return_tensors="pt",
                return_offsets_mapping=True,
            )
            offsets = enc.pop("offset_mapping")
            states = self._states(enc)
            for row, i in enumerate(idx):
                pieces: dict[int, list[int]] = {}
                for position, word in enumerate(enc.word_ids(row)):
                    if word is not None:
                        pieces.setdefault(word, []).append(position)
                words, vectors = [], {layer: [] for layer in LAYERS}
                for positions in (pieces[w] for w in sorted(pieces)):
                    words.append(
                        texts[i][
                            int(offsets[row][positions[0]][0]) : int(offsets[row][positions[-1]][1])
                        ]
                    )
                    for layer in LAYERS:
                        vectors[layer].append(states[layer][row, positions].mean(0))
                mask = enc["attention_mask"][row].numpy().astype(bool)
                sentence = states[LAYERS[-1]][row][mask].mean(0)
                width = states[LAYERS[-1]].shape[-1]
                out[i] = Encoded(
                    words,
                    {
                        layer: _unit(np.array(v, dtype=np.float64).reshape(len(words), width))
                        for layer, v in vectors.items()
                    },
                    sentence / (np.linalg.norm(sentence) + 1e-9),
                )
        return out  # type: ignore[return-value]  # every slot is filled above


def _unit(matrix: np.ndarray) -> np.ndarray:
    return matrix / (np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-9)


def _content(words: list[str]) -> list[int]:
    return [
        i
        for i, w in enumerate(words)
        if w not in STOP and w not in NEGATIONS and _WORDLIKE.search(w)
    ]


def pair_features(
    claim: Encoded, evidence: Encoded, claim_text: str, evidence_text: str
) -> list[float]:
    """The alignment features of one (claim, evidence) pair, in FEATURES order."""
    cl, el = [w.lower() for w in claim.words], [w.lower() for w in evidence.words]
    e_set, e_stems, c_set = set(el), {stem(w) for w in el}, set(cl)
    content, e_content = _content(cl), _content(el)
    f: dict[str, float] = {
        "n_content": len(content),
        "sent_cos": float(claim.sentence @ evidence.sentence),
        "ev_len": len(el),
    }
    exact = (
        np.array([1.0 if cl[i] in e_set or stem(cl[i]) in e_stems else 0.0 for i in content])
        if content
        else np.ones(1)
    )
    for layer in LAYERS:
        if content and el:
            best = (claim.vectors[layer][content] @ evidence.vectors[layer].T).max(1)
        elif content:  # an empty evidence text covers nothing
            best = np.zeros(len(content))
        else:
            best = np.ones(1)
        soft = np.where(exact > 0, 1.0, best)
        ordered = np.sort(soft)
        f[f"min{layer}"] = float(ordered[0])
        f[f"mean{layer}"] = float(soft.mean())
        f[f"min2_{layer}"] = float(ordered[1] if len(ordered) > 1 else ordered[0])
        f[f"n_lt5_{layer}"] = int((soft < 0.5).sum())
        f[f"n_5to8_{layer}"] = int(((soft >= 0.5) & (soft < 0.8)).sum())
        if e_content and cl:
            reach = (evidence.vectors[layer][e_content] @ claim.vectors[layer].T).max(1)
            f[f"ecov{layer}"] = float((reach > 0.8).mean())
        else:
            f[f"ecov{layer}"] = 0.0
    f["frac_exact"] = float(exact.mean())
    f["n_unexact"] = int((exact == 0).sum())
    c_neg, e_neg = [w for w in cl if w in NEGATIONS], [w for w in el if w in NEGATIONS]
    f["c_neg"], f["e_neg"] = len(c_neg), len(e_neg)
    f["c_neg_unmatched"] = sum(w not in e_set for w in c_neg)
    f["e_neg_unmatched"] = sum(w not in c_set for w in e_neg)
    f["neg_parity"] = (len(c_neg) + len(e_neg)) % 2
    f["antonym"] = sum(1 for w in cl if w in OPPOSITE and OPPOSITE[w] & e_set and w not in e_set)
    c_nums = {n.strip(".,") for n in _NUMBER.findall(claim_text)}
    e_nums = {n.strip(".,") for n in _NUMBER.findall(evidence_text)}
    f["c_nums"], f["num_missing"], f["num_any_e"] = (
        len(c_nums),
        len(c_nums - e_nums),
        int(bool(e_nums)),
    )
    c_months, e_months = {w for w in cl if w in MONTHS}, {w for w in el if w in MONTHS}
    f["month_missing"], f["month_e"] = len(c_months - e_months), int(bool(e_months))
    names = [w for w in claim.words[1:] if w[:1].isupper() and w.lower() not in STOP]
    f["caps_missing"] = sum(1 for w in names if w.lower() not in e_set and stem(w) not in e_stems)
    return [float(f[name]) for name in FEATURES]


class TreeEnsemble:
    """A gradient-boosted multi-class tree ensemble read from plain arrays (exported from
    scikit-learn's HistGradientBoostingClassifier by scripts/train_align.py): raw scores are the
    baseline plus each class's leaf values, probabilities their softmax."""

    def __init__(self, baseline: list[float], trees: list[list[dict]]) -> None:
        self.baseline = np.array(baseline, dtype=np.float64)
        # trees[iteration][class] = {"feature", "threshold", "left", "right", "leaf", "value", "nan_left"},
        # laid end to end so that every tree walks one level per step, all at once
        flat = [(k, tree) for row in trees for k, tree in enumerate(row)]
        sizes = [len(tree["feature"]) for _, tree in flat]
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.roots = starts
        self.tree_class = np.array([k for k, _ in flat], dtype=np.int64)

        def cat(key: str, dtype) -> np.ndarray:
            return np.concatenate([np.asarray(tree[key], dtype=dtype) for _, tree in flat])

        offset = np.repeat(starts, sizes)
        self.feature, self.threshold = cat("feature", np.int64), cat("threshold", np.float64)
        self.left, self.right = cat("left", np.int64) + offset, cat("right", np.int64) + offset
        self.leaf, self.value = cat("leaf", bool), cat("value", np.float64)
        self.nan_left = cat("nan_left", bool)

    def raw(self, x: np.ndarray) -> np.ndarray:
        rows = np.arange(len(x))[:, None]
        node = np.tile(self.roots, (len(x), 1))  # (samples, trees)
        for _ in range(64):  # deeper than any tree the script grows
            inner = ~self.leaf[node]
            if not inner.any():
                break
            values = x[rows, self.feature[node]]
            left = np.where(np.isnan(values), self.nan_left[node], values <= self.threshold[node])
            node = np.where(inner, np.where(left, self.left[node], self.right[node]), node)
        out = np.tile(self.baseline, (len(x), 1))
        for k in range(len(self.baseline)):
            out[:, k] += self.value[node[:, self.tree_class == k]].sum(1)
        return out

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        return _softmax(self.raw(np.asarray(x, dtype=np.float64)))


def _softmax(z: np.ndarray) -> np.ndarray:
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


class Aligner:
    """Alignment probabilities for (evidence, claim) pairs and the stacked judgement."""

    def __init__(self, encoder: WordEncoder, trees: TreeEnsemble, stacker: dict) -> None:
        self.encoder = encoder
        self.trees = trees
        self.coef = np.array(stacker["coef"], dtype=np.float64)  # (3 classes, 3 align + 3 judge)
        self.intercept = np.array(stacker["intercept"], dtype=np.float64)

    @classmethod
    def load(cls, location: str, card: Path = ALIGN_CARD) -> Aligner:
        return cls.from_card(location, json.loads(Path(card).read_text()), Path(card).name)

    @classmethod
    def from_card(cls, location: str, data: dict, name: str = ALIGN_CARD.name) -> Aligner:
        """From a parsed judge-align.json; ``location`` is the base model the features read."""
        if list(data["features"]) != list(FEATURES):
            raise ValueError(
                f"{name} was trained on other features than agent/judge/_align.py computes"
            )
        return cls(
            WordEncoder.load(location),
            TreeEnsemble(data["baseline"], data["trees"]),
            data["stacker"],
        )

    def features(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        texts = sorted({t for pair in pairs for t in pair})
        encoded = dict(zip(texts, self.encoder.encode(texts), strict=True))
        return np.array(
            [pair_features(encoded[c], encoded[e], c, e) for e, c in pairs], dtype=np.float64
        )

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """(premise = evidence, hypothesis = claim) pairs → supports / refutes / nei."""
        return self.trees.predict_proba(self.features(pairs))

    def stack(self, align_probs: np.ndarray, judge_logits: np.ndarray) -> np.ndarray:
        x = np.hstack([np.log(align_probs + 1e-4), judge_logits])
        return x @ self.coef.T + self.intercept  # logits in the judge's label order


__all__ = [
    "ALIGN_CARD",
    "FEATURES",
    "Aligner",
    "Encoded",
    "TreeEnsemble",
    "WordEncoder",
    "pair_features",
]
