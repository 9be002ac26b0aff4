"""The issue's acceptance search with the real e5 model, on real venues (a small subset)."""

from __future__ import annotations

import pytest

from grace.bootstrap import build_matching
from grace.config import Settings
from grace.matching.domain.model import EventRequest
from tests.matching_support.apps import breton_festivals


@pytest.mark.model
def test_jazz_festival_within_30_km_of_rennes_ranked_by_meaning(tmp_path, shared_data):
    subset, n = breton_festivals(shared_data, tmp_path)
    assert 100 < n < 400
    app = build_matching(Settings(cache_dir=tmp_path, embedder="e5"),
                         database_url=f"sqlite:///{tmp_path / 'm.sqlite'}")
    app.import_venues(subset, seed=0)
    assert app.worker()().status.stale == 0
    res = app.search(EventRequest("festival de jazz", zone="Rennes", radius_km=30))
    assert res.candidates and all(c.distance_km is not None and c.distance_km <= 30
                                  for c in res.candidates)
    top = [c.name.lower() for c in res.candidates[:3]]
    assert any("jazz" in n for n in top), top

    # The whole pipeline with the real model: 4 + 4 explained, logged; a paraphrase with the
    # same hard filters is offered for reuse (cosine ≥ 0.98), another event is not.
    request = EventRequest("Festival de jazz en plein air", zone="Rennes", radius_km=30)
    first = app.match(request)
    assert first.ranker == "deterministic" and len(first.recommended) == 4
    assert len(first.compatible) == 4
    assert "km du centre de Rennes" in first.recommended[0].explanation
    assert any("jazz" in s.name.lower() for s in first.recommended)
    paraphrase = app.match(EventRequest("Un festival jazz en extérieur", zone="Rennes",
                                        radius_km=30))
    assert [p.search_id for p in paraphrase.similar_requests] == [first.search_id]
    other = app.match(EventRequest("Séminaire d'entreprise avec salle de réunion",
                                   zone="Rennes", radius_km=30))
    assert other.similar_requests == ()
    app.close()
