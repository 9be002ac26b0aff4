"""Issue 16's comics request near Angoulême with the real e5 model: the book festivals first,
the music festivals said to be off the theme, every sentence naming facts."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from grace.bootstrap import build_matching
from grace.config import Settings
from grace.matching.domain.model import EventRequest


def _subset(shared_data: Path, tmp_path: Path, name: str, keep: re.Pattern[str],
            column: str) -> Path:
    src = shared_data / "venues" / "festivals_france.csv"
    with src.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if keep.search(r[column])]
        fields = reader.fieldnames
    assert fields is not None and rows
    out = tmp_path / name
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    return out


@pytest.mark.model
def test_comics_near_angouleme_book_festivals_first_music_said_off_theme(tmp_path,
                                                                          shared_data):
    app = build_matching(Settings(cache_dir=tmp_path, embedder="e5", ranker="deterministic"),
                         database_url=f"sqlite:///{tmp_path / 'm.sqlite'}")
    # the Charente's festivals, embedded; then the comics festivals of elsewhere, left
    # unembedded: only their tags matter here (what « Bande dessinée » is a genre of)
    app.import_venues(_subset(shared_data, tmp_path, "16.csv", re.compile(r"^16"),
                              "postal_code"), seed=0)
    assert app.worker()().status.stale == 0
    app.import_venues(_subset(shared_data, tmp_path, "bd.csv",
                              re.compile(r"(?i)bande.?dessin"), "subcategory"), seed=0)
    res = app.match(EventRequest("Bande dessinée, manga et illustration, pas loin d'Angoulême"))
    assert (res.zone, res.zone_source) == ("Angoulême (16)", "description")
    shown = res.recommended + res.compatible
    assert len(shown) == 8
    assert [s.name for s in res.recommended[:2]] == ["FIBD – Festival d’Angoulême",
                                                     "Littératures Métisses"]
    assert all("discipline « Livre, littérature », celle de « Bande dessinée »" in s.explanation
               for s in res.recommended[:2])
    for s in shown:
        assert "description proche" not in s.explanation and "similarit" not in s.explanation
        if s.name in ("Bisou", "Les Musicales", "Les Insolantes"):
            assert "faute de mieux : hors du thème « Bande dessinée »" in s.explanation
    off = [n for n in res.notices if n.type == "off-theme"]
    assert off and off[0].count == sum("faute de mieux" in s.explanation for s in shown)
    app.close()
