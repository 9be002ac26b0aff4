"""The theme a request names, as the store's tags, and each member's fit to it (issue 16: a
classical request got pop festivals explained by « thème « Musique » »; a comics request near
Angoulême got music festivals explained only by « description proche du sens de la demande »).
"""

from __future__ import annotations

from grace.matching.adapters.sqlite_store import SqliteMemberRepository
from grace.matching.application.lexicon import MemberLexicon
from grace.matching.domain.model import EventRequest, Member
from grace.matching.domain.ranking import (
    Evidence,
    Finalist,
    RankingBrief,
    deterministic_ranking,
    explain,
)
from grace.matching.domain.themes import TagStats, request_theme

K = frozenset


def _stats() -> TagStats:
    music, classical, current, book, comics, polar = (K({1}), K({1, 2}), K({1, 3}), K({4, 5}),
                                                      K({6, 7}), K({8}))
    names = {music: "Musique", classical: "Musique classique", current: "Musiques actuelles",
             book: "Livre, littérature", comics: "Bande dessinée", polar: "Polar"}
    rows = ([[music, classical]] * 6 + [[music, current]] * 8 + [[music]] * 4
            + [[book, comics]] * 5 + [[book, polar]] * 4 + [[book]] * 6)
    return TagStats.build([(k, names[k]) for k in r] for r in rows)


def test_the_hierarchy_comes_from_the_tags_members_carry_together():
    st = _stats()
    assert st.parents[K({1, 2})] == {K({1})} and st.parents[K({1, 3})] == {K({1})}
    assert st.parents[K({6, 7})] == {K({4, 5})} and st.parents[K({1})] == frozenset()
    # « musique classique »: the discipline is named and one of its genres
    classical = request_theme(st, {1, 2})
    assert classical.wanted == {K({1, 2})} and classical.disciplines == {K({1})}
    assert classical.asked is not None and st.names[classical.asked] == "Musique classique"
    # « bande dessinée »: a genre whose discipline the request does not name
    comics = request_theme(st, {6, 7})
    assert comics.wanted == {K({6, 7})} and comics.disciplines == {K({4, 5})}
    # « festival de musique »: the discipline alone is the theme
    assert request_theme(st, {1}).wanted == {K({1})}
    # no tag named: no theme
    assert not request_theme(st, {99})


def _venue(i: int, name: str, tags: tuple[str, ...], commune: str = "Angoulême") -> Member:
    return Member(f"#F{i}", name, f"Festival « {name} ». à {commune}.", "16000", commune,
                  45.65, 0.16, tags=tags)


def _store() -> tuple[SqliteMemberRepository, dict[str, int]]:
    repo = SqliteMemberRepository(":memory:")
    repo.migrate()
    members = [
        _venue(1, "FIBD", ("Livre, littérature",)),
        _venue(2, "Bisou", ("Musique", "Musiques actuelles")),
        _venue(3, "Piano en Valois", ("Musique", "Musiques classiques et savantes")),
        _venue(4, "Polar en fête", ("Livre, littérature", "Polar")),
        _venue(5, "Mars en Braconne", ("Spectacle vivant", "Théâtre")),
        _venue(6, "Les Musicales", ("Musique",)),
    ]
    # elsewhere in the store: what the tags say about each other
    members += [_venue(10 + i, f"BD {i}", ("Livre, littérature", "Bande dessinée"), "Paris")
                for i in range(5)]
    members += [_venue(20 + i, f"Classique {i}", ("Musique", "Musique classique"), "Lyon")
                for i in range(5)]
    members += [_venue(30 + i, f"Rock {i}", ("Musique", "Musiques actuelles"), "Rennes")
                for i in range(5)]
    members += [_venue(40 + i, f"Noir {i}", ("Livre, littérature", "Polar"), "Lille")
                for i in range(3)]
    repo.upsert_members(members)
    return repo, repo.ids_for([m.code for m in members])


def test_a_member_fits_by_genre_by_discipline_or_not_at_all():
    repo, ids = _store()
    local = [ids[f"#F{i}"] for i in range(1, 7)]
    lexicon = MemberLexicon()
    comics = lexicon.channels(repo, local, "Bande dessinée, manga et illustration")
    fits = {c: (comics.evidence[ids[c]].fit, comics.evidence[ids[c]].fit_tags)
            for c in ("#F1", "#F2", "#F4")}
    assert fits == {"#F1": ("discipline", ("Livre, littérature",)),
                    "#F2": ("none", ()),
                    "#F4": ("other", ("Livre, littérature", "Polar"))}
    assert comics.evidence[ids["#F1"]].asked == "Bande dessinée"
    assert comics.fit is not None and comics.fit[0] > comics.fit[3] > comics.fit[1] == 0.0
    classical = lexicon.channels(repo, local, "Festival de musique classique près de Lyon")
    ev = {c: classical.evidence[ids[c]] for c in ("#F2", "#F3", "#F6")}
    assert [ev[c].fit for c in ("#F3", "#F6", "#F2")] == ["theme", "discipline", "other"]
    assert classical.fit is not None and classical.fit[2] > classical.fit[5] > classical.fit[1]
    # « près » says where, not what: never a reason
    assert all("près" not in e.words for e in classical.evidence.values())


def _finalist(i: int, tags: tuple[str, ...], ev: Evidence, km: float = 0.9) -> Finalist:
    return Finalist(_venue(i, f"Festival {i}", tags), 0.84, km, evidence=ev)


def test_the_sentences_name_the_fit_and_say_off_theme_and_the_off_theme_come_last():
    req = EventRequest("Bande dessinée, manga et illustration", zone="Angoulême", radius_km=30)
    asked = "Bande dessinée"
    fibd = _finalist(1, ("Livre, littérature",),
                     Evidence(fit="discipline", fit_tags=("Livre, littérature",), asked=asked))
    music = _finalist(2, ("Musique", "Musiques actuelles"), Evidence(fit="none", asked=asked))
    polar = _finalist(4, ("Livre, littérature", "Polar"),
                      Evidence(fit="other", fit_tags=("Livre, littérature", "Polar"),
                               asked=asked))
    assert explain(fibd, req, "Angoulême (16)", recommended=True) == (
        "Recommandé : discipline « Livre, littérature », celle de « Bande dessinée », sans genre "
        "précisé dans sa fiche ; à 0,9 km du centre d’Angoulême (16).")
    assert explain(music, req, "Angoulême (16)", recommended=False) == (
        "Compatible faute de mieux : hors du thème « Bande dessinée » : « Musique », « Musiques "
        "actuelles » ; à 0,9 km du centre d’Angoulême (16).")
    assert explain(polar, req, "Angoulême (16)", recommended=False) == (
        "Compatible faute de mieux : hors du thème « Bande dessinée » : genre « Polar » "
        "(discipline « Livre, littérature ») ; à 0,9 km du centre d’Angoulême (16).")
    for text in (explain(f, req, "Angoulême (16)", recommended=True)
                 for f in (fibd, music, polar)):
        assert "description proche" not in text
    # an off-theme member ahead in stage 2 is not recommended before an on-theme one
    more = tuple(_finalist(10 + i, ("Musique",), Evidence(fit="none", asked=asked))
                 for i in range(4))
    ranking = deterministic_ranking(RankingBrief(req, "Angoulême (16)",
                                                 (music, polar, *more, fibd)))
    assert ranking.recommended[0].code == fibd.code
