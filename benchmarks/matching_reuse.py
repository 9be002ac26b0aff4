"""Which cosine should offer a past request for reuse? e5 on hand-labelled request pairs.

Every pair shares the same hard filters (format, headcount, budget, zone), as the service
requires before comparing; the label says whether the organiser would accept the past shortlist
(a paraphrase) or not (another event, or the opposite wish). e5's anisotropy puts everything
above 0.93, negations included, hence a high threshold (decision 0009).

The second part measures the whole reuse decision (cosine ≥ 0.98 **and** no negation or
opposite constraint between the texts, :func:`grace.matching.domain.reuse.opposition`, issue 14)
on the labelled pairs of ``eval/reuse_pairs.jsonl`` (labelling rule in ``eval/README.md``):
accuracy and false-reuse rate (reuse offered for a pair labelled « no »), for the cosine alone,
the rule alone and both.

Reproduce:
    .venv/bin/python benchmarks/matching_reuse.py              # e5 + rule
    .venv/bin/python benchmarks/matching_reuse.py --rule-only  # no model
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from grace.embedding.e5 import E5Embedder
from grace.matching.domain.model import BudgetRange, EventRequest
from grace.matching.domain.reuse import opposition
from grace.matching.domain.texts import request_text

# (past request, new request, reuse?)
PAIRS: list[tuple[str, str, bool]] = [
    ("Dîner de gala pour une remise de prix", "Soirée de gala avec dîner pour remettre des prix",
     True),
    ("Dîner de gala pour une remise de prix", "Dîner de gala, remise des trophées annuels", True),
    ("Séminaire de direction au calme avec salle de réunion",
     "Séminaire du comité de direction, au calme, salle de travail", True),
    ("Mariage champêtre dans une grange", "Mariage à la campagne dans une grange rénovée", True),
    ("Repas d'entreprise de fin d'année dans un restaurant",
     "Dîner de Noël du personnel au restaurant", True),
    ("Festival de jazz en plein air", "Un festival jazz en extérieur", True),
    ("Festival de jazz en plein air", "Festival de jazz en plein air avec food trucks", True),
    ("Conférence avec amphithéâtre et traduction simultanée",
     "Conférence en amphithéâtre, traduction simultanée nécessaire", True),
    ("Dîner de gala pour une remise de prix",
     "Repas très simple, surtout pas de gala ni de remise de prix", False),
    ("Mariage champêtre dans une grange",
     "Mariage en ville dans un hôtel de luxe, surtout pas à la campagne", False),
    ("Séminaire de direction au calme avec salle de réunion", "Soirée dansante bruyante avec DJ",
     False),
    ("Repas d'entreprise de fin d'année dans un restaurant",
     "Conférence scientifique avec amphithéâtre", False),
    ("Dîner de gala pour une remise de prix", "Mariage champêtre dans une grange", False),
    ("Séminaire de direction au calme avec salle de réunion",
     "Séminaire de direction en bord de mer avec activités nautiques", False),
    ("Festival de jazz en plein air",
     "Surtout pas de jazz ni de plein air : une salle fermée et calme", False),
    ("Festival de jazz en plein air", "Festival de musique électronique en plein air", False),
]


LABELLED = Path(__file__).resolve().parents[1] / "eval" / "reuse_pairs.jsonl"
THRESHOLD = 0.98


def text(description: str) -> str:
    r = EventRequest(description, format="seated", headcount=120,
                     budget=BudgetRange(None, 8000), zone="Lyon")
    return request_text(r, zone_label="Lyon (69)")


def scores(offered: list[bool], labels: list[bool]) -> str:
    """``accuracy, false reuse (offered | no), reuse offered (offered | yes)``."""
    o, y = np.array(offered), np.array(labels)
    return (f"accuracy {np.mean(o == y):6.1%}  false reuse {np.mean(o[~y]):6.1%} "
            f"({int(o[~y].sum())}/{int((~y).sum())})  reuse offered {np.mean(o[y]):6.1%} "
            f"({int(o[y].sum())}/{int(y.sum())})")


def labelled(embedder: E5Embedder | None) -> None:
    rows = [json.loads(line) for line in LABELLED.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    labels = [bool(r["reuse"]) for r in rows]
    rule = [opposition(r["past"], r["new"]) is None for r in rows]
    print(f"\n{LABELLED.name}: {len(rows)} pairs ({sum(labels)} reuse, "
          f"{len(rows) - sum(labels)} not)")
    print(f"  rule alone          {scores(rule, labels)}")
    if embedder is None:
        return
    cos = []
    for r in rows:
        a, b = embedder.embed([text(r["past"]), text(r["new"])], kind="query")
        cos.append(float(np.dot(a, b)))
    close = [c >= THRESHOLD for c in cos]
    print(f"  cosine ≥ {THRESHOLD}      {scores(close, labels)}")
    both = [c and k for c, k in zip(close, rule, strict=True)]
    print(f"  cosine and rule     {scores(both, labels)}")
    for r, c, k in zip(rows, cos, rule, strict=True):
        if (c >= THRESHOLD and k) != r["reuse"]:
            print(f"    {c:.4f} rule={'ok ' if k else 'no '} label={r['reuse']!s:5}  "
                  f"{r['past'][:40]} | {r['new'][:40]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rule-only", action="store_true", help="no model: the rule alone")
    if parser.parse_args().rule_only:
        labelled(None)
        return
    embedder = E5Embedder()

    sims, labels = [], []
    for past, new, reuse in PAIRS:
        a, b = embedder.embed([text(past), text(new)], kind="query")
        sims.append(float(np.dot(a, b)))
        labels.append(reuse)
        print(f"{sims[-1]:.4f}  {'reuse    ' if reuse else 'different'}  {new[:70]}")
    s, y = np.array(sims), np.array(labels)
    print(f"\nreuse pairs: min {s[y].min():.4f}  median {np.median(s[y]):.4f}; "
          f"different pairs: max {s[~y].max():.4f}  median {np.median(s[~y]):.4f}")
    print("threshold  offered-when-reusable (recall)  offered-when-different (false offers)")
    for t in (0.95, 0.96, 0.97, 0.975, 0.98, 0.985, 0.99):
        print(f"{t:9.3f}  {np.mean(s[y] >= t):30.0%}  {np.mean(s[~y] >= t):22.0%}")
    labelled(embedder)


if __name__ == "__main__":
    main()
