# The two commands of the README. Both set everything up first (scripts/setup).
TASK ?= Ajouter le use case UpdateProject : valider la commande, charger le projet via son repository et renvoyer une erreur 404 propre si le projet n'existe pas
ROLE ?= backend
# Passed through the environment, so quotes and backticks in TASK reach grace untouched
# (make itself still expands "$X": write "$$X" for a literal dollar).
export TASK ROLE

.PHONY: setup demo test lint

setup:
	@scripts/setup

demo: setup
	@.venv/bin/grace resolve --example --role "$$ROLE" "$$TASK"

test:
	@scripts/setup test
	.venv/bin/python -m pytest

lint: setup
	.venv/bin/ruff check src tests benchmarks
	.venv/bin/mypy
