# The two commands of the README. Both set everything up first (scripts/setup).
TASK ?= Ajouter le use case UpdateProject : valider la commande, charger le projet via son repository et renvoyer une erreur 404 propre si le projet n'existe pas
ROLE ?= backend
# Passed through the environment, so quotes and backticks in TASK reach grace untouched
# (make itself still expands "$X": write "$$X" for a literal dollar).
export TASK ROLE

.PHONY: setup demo test lint eval-catalog eval dist

# The real rules of ../shared/data imported into the polyglot evaluation project (eval/README.md).
RULES ?= ../shared/data/rule-catalogs
eval-catalog: setup
	@rm -rf eval/polyglot/catalog
	@.venv/bin/grace catalog import -f agent-skills $(RULES)/agent-skills eval/polyglot/catalog >/dev/null
	@.venv/bin/grace catalog import -f cursor $(RULES)/cursor/rules eval/polyglot/catalog >/dev/null
	@.venv/bin/grace catalog import -f copilot $(RULES)/copilot/instructions eval/polyglot/catalog >/dev/null
	@echo "eval/polyglot/catalog: $$(ls eval/polyglot/catalog | wc -l) talents"

# Each judged set's labels: eval/judged/NAME/NAME.jsonl
JUDGED = $(foreach d,$(sort $(wildcard eval/judged/*/)),$(d)$(notdir $(d:/=)).jsonl)

# The relevance harness on the label sets, seed vs hybrid vs relevance off; then the new users'
# judged sets (eval/judged/README.md), hybrid vs relevance off.
eval: eval-catalog
	.venv/bin/grace eval relevance eval/example_tasks.jsonl eval/polyglot/tasks.jsonl --algo seed --algo hybrid --algo off
	.venv/bin/grace eval relevance $(JUDGED) --algo hybrid --algo off

setup:
	@scripts/setup

demo: setup
	@.venv/bin/grace resolve --example --role "$$ROLE" "$$TASK"

# Branch coverage is reported at the end ([tool.coverage] in pyproject.toml).
# Each run gets its own temporary root: pytest keeps only the last three runs' folders per user,
# so a second run on the same machine deleted the first one's PostgreSQL data folder under it.
test:
	@scripts/setup test
	PYTEST_DEBUG_TEMPROOT=$$(mktemp -d) .venv/bin/python -m pytest --cov --cov-report=term

lint: setup
	.venv/bin/ruff check src tests benchmarks
	.venv/bin/mypy
	.venv/bin/lint-imports --no-logo

# A wheel and an sdist in dist/ (the wheel built from the sdist; offline, setuptools of the venv).
dist: setup
	@PYTHON=.venv/bin/python scripts/dist dist
