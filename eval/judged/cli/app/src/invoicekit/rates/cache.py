from __future__ import annotations

import json
from pathlib import Path

from platformdirs import user_cache_dir

CACHE_DIR = Path(user_cache_dir("invoicekit"))


def cached_rates(day: str) -> dict[str, str] | None:
    path = CACHE_DIR / f"rates-{day}.json"
    if path.exists():
        return json.loads(path.read_text())  # type: ignore[no-any-return]
    return None
