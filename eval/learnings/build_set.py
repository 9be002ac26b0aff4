"""Build ``learnings.jsonl`` of the learnings evaluation set (see README.md).

Run from the repository root:  python eval/learnings/build_set.py [--data ../shared/data]

Hand-written incidents (``incidents.jsonl``) are mixed with real changelog entries of
``tasks/changelog_tasks.jsonl`` (shared data, MIT / BSD-3-Clause) turned into learnings: half of
the distractors are drawn among entries that share vocabulary with the incidents (cache, auth,
cookie, migration, timezone, …: hard distractors), half at random; the line order is shuffled.
Everything is seeded: the same inputs give the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 15
HARD = 130
RANDOM = 130
OVERLAP = re.compile(
    r"cach|auth|csrf|cookie|session|time ?zone|migrat|encod|utf|unicode|header|cors|token|"
    r"password|deploy|locale|translat|i18n|upload|queue|log|retr|sql|paginat|date|payment|"
    r"secret|ssl|tls|certif|websocket|e-?mail|rate|lock|redirect|csv|font|proxy|test|ci\b",
    re.IGNORECASE,
)


def distractor(row: dict[str, str], day: dt.date) -> dict[str, object]:
    """One changelog entry as a learning: the change is the story, the upgrade advice the lesson."""
    text = " ".join(row["text"].split())
    project = row["project"].split("/")[-1]
    return {
        "id": "cl-" + row["id"].replace(":", "-"),
        "story": f"{project} changelog ({row['kind']}): {text}",
        "tags": [row["stack"], row["kind"]],
        "learning": f"Before upgrading {project}, check this {row['kind']}: {text}",
        "date": day.isoformat(),
        "domain": row["stack"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    args = parser.parse_args()
    rng = random.Random(SEED)
    rows = [json.loads(line) for line in
            (args.data / "tasks" / "changelog_tasks.jsonl").read_text("utf-8").splitlines()]
    rows = [r for r in rows if 25 <= len(r["text"]) <= 300]
    hard = [r for r in rows if OVERLAP.search(r["text"])]
    picked = rng.sample(hard, HARD)
    rest = [r for r in rows if r not in picked]
    picked += rng.sample(rest, RANDOM)
    start = dt.date(2025, 5, 1)
    entries = [distractor(r, start + dt.timedelta(days=rng.randrange(365))) for r in picked]
    entries += [json.loads(line) for line in
                (HERE / "incidents.jsonl").read_text("utf-8").splitlines() if line.strip()]
    rng.shuffle(entries)
    out = HERE / "learnings.jsonl"
    out.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), "utf-8")
    print(f"{out}: {len(entries)} entries ({len(entries) - HARD - RANDOM} incidents, "
          f"{HARD} hard + {RANDOM} random changelog distractors)")


if __name__ == "__main__":
    main()
