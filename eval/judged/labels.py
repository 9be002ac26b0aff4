"""Write a judged set's label file from its verdicts: ``eval/judged/NAME/NAME.jsonl``.

Usage: ``python eval/judged/labels.py eval/judged/NAME`` (eval/judged/README.md). Per verdict:
``must`` = the rules judged relevant, then the misses (each once); ``acceptable`` = none;
``out_of_domain`` = no rule of the catalog was judged relevant; ``role`` = the role the trial
used (``role_used``, else ``role``); ``project`` = ``app/grace.yaml``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def labels(folder: Path) -> list[dict[str, object]]:
    """The label rows of the judged set ``folder`` (its ``verdicts.jsonl``), in file order.

    Raises:
        OSError: no ``verdicts.jsonl`` in ``folder``.
        ValueError, KeyError: a line is not a verdict (JSON with ``id``, ``role``, ``task``).
    """
    rows = []
    for line in (folder / "verdicts.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        verdict = json.loads(line)
        must = list(dict.fromkeys([*verdict.get("relevant", []), *verdict.get("misses", [])]))
        rows.append({
            "id": f"{folder.name}-{verdict['id']}", "task": verdict["task"],
            "role": verdict.get("role_used") or verdict["role"], "project": "app/grace.yaml",
            "files": verdict.get("files") or [], "must": must, "acceptable": [],
            "out_of_domain": not must, "note": verdict.get("note", "")})
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(argv[0])
    rows = labels(folder)
    out = folder / f"{folder.name}.jsonl"
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                   encoding="utf-8")
    print(f"{out}: {len(rows)} tasks, {sum(bool(r['out_of_domain']) for r in rows)} out of domain")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
