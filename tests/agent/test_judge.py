"""The local judge's loading code (agent/judge.py) with a tiny model the test builds itself, the
two-label NLI heads, and the shipped judge on plain cases."""

from __future__ import annotations

import json

import pytest

from agent.judge import JUDGE_CARD, JUDGE_WEIGHTS, LocalJudge, build_network, load_local_judge
from agent.judge._nli import CrossEncoderNLI, load_nli, negate_claim
from tests.agent.test_verdict_engines import tiny_nli

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "earth", "is", "flat", "round", "not"]


def tiny_judge(tmp_path):
    """A 2-layer BERT as the 'packaged' base, and judge weights for its top layer and head."""
    import torch
    from safetensors.torch import save_file
    from transformers import BertConfig, BertModel, BertTokenizer

    base_dir = tmp_path / "base"
    base_dir.mkdir()
    (base_dir / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    config = BertConfig(
        vocab_size=len(WORDS),
        hidden_size=16,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
    )
    torch.manual_seed(0)
    BertModel(config, add_pooling_layer=False).save_pretrained(base_dir)
    BertTokenizer(str(base_dir / "vocab.txt")).save_pretrained(base_dir)
    network = build_network(BertModel.from_pretrained(base_dir, add_pooling_layer=False), 3)
    with torch.no_grad():
        network.head.bias.copy_(torch.tensor([0.0, 3.0, 0.0]))  # leans "refutes"
    state = {
        k: v.to(torch.float16).contiguous()
        for k, v in network.state_dict().items()
        if k.startswith(("base.encoder.layer.1.", "head."))
    }
    save_file(state, str(tmp_path / "judge.safetensors"))
    card = {
        "base": str(base_dir),
        "max_tokens": 32,
        "sentences_per_item": 2,
        "calibration": {"threshold": 0.55, "platt": {"decided": [2.0, 0.0]}, "fitted_on": "a test"},
    }
    (tmp_path / "judge.json").write_text(json.dumps(card))
    return tmp_path / "judge.safetensors", tmp_path / "judge.json"


async def test_a_judge_loads_over_its_base_and_reads_its_card(tmp_path):
    weights, card = tiny_judge(tmp_path)
    judge, status = load_local_judge(weights, card)
    assert status.loaded and isinstance(judge, LocalJudge) and judge.kind == "local judge"
    assert judge.sentences_per_item == 2 and judge.calibration.threshold == 0.55
    assert judge.calibration.fitted_on == "a test"
    probs = await judge.predict([("the earth is round", "the earth is flat"), ("flat", "round")])
    assert len(probs) == 2
    for p in probs:
        assert abs(p.entailment + p.contradiction + p.neutral - 1) < 1e-5
        assert p.contradiction > max(
            p.entailment, p.neutral
        )  # the head's bias, so the weights were applied


def test_a_missing_or_foreign_weights_file_is_reported_not_raised(tmp_path):
    weights, card = tiny_judge(tmp_path)
    judge, status = load_local_judge(tmp_path / "absent.safetensors", card)
    assert judge is None and not status.loaded and "could not load the local judge" in status.reason
    import torch
    from safetensors.torch import save_file

    save_file(
        {"base.encoder.layer.9.output.dense.weight": torch.zeros(2, 2)},
        str(tmp_path / "foreign.safetensors"),
    )
    judge, status = load_local_judge(tmp_path / "foreign.safetensors", card)
    assert judge is None and "lacks" in status.reason
    judge, status = load_local_judge(weights, tmp_path / "absent.json")
    assert judge is None and "card" in status.reason


def test_negation_of_a_claim():
    assert negate_claim("The Earth is flat") == "The Earth is not flat"
    assert negate_claim("Vaccines can cause autism") == "Vaccines can not cause autism"
    assert negate_claim("The Earth is not flat") is None
    assert negate_claim("Vaccines cause autism") is None


async def test_two_label_heads_load_and_read_the_negated_claim_as_refutation(tmp_path):
    model, status = load_nli(str(tiny_nli(tmp_path / "mini", ("unsupported", "supported"))))
    assert status.loaded and isinstance(model, CrossEncoderNLI) and model.labels == 2
    probs = await model.predict([("the earth is round", "the earth is flat"), ("round", "flat")])
    assert len(probs) == 2 and all(
        abs(p.entailment + p.contradiction + p.neutral - 1) < 1e-5 for p in probs
    )
    assert probs[1].contradiction == 0.0  # no auxiliary to negate: no refutation question asked
    templated, status = load_nli(str(tiny_nli(tmp_path / "factcg-tiny", ("LABEL_0", "LABEL_1"))))
    assert status.loaded and templated._template is not None
    assert len(await templated.predict([("the earth is round", "the earth is flat")])) == 1


@pytest.mark.parametrize(
    ("evidence", "claim", "stance"),
    [
        (
            "The Earth is not flat: it is a roughly spherical planet.",
            "The Earth is flat",
            "refutes",
        ),
        (
            "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.",
            "The Eiffel Tower was completed in 1889",
            "supports",
        ),
        (
            "Bananas are a good source of potassium.",
            "The Eiffel Tower was completed in 1889",
            "nei",
        ),
        # one word decides, the rest is shared (FEVER-Symmetric's kind of pair; invented sentences)
        (
            "The Eiffel Tower in Paris was completed in 1889 for the World's Fair.",
            "The Eiffel Tower was completed in 1923",
            "refutes",
        ),
        (
            "Paramore is an American rock band from Franklin, Tennessee, formed in 2004.",
            "Paramore formed in 2004.",
            "supports",
        ),
        (
            "Paramore is an American rock band from Franklin, Tennessee, formed in 2004.",
            "Paramore formed in 2011.",
            "refutes",
        ),
        (
            "The album was released on October 30, 2007 by Warner Bros.",
            "The album was released in October.",
            "supports",
        ),
        (
            "The album was released on October 30, 2007 by Warner Bros.",
            "The album was released in March.",
            "refutes",
        ),
        (
            "Neil Diamond is an American singer-songwriter, musician and actor.",
            "Neil Diamond is not a musician.",
            "refutes",
        ),
        (
            "Neil Diamond is an American singer-songwriter, musician and actor.",
            "Neil Diamond is a musician.",
            "supports",
        ),
        # the subject named, the claim not addressed: not a refutation (the seeded KB's USGS sentence)
        (
            "Scientists arrived at this age by radiometric dating of meteorites and of the oldest rocks and minerals "
            "found on Earth and the Moon.",
            "The Earth is flat",
            "nei",
        ),
    ],
)
async def test_the_shipped_judge_on_plain_cases(evidence, claim, stance):
    judge, status = load_local_judge(JUDGE_WEIGHTS, JUDGE_CARD)
    assert status.loaded, status.reason
    p = (await judge.predict([(evidence, claim)]))[0]
    got = max((p.entailment, "supports"), (p.contradiction, "refutes"), (p.neutral, "nei"))[1]
    assert got == stance, p


def test_the_onnx_runtime_gives_torchs_logits(tmp_path):
    import numpy as np

    weights, card = tiny_judge(tmp_path)
    torch_judge, _ = load_local_judge(weights, card)
    onnx_judge, status = load_local_judge(weights, card, onnx_dir=tmp_path / "onnx")
    assert status.loaded and onnx_judge.backend == "onnx" and onnx_judge.backend_reason is None
    pairs = [
        ("the earth is round", "the earth is flat"),
        ("flat", "round not"),
        ("the", "earth is"),
    ]
    assert (
        np.abs(torch_judge.logits_blocking(pairs) - onnx_judge.logits_blocking(pairs)).max() < 1e-4
    )
    again, _ = load_local_judge(weights, card, onnx_dir=tmp_path / "onnx")  # the cached graph
    assert again.backend == "onnx" and len(list((tmp_path / "onnx").iterdir())) == 1


def test_the_int8_runtime_stays_close_and_judges_each_pair_on_its_own(tmp_path):
    import numpy as np

    weights, card = tiny_judge(tmp_path)
    torch_judge, _ = load_local_judge(weights, card)
    judge, status = load_local_judge(weights, card, onnx_dir=tmp_path / "onnx", int8=True)
    assert status.loaded and judge.backend == "onnx-int8" and judge.backend_reason is None
    (folder,) = (tmp_path / "onnx").iterdir()
    assert (folder / "model.int8-rows-v1.onnx").exists()
    pairs = [
        ("the earth is round", "the earth is flat"),
        ("flat", "round not"),
        ("the earth is not round the earth is flat", "earth"),
    ]
    together = judge.logits_blocking(pairs)
    assert np.abs(together - torch_judge.logits_blocking(pairs)).max() < 0.05
    alone = np.vstack([judge.logits_blocking([pair]) for pair in pairs])
    assert np.abs(together - alone).max() < 1e-5  # padding and neighbours change nothing


def test_a_claim_longer_than_the_window_is_judged_not_raised(tmp_path):
    # the evidence gives way first; a claim longer than max_tokens on its own used to raise
    # "Sequence to truncate too short" and send the whole request to the lexical heuristic
    weights, card = tiny_judge(tmp_path)
    long_claim = " ".join(["the earth is flat"] * 20)  # 80 words, max_tokens is 32
    for judge in (
        load_local_judge(weights, card)[0],
        load_local_judge(weights, card, onnx_dir=tmp_path / "onnx")[0],
    ):
        probs = judge.predict_blocking(
            [("the earth is round", long_claim), ("the earth is round", "the earth is flat")]
        )
        assert len(probs) == 2 and all(
            abs(p.entailment + p.contradiction + p.neutral - 1) < 1e-6 for p in probs
        )


def test_model_files_that_cannot_be_read_for_the_onnx_key_leave_the_judge_on_torch(
    tmp_path, monkeypatch
):
    import retrieval.onnx_export

    def unreadable(location):
        raise PermissionError(f"{location}/model.safetensors: permission denied")

    monkeypatch.setattr(retrieval.onnx_export, "fingerprint", unreadable)
    weights, card = tiny_judge(tmp_path)
    judge, status = load_local_judge(weights, card, onnx_dir=tmp_path / "onnx")
    assert (
        status.loaded and judge.backend == "torch" and "permission denied" in judge.backend_reason
    )
    assert len(judge.predict_blocking([("the earth is round", "the earth is flat")])) == 1
