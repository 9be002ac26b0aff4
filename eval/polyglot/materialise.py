"""Write the polyglot monorepo of the label set as real folders, with a manifest per package.

The label set's files in play are only names (`eval/polyglot/tasks.jsonl`); this script creates
them empty under DEST, with the dependency manifests each package of such a monorepo declares
(`grace.yaml`'s comments say which stack lives where), a `grace.yaml` whose catalog is this
folder's imported one, and the labels. `grace eval relevance DEST/tasks.jsonl` then measures
what the files' own packages say (decision 0010, seventh follow-up). The root declares no stack.

    make eval-catalog
    .venv/bin/python eval/polyglot/materialise.py /tmp/polyglot-monorepo
    .venv/bin/grace eval relevance /tmp/polyglot-monorepo/tasks.jsonl --algo hybrid
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def package_json(*deps: str) -> str:
    return json.dumps({"dependencies": {d: "*" for d in deps}}, indent=2)


def pyproject(*deps: str) -> str:
    listed = ", ".join(f'"{d}"' for d in deps)
    return f'[project]\nname = "pkg"\nversion = "0"\ndependencies = [{listed}]\n'


MANIFESTS: dict[str, str] = {
    "services/api/pyproject.toml": pyproject("fastapi", "pydantic", "sqlalchemy", "uvicorn"),
    "services/catalog/pyproject.toml": pyproject("fastapi", "pydantic", "redis"),
    "apps/backoffice/requirements.txt": "django\ndjango-htmx\npsycopg\n",
    "libs/py-common/pyproject.toml": pyproject("python-dateutil"),
    "scripts/ingest/requirements.txt": "requests\npytest\n",
    "apps/web/package.json": package_json("react", "react-dom", "zustand", "react-router",
                                          "@tanstack/react-query", "vite", "vitest",
                                          "tailwindcss"),
    "apps/storefront/package.json": package_json("next", "react", "react-dom", "tailwindcss",
                                                 "@tanstack/react-query", "next-intl"),
    "apps/admin/package.json": package_json("nuxt", "vue", "pinia"),
    "apps/partner-portal/package.json": package_json("@angular/core", "@angular/forms", "rxjs",
                                                     "jest"),
    "apps/marketing/package.json": package_json("@sveltejs/kit", "svelte", "tailwindcss"),
    "services/gateway/package.json": package_json("express", "vitest"),
    "libs/ts-utils/package.json": package_json("typescript"),
    "packages/shared/package.json": package_json("zod", "typescript"),
    "services/billing/go.mod": "module acme/billing\n\ngo 1.22\n\nrequire (\n"
                               "\tgithub.com/jackc/pgx/v5 v5.5.0\n)\n",
    "services/ingest/go.mod": "module acme/ingest\n\ngo 1.22\n\nrequire (\n"
                              "\tgithub.com/segmentio/kafka-go v0.4.0\n)\n",
    "services/pricing-engine/Cargo.toml": '[package]\nname = "pricing"\n\n[dependencies]\n'
                                          'thiserror = "1"\nserde = "1"\n',
    "services/legacy-shop/Gemfile": 'gem "rails"\ngem "solid_queue"\n',
    "services/cms/composer.json": json.dumps(
        {"require": {"php": "^8.3", "laravel/framework": "^11", "livewire/livewire": "^3"}}),
}


def main(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    text = (HERE / "grace.yaml").read_text(encoding="utf-8")
    catalog = (HERE / "catalog").resolve()
    if not catalog.is_dir():
        sys.exit("no eval/polyglot/catalog: run `make eval-catalog` first")
    (dest / "grace.yaml").write_text(
        text.replace("\ncatalog: catalog\n", f"\ncatalog: {catalog}\n", 1), encoding="utf-8")
    labels = (HERE / "tasks.jsonl").read_text(encoding="utf-8")
    (dest / "tasks.jsonl").write_text(labels, encoding="utf-8")
    for line in labels.splitlines():
        for name in json.loads(line).get("files") or ():
            path = dest / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
    for name, content in MANIFESTS.items():
        path = dest / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    sys.stdout.write(f"{dest}: {len(MANIFESTS)} package manifests; "
                     f"grace eval relevance {dest / 'tasks.jsonl'} --algo hybrid\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
