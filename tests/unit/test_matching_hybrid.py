"""Stage 2's hybrid ranking pieces (issue 16 item 2, decision 0021): the zone taken out of the
ranked text, BM25 over a pool equal to bm25s's, tags matched as facts, the per-member cache."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grace.lexical import Bm25Scorer, analyse, pool_bm25
from grace.matching.adapters.sqlite_store import SqliteMemberRepository
from grace.matching.application.lexicon import MemberLexicon
from grace.matching.domain.model import EventRequest, Member
from grace.matching.domain.ranking import Evidence, Finalist, explain
from grace.matching.domain.texts import topic_text, without_zone, zone_names


@pytest.mark.parametrize(("text", "zone", "label", "topic"), [
    ("Bande dessinée, manga et illustration, pas loin d'Angoulême", "Angoulême",
     "Angoulême (16)", "Bande dessinée, manga et illustration"),
    ("Festival de musique classique près de Lyon, orchestre", "Lyon", "Lyon (69)",
     "Festival de musique classique, orchestre"),
    ("Un festival de jazz pour cet été en Gironde", "33", "Gironde (33)",
     "Un festival de jazz pour cet été"),
    ("Techno et house en ile de france", "Île-de-France", "Île-de-France", "Techno et house"),
    ("Hip-hop à Marseille et alentours", "Marseille", "Marseille (13)", "Hip-hop"),
    ("Jazz dans l'Hérault", "Hérault", "Hérault (34)", "Jazz"),
    # a town that is not the zone stays: it is a wish, not the hard filter
    ("Rap à Marseille", "13", "Bouches-du-Rhône (13)", "Rap à Marseille"),
    # a word that merely contains the name stays
    ("Festival lyonnais de jazz", "Lyon", "Lyon (69)", "Festival lyonnais de jazz"),
])
def test_the_zone_is_taken_out_of_the_ranked_text(text, zone, label, topic):
    assert without_zone(text, zone_names(zone, label)) == topic


def test_topic_text_drops_the_hard_facts_and_falls_back_to_the_description():
    r = EventRequest("Jazz à Rennes", extra="scène couverte", format="standing", headcount=300,
                     zone="Rennes", radius_km=30)
    assert topic_text(r, zone_label="Rennes (35)") == "Jazz scène couverte"
    assert topic_text(EventRequest("Rennes", zone="Rennes"), zone_label="Rennes (35)") == "Rennes"
    assert zone_names("75011", "75011 (Paris 11e Arrondissement)") == (
        "75011", "Paris 11e Arrondissement")


WORDS = ["jazz", "festival", "musique", "classique", "rock", "théâtre", "rue", "cinéma",
         "court", "métrage", "livre", "polar", "danse"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=0, max_size=12), min_size=1,
                max_size=12),
       st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
def test_pool_bm25_gives_the_figures_of_bm25s(docs, query):
    texts = [" ".join(d) for d in docs]
    q = " ".join(query)
    vocab: dict[str, int] = {}
    ids = [np.array([vocab.setdefault(t, len(vocab)) for t in analyse(x, language="french")],
                    dtype=np.int32) for x in texts]
    terms = [vocab[t] for t in analyse(q, language="french") if t in vocab]
    want = Bm25Scorer(texts).scores(q) if all(texts) else None
    got = pool_bm25(ids, terms)
    assert got.shape == (len(texts),) and np.all((got >= 0) & (got <= 1))
    if want is not None and analyse(q) == analyse(q, language="french"):
        # bm25s keeps its scores in float32 (about 7 significant digits): a one-document
        # corpus of three saturated terms differed by 3e-8 (hypothesis found it)
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)


def _venue(i: int, name: str, tags: tuple[str, ...], text: str = "") -> Member:
    return Member(f"#F{i}", name, f"Festival « {name} ». {text}", "69001", "Lyon",
                  45.76, 4.83, tags=tags)


class _Counting(SqliteMemberRepository):
    def __init__(self) -> None:
        super().__init__(":memory:")
        self.read: list[int] = []

    def summaries(self, ids):
        self.read += list(ids)
        return super().summaries(ids)


def test_the_specific_tag_outweighs_the_broad_one_and_is_named():
    repo = _Counting()
    repo.migrate()
    repo.upsert_members([
        _venue(1, "Pop en ville", ("Musique", "Pop")),
        _venue(2, "Les grands concerts", ("Musique", "Musique classique")),
        _venue(3, "Rue libre", ("Spectacle vivant", "Arts de la rue")),
        _venue(4, "Quatuor", ("Musique",), "orchestre et musique de chambre"),
        _venue(5, "Courts", ("Cinéma, audiovisuel", "Court métrage")),
        _venue(6, "Planches", ("Spectacle vivant", "Théâtre")),
    ])
    ids = sorted(repo.ids_for([f"#F{i}" for i in range(1, 7)]).values())
    ch = MemberLexicon().channels(repo, ids, "Festival de musique classique, orchestre")
    pop, classical, street, _quartet, _, _ = ch.themes
    assert classical == 1.0 and classical > pop > street == 0.0
    assert (ch.evidence[ids[1]].themes, ch.evidence[ids[1]].words) == (("Musique classique",), ())
    assert ch.evidence[ids[1]].asked == "Musique classique"
    assert ch.evidence[ids[3]].words == ("orchestre",)  # « festival » is in every record
    assert ch.lexical[3] == max(ch.lexical) and ch.lexical[2] < ch.lexical[0] < ch.lexical[1]
    # in a pool where most records say « musique », the word tells nothing apart
    few = MemberLexicon().channels(repo, ids[:4], "Festival de musique classique")
    assert few.themes[0] == 0.0 and few.evidence[ids[1]].themes == ("Musique classique",)


def test_the_cache_reads_a_member_again_only_after_it_was_written():
    repo = _Counting()
    repo.migrate()
    repo.upsert_members([_venue(1, "Jazz club", ("Jazz",)), _venue(2, "Rock", ("Rock",)),
                         _venue(3, "Planches", ("Théâtre",)), _venue(4, "Courts", ("Cinéma",))])
    ids = sorted(repo.ids_for(["#F1", "#F2", "#F3", "#F4"]).values())
    lexicon = MemberLexicon()
    first = lexicon.channels(repo, ids, "jazz")
    assert sorted(repo.read) == ids
    repo.read.clear()
    lexicon.channels(repo, ids, "rock")
    assert repo.read == []
    repo.upsert_members([_venue(2, "Rock", ("Rock", "Jazz"))])
    again = lexicon.channels(repo, ids, "jazz")
    assert repo.read == [ids[1]]
    assert first.themes[1] == 0.0 and again.themes[1] > 0.0


def test_the_explanation_names_the_matched_facts_and_never_a_similarity_figure():
    m = _venue(1, "Les grands concerts", ("Musique", "Musique classique"))
    req = EventRequest("Festival de musique classique, orchestre", zone="Lyon")
    named = Finalist(m, 0.86, 1.2, evidence=Evidence(("Musique classique",), ("orchestre",)))
    text = explain(named, req, "Lyon (69)", recommended=True)
    assert text == ("Recommandé : thème « Musique classique » ; « orchestre » dans sa fiche ; "
                    "à 1,2 km du centre de Lyon (69).")
    bare = explain(Finalist(m, 0.86, None, evidence=Evidence()), req, None, recommended=False)
    assert bare == ("Compatible : aucun mot de la demande dans sa fiche (« Musique », « Musique "
                    "classique »), le plus proche par le sens.")
    assert "0,86" not in bare and "similarit" not in bare
