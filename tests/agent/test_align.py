"""The local judge's word-alignment stage (agent/judge/_align.py): the features on hand-made word vectors,
the exported trees against scikit-learn, and the stacking inside LocalJudge with a tiny model."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from agent.judge import load_local_judge
from agent.judge._align import FEATURES, Aligner, Encoded, TreeEnsemble, pair_features
from tests.agent.test_judge import tiny_judge


def encoded_pair(
    claim: str, evidence: str, near: dict[str, list[float]] | None = None
) -> tuple[Encoded, Encoded]:
    """Words split on spaces; a word's vector is one-hot by word over both texts' vocabulary (or
    given, in the first 8 dimensions), the same at both layers."""
    near = near or {}
    vocab = sorted({w.lower() for w in (claim + " " + evidence).split()} - set(near))

    def one(text: str) -> Encoded:
        rows = []
        for w in text.split():
            row = np.zeros(8 + len(vocab))
            if w.lower() in near:
                row[:8] = near[w.lower()]
            else:
                row[8 + vocab.index(w.lower())] = 1.0
            rows.append(row / np.linalg.norm(row))
        matrix = np.array(rows).reshape(len(rows), 8 + len(vocab))
        sentence = matrix.sum(0) / (np.linalg.norm(matrix.sum(0)) or 1.0)
        return Encoded(text.split(), {3: matrix, 6: matrix}, sentence)

    return one(claim), one(evidence)


def features(
    claim: str, evidence: str, near: dict[str, list[float]] | None = None
) -> dict[str, float]:
    c, e = encoded_pair(claim, evidence, near)
    return dict(zip(FEATURES, pair_features(c, e, claim, evidence), strict=True))


def test_a_claim_the_evidence_covers_word_for_word():
    f = features("Paramore formed in 2004", "Paramore is a rock band formed in 2004")
    assert f["frac_exact"] == 1.0 and f["n_unexact"] == 0 and f["min6"] == 1.0
    assert f["num_missing"] == 0 and f["c_nums"] == 1 and f["neg_parity"] == 0


def test_an_edited_year_month_name_and_negation_show():
    year = features("Paramore formed in 2009", "Paramore is a rock band formed in 2004")
    assert year["num_missing"] == 1 and year["n_unexact"] == 1 and year["min6"] < 1.0
    month = features("The album came out in March", "The album came out on October 30")
    assert month["month_missing"] == 1 and month["month_e"] == 1
    name = features("The film was directed by Lumet", "The film was directed by Megaton")
    assert name["caps_missing"] == 1
    negated = features("The Earth is not round", "The Earth is round")
    assert negated["c_neg"] == 1 and negated["c_neg_unmatched"] == 1 and negated["neg_parity"] == 1
    declined = features("Cruz modelled for Lancome", "Cruz declined to model for Lancome")
    assert declined["e_neg_unmatched"] == 1 and declined["neg_parity"] == 1
    opposite = features("Inherited cases start later", "Inherited cases start earlier")
    assert opposite["antonym"] == 1


def test_a_loose_match_is_told_from_an_unrelated_word():
    near = {"tumbled": [1.0, 0.9] + [0] * 6, "fell": [0.9, 1.0] + [0] * 6}
    f = features("Prices tumbled in May", "Prices fell in May", near)
    assert (
        f["n_unexact"] == 1 and f["n_5to8_6"] == 0 and f["min6"] > 0.99
    )  # cosine 0.994: a paraphrase
    far = features("Prices tumbled in May", "Prices soared in May")
    assert far["n_lt5_6"] == 1 and far["min6"] == 0.0


def test_an_empty_evidence_text_covers_nothing():
    f = features("Paramore formed in 2004", "")
    assert f["min6"] == 0.0 and f["mean6"] == 0.0 and f["frac_exact"] == 0.0 and f["ev_len"] == 0


def test_exported_trees_predict_as_scikit_learn_does():
    from sklearn.ensemble import HistGradientBoostingClassifier

    from scripts.train_align import export

    rng = np.random.default_rng(0)
    x = rng.normal(size=(300, 5))
    x[::17, 2] = np.nan  # missing values take the side the trees learnt
    y = (x[:, 0] > 0).astype(int) + (np.nan_to_num(x[:, 2]) > 0.5).astype(int)
    model = HistGradientBoostingClassifier(max_iter=20, max_leaf_nodes=7, random_state=0).fit(x, y)
    exported = export(model)
    trees = TreeEnsemble(exported["baseline"], exported["trees"])
    test = rng.normal(size=(50, 5))
    test[::5, 2] = np.nan
    assert np.abs(trees.predict_proba(test) - model.predict_proba(test)).max() < 1e-9
    assert (trees.predict_proba(test).argmax(1) == model.predict(test)).all()


def align_card(path, weights, *, follow: str = "aligner"):
    """A card of one-leaf trees that always answer 'supports', and a stacker that listens to the
    aligner only (or to the cross-encoder only)."""
    leaf = {
        "feature": [0],
        "threshold": [0.0],
        "left": [0],
        "right": [0],
        "leaf": [True],
        "value": [0.0],
        "nan_left": [False],
    }
    coef = np.zeros((3, 6))
    if follow == "aligner":
        coef[[0, 1, 2], [0, 1, 2]] = 1.0
    else:
        coef[[0, 1, 2], [3, 4, 5]] = 1.0
    card = {
        "features": list(FEATURES),
        "baseline": [4.0, 0.0, 0.0],
        "trees": [[leaf, leaf, leaf]],
        "stacker": {
            "coef": coef.tolist(),
            "intercept": [0.0, 0.0, 0.0],
            "judge_weights_sha256": hashlib.sha256(weights.read_bytes()).hexdigest()[:12],
        },
        "calibration": {"threshold": 0.42, "fitted_on": "the stacked test judge"},
    }
    path.write_text(json.dumps(card))
    return path


@pytest.mark.parametrize("follow", ["aligner", "cross-encoder"])
def test_the_judge_stacks_the_alignment_on_its_logits(tmp_path, follow):
    weights, card = tiny_judge(tmp_path)  # its head leans "refutes"
    judge, status = load_local_judge(
        weights, card, align_card=align_card(tmp_path / "align.json", weights, follow=follow)
    )
    assert status.loaded and isinstance(judge.aligner, Aligner) and judge.align_reason is None
    assert "word alignment" in judge.name
    assert (
        judge.calibration.threshold == 0.42
    )  # the stacked judgement's own calibration, not judge.json's
    pairs = [("the earth is round", "the earth is flat"), ("flat", "round")]
    stacked = judge.logits_blocking(pairs)
    network = judge.network_logits(pairs)
    expected = judge.aligner.stack(judge.aligner.probabilities(pairs), network)
    assert np.abs(stacked - expected).max() < 1e-9
    winner = {"aligner": 0, "cross-encoder": 1}[follow]  # the trees say supports, the head refutes
    assert (stacked.argmax(1) == winner).all()
    assert all(
        (p.entailment > p.contradiction) == (follow == "aligner")
        for p in judge.predict_blocking(pairs)
    )


def test_an_alignment_card_fitted_to_other_weights_is_not_stacked(tmp_path):
    weights, card = tiny_judge(tmp_path)
    other = tmp_path / "other.safetensors"
    other.write_bytes(b"not these weights")
    judge, status = load_local_judge(
        weights, card, align_card=align_card(tmp_path / "align.json", other)
    )
    assert status.loaded and judge.aligner is None and "other judge weights" in judge.align_reason
    assert "word alignment" not in judge.name
    assert judge.calibration.threshold == 0.55  # judge.json's: fitted to the cross-encoder alone
    judge, status = load_local_judge(weights, card, align_card=tmp_path / "absent.json")
    assert status.loaded and judge.aligner is None and "could not load" in judge.align_reason
    pairs = [("the earth is round", "the earth is flat")]
    assert np.abs(judge.logits_blocking(pairs) - judge.network_logits(pairs)).max() == 0


def test_the_alignment_encoder_on_onnx_gives_torchs_features(tmp_path):
    weights, card = tiny_judge(tmp_path)
    stacked = align_card(tmp_path / "align.json", weights)
    torch_judge, _ = load_local_judge(weights, card, align_card=stacked)
    onnx_judge, status = load_local_judge(
        weights, card, align_card=stacked, onnx_dir=tmp_path / "onnx"
    )
    assert (
        status.loaded
        and onnx_judge.aligner.encoder.session is not None
        and onnx_judge.backend_reason is None
    )
    assert torch_judge.aligner.encoder.session is None
    pairs = [
        ("the earth is round", "the earth is flat"),
        ("flat", "round not"),
        ("the earth", "is not flat"),
    ]
    assert (
        np.abs(torch_judge.aligner.features(pairs) - onnx_judge.aligner.features(pairs)).max()
        < 1e-4
    )
    assert (
        np.abs(torch_judge.logits_blocking(pairs) - onnx_judge.logits_blocking(pairs)).max() < 1e-4
    )
    folders = sorted(p.name for p in (tmp_path / "onnx").iterdir())
    assert len(folders) == 2 and sum(f.startswith("judge-align-") for f in folders) == 1


def test_on_onnx_the_two_networks_run_side_by_side_on_half_the_threads_each(tmp_path):
    import threading

    weights, card = tiny_judge(tmp_path)
    stacked = align_card(tmp_path / "align.json", weights)
    judge, status = load_local_judge(
        weights, card, align_card=stacked, onnx_dir=tmp_path / "onnx", threads=2
    )
    assert status.loaded and judge._beside is not None
    for session in (judge._session, judge.aligner.encoder.session):
        assert session.get_session_options().intra_op_num_threads == 1
    pairs = [("the earth is round", "the earth is flat"), ("flat", "round not")]
    expected = judge.aligner.stack(judge.aligner.probabilities(pairs), judge.network_logits(pairs))
    assert np.abs(judge.logits_blocking(pairs) - expected).max() < 1e-9

    # the cross-encoder waits for the alignment encoder to start: only side by side does it see it
    aligning, seen = threading.Event(), []
    probabilities, logits = judge.aligner.probabilities, judge._logits

    def aligner_probabilities(p):
        aligning.set()
        return probabilities(p)

    def network(p):
        seen.append(aligning.wait(5))
        return logits(p)

    judge.aligner.probabilities, judge._logits = aligner_probabilities, network
    assert np.abs(judge.logits_blocking(pairs) - expected).max() < 1e-9 and seen == [True]

    def broken(p):
        raise RuntimeError("the alignment encoder failed")

    judge.aligner.probabilities = broken
    with pytest.raises(RuntimeError, match="alignment encoder failed"):
        judge.logits_blocking(pairs)
    assert judge._lock.acquire(timeout=1)  # the lane is free again
    judge._lock.release()

    alone, _ = load_local_judge(
        weights, card, align_card=stacked, onnx_dir=tmp_path / "onnx", threads=1
    )
    assert alone._beside is None  # one thread: one network after the other
    assert np.abs(alone.logits_blocking(pairs) - expected).max() < 1e-4
