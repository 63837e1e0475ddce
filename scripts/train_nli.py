"""NLI pre-training of the local judge on SNLI (issue 36, item 2), before scripts/train_judge.py.

    nice -n 5 .venv/bin/python scripts/train_nli.py train --pairs 60000 --out /tmp/snli.safetensors
    .venv/bin/python scripts/train_judge.py finetune --init /tmp/snli.safetensors --epochs 2 --max-tokens 128
    .venv/bin/python scripts/train_nli.py evaluate --weights agent/data/judge.safetensors

``train`` fine-tunes the packaged all-MiniLM-L6-v2 as the judge's cross-encoder (the same network
as agent.judge.build_network: mean-pooled last layer + a 3-way head, word embeddings frozen) on a
seeded, label-balanced subset of ``../shared/data/snli/train_subset.jsonl`` — entailment is the
head's *supports*, contradiction *refutes*, neutral *nei* — for one epoch, then reports accuracy on
the full SNLI test split (9,824 pairs). It writes the trained tensors (fp16) and a card beside them
(``<out>.json``) that scripts/train_judge.py copies into judge.json when it starts from them.
``evaluate`` reports SNLI test accuracy of any judge weights (e.g. the shipped ones).

SNLI 1.0 is CC BY-SA 4.0 (Bowman et al., EMNLP 2015); ../shared/data/snli/README.md says where the
copy comes from. Nothing of it is copied into the repository; derived weights credit it
(docs/credits.md). Short sequences (64 tokens; SNLI pairs are ~30) keep it within a session on two
cores; the timing is printed as it goes (idle machine, 2026-11-27: 55–62 pairs/s, 60,000 pairs in
16.4 min, SNLI test 0.814; 15,000 pairs 4.2 min, 0.763). Results and why those weights did not ship:
docs/measurements.md, "NLI pre-training".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from agent.judge import LABELS, build_network  # noqa: E402
from benchmarks.judge_data import Pair  # noqa: E402
from scripts.train_judge import (  # noqa: E402
    length_buckets,
    load_base,
    predict,
    seed_everything,
    train_step,
    warmup_schedule,
)

SNLI = ROOT.parent / "shared" / "data" / "snli"
TO_LABEL = {"entailment": "supports", "contradiction": "refutes", "neutral": "nei"}


def snli_pairs(split: str) -> list[Pair]:
    """SNLI rows as judge pairs (premise = evidence, hypothesis = claim)."""
    name = {"train": "train_subset.jsonl", "test": "test.jsonl"}[split]
    path = SNLI / name
    if not path.exists():
        raise SystemExit(f"{path} is missing: SNLI is read from ../shared/data/snli (never copied)")
    out = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row["label"] in TO_LABEL:
                out.append(
                    Pair(row["hypothesis"], row["premise"], TO_LABEL[row["label"]], row["pairID"])
                )
    return out


def balanced_subset(pairs: list[Pair], n: int, seed: int) -> list[Pair]:
    rng = random.Random(seed)
    by_label: dict[str, list[Pair]] = {}
    for p in pairs:
        by_label.setdefault(p.label, []).append(p)
    out = []
    for label in LABELS:
        group = by_label[label][:]
        rng.shuffle(group)
        out += group[: n // len(LABELS)]
    rng.shuffle(out)
    return out


def accuracy(pairs: list[Pair], probs: np.ndarray) -> dict:
    gold = np.array([LABELS.index(p.label) for p in pairs])
    pred = probs.argmax(1)
    per = {label: round(float((pred[gold == i] == i).mean()), 4) for i, label in enumerate(LABELS)}
    return {"n": len(pairs), "accuracy": round(float((pred == gold).mean()), 4), "recall": per}


def train(args) -> None:
    import torch
    from safetensors.torch import save_file

    seed_everything(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    pairs = balanced_subset(snli_pairs("train"), args.pairs, args.seed)
    test = snli_pairs("test")
    print(json.dumps({"train": len(pairs), "labels": Counter(p.label for p in pairs)}), flush=True)
    base, tokenizer = load_base()
    network = build_network(base, len(LABELS))
    layers = base.config.num_hidden_layers
    trainable = [f"base.encoder.layer.{i}." for i in range(layers - args.layers, layers)] + [
        "head."
    ]
    for name, param in network.named_parameters():
        param.requires_grad = any(name.startswith(t) for t in trainable)
    params = [p for p in network.parameters() if p.requires_grad]
    steps = (len(pairs) + args.batch - 1) // args.batch
    optimiser = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    schedule = warmup_schedule(optimiser, steps)
    loss_fn = torch.nn.CrossEntropyLoss()
    started = time.perf_counter()
    network.train()
    for k, idx in enumerate(length_buckets(pairs, args.batch, rng)):
        batch = [pairs[i] for i in idx]
        loss = train_step(network, tokenizer, batch, args.max_tokens, loss_fn, optimiser, schedule)
        if k % 50 == 0:
            elapsed = time.perf_counter() - started
            print(
                json.dumps(
                    {
                        "step": k,
                        "of": steps,
                        "loss": round(float(loss.detach()), 4),
                        "s": round(elapsed, 1),
                        "pairs_per_s": round((k + 1) * args.batch / max(elapsed, 1e-9), 1),
                    }
                ),
                flush=True,
            )
    train_s = time.perf_counter() - started
    result = accuracy(test, predict(network, tokenizer, test, args.max_tokens))
    out = Path(args.out)
    state = {
        k: v.detach().to(torch.float16).contiguous()
        for k, v in network.state_dict().items()
        if any(k.startswith(t) for t in trainable)
    }
    save_file(state, str(out))
    card = {
        "trained_on": "SNLI 1.0 train, a label-balanced subset (CC BY-SA 4.0, Bowman et al. 2015)",
        "pairs": len(pairs),
        "epochs": 1,
        "layers_trained": args.layers,
        "lr": args.lr,
        "batch": args.batch,
        "max_tokens": args.max_tokens,
        "seed": args.seed,
        "train_seconds": round(train_s, 1),
        "snli_test": result,
    }
    out.with_suffix(".json").write_text(json.dumps(card, indent=1) + "\n")
    print(json.dumps({"saved": str(out), "bytes": out.stat().st_size, **card}), flush=True)


def evaluate(args) -> None:
    import torch
    from safetensors.torch import load_file

    torch.set_num_threads(args.threads)
    base, tokenizer = load_base()
    network = build_network(base, len(LABELS))
    network.load_state_dict(
        {k: v.to(torch.float32) for k, v in load_file(args.weights).items()}, strict=False
    )
    test = snli_pairs("test")
    started = time.perf_counter()
    result = accuracy(test, predict(network, tokenizer, test, args.max_tokens))
    print(
        json.dumps(
            {
                "weights": args.weights,
                "snli_test": result,
                "s": round(time.perf_counter() - started, 1),
            }
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["train", "evaluate"])
    parser.add_argument("--pairs", type=int, default=15000)
    parser.add_argument("--layers", type=int, default=6, help="train the top N transformer layers")
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--max-tokens", type=int, default=64)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", default="/tmp/snli.safetensors")
    parser.add_argument("--weights", default=str(ROOT / "agent" / "data" / "judge.safetensors"))
    args = parser.parse_args()
    train(args) if args.mode == "train" else evaluate(args)


if __name__ == "__main__":
    main()
