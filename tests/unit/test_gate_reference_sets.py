"""The gate's two reference sets (out-of-domain probes, generic software requests) are written
for the purpose: balanced in English and French, without repeats, and none taken from a label
set the harness scores (decision 0010: the gate is calibrated on them, never on labels)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grace.resolution.application.probes import PROBES, SOFTWARE_REQUESTS, WORK_TALK
from grace.text import fold

ROOT = Path(__file__).resolve().parents[2]
LABELS = [ROOT / "eval" / "example_tasks.jsonl", ROOT / "eval" / "polyglot" / "tasks.jsonl",
          *(d / f"{d.name}.jsonl" for d in sorted((ROOT / "eval" / "judged").iterdir())
            if (d / f"{d.name}.jsonl").is_file())]


def _tasks() -> set[str]:
    out: set[str] = set()
    for path in LABELS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                out.add(fold(json.loads(line)["task"]).strip())
    return out


@pytest.mark.parametrize("reference", [PROBES, SOFTWARE_REQUESTS, WORK_TALK])
def test_a_reference_set_is_not_a_label_set(reference: tuple[str, ...]) -> None:
    labelled = _tasks()
    assert len(labelled) > 200
    assert not [r for r in reference if fold(r).strip() in labelled]
    assert len(set(reference)) == len(reference)


def test_software_requests_name_no_stack_and_are_half_french() -> None:
    from grace.resolution.domain.languages import FRAMEWORK_LANGUAGES, languages_in_text

    assert len(SOFTWARE_REQUESTS) == 40
    for request in SOFTWARE_REQUESTS:
        assert languages_in_text(request) == ((), ()), request
        assert not set(fold(request).split()) & set(FRAMEWORK_LANGUAGES), request
    french = [r for r in SOFTWARE_REQUESTS
              if set(fold(r).split()) & {"le", "la", "les", "un", "une", "des", "du", "ce",
                                         "cette", "ses", "sa", "son", "au"}]
    assert len(french) == 20


def test_work_talk_is_messages_to_colleagues_half_french_and_names_no_client() -> None:
    """Decision 0029: a message to a client is an application's feature, never work talk."""
    assert len(WORK_TALK) == 4
    french = [r for r in WORK_TALK if set(fold(r).split()) & {"mon", "mes", "pour", "leur"}]
    assert len(french) == 2
    assert not [r for r in WORK_TALK if {"client", "customer", "clients", "customers"}
                & set(fold(r).replace(",", " ").split())]
