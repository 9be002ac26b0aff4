"""End-to-end: the organiser page in headless Chromium (Debian's /usr/bin/chromium driven by
playwright, no browser download) against ``grace serve`` over 300 real venues."""

from __future__ import annotations

import csv
import io
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from grace.bootstrap import build_matching
from grace.config import Settings
from tests.matching_support.fake_anthropic import FakeAnthropic, computed, serve_fake_anthropic

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--lang=fr-FR"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(tmp: Path, db: str, env_extra: dict[str, str]) -> Iterator[str]:
    """``grace serve`` over ``db`` in a subprocess; yields its URL, stops it at the end."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GRACE_", "ANTHROPIC_"))}
    env.update(GRACE_CACHE_DIR=str(tmp), GRACE_EMBEDDER="fake", **env_extra)
    port = free_port()
    log_path = tmp / f"serve-{port}.log"
    log = log_path.open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "grace", "serve", "--port", str(port), "--db",
                             db],
                            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"grace serve exited: {log_path.read_text()}"
            assert time.monotonic() < deadline, "grace serve did not answer in 60 s"
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        assert f"GRACE serving on {url}/" in log_path.read_text()
        assert "300 members, 0 awaiting embedding" in log_path.read_text()
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> tuple[Path, str]:
    """300 real venues imported and embedded (fake embedder): the folder and the URL."""
    tmp = tmp_path_factory.mktemp("web")
    db = f"sqlite:///{tmp / 'members.sqlite'}"
    matching = build_matching(Settings(cache_dir=tmp, embedder="fake"), database_url=db)
    matching.import_venues(shared_data / "venues" / "festivals_france.csv", seed=0, limit=300)
    assert matching.worker()().status.stale == 0
    matching.close()
    return tmp, db


@pytest.fixture(scope="module")
def server(database: tuple[Path, str]) -> Iterator[str]:
    """``grace serve`` with the deterministic ranker; yields its URL."""
    yield from _serve(*database, {"GRACE_RANKER": "deterministic"})


@pytest.fixture(scope="module")
def llm() -> Iterator[FakeAnthropic]:
    """The loopback stand-in of the Messages API the LLM server talks to."""
    with serve_fake_anthropic() as fake:
        yield fake


@pytest.fixture(scope="module")
def llm_server(database: tuple[Path, str], llm: FakeAnthropic) -> Iterator[str]:
    """``grace serve`` with Claude (the real SDK) against the stand-in; yields its URL."""
    yield from _serve(*database, {"GRACE_RANKER": "claude",
                                  "ANTHROPIC_API_KEY": "sk-test-page",
                                  "ANTHROPIC_BASE_URL": llm.base_url,
                                  "GRACE_LLM_TIMEOUT_S": "10"})


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ``<pytest's base temp>/screenshots`` (outside the tree)."""
    folder = tmp_path_factory.getbasetemp() / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium; a Chromium that cannot start fails the test (never a skip)."""
    with sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Exception as exc:  # noqa: BLE001 - the launcher's error names what is missing
            pytest.fail(f"Chromium could not start from {CHROMIUM}: {exc}")
        yield chromium
        chromium.close()


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


@contextmanager
def opened_page(browser: Browser, server: str, viewport: dict[str, int]) -> Iterator[Page]:
    """A fresh French page at ``viewport`` that records every request and console error; at
    the end, no request left the server and no script error happened."""
    context = browser.new_context(locale="fr-FR", viewport=viewport,  # type: ignore[arg-type]
                                  accept_downloads=True)
    pg = context.new_page()
    requested: list[str] = []
    errors: list[str] = []
    pg.on("request", lambda r: requested.append(r.url))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "/")
    yield pg
    context.close()
    # no network beyond the server (the CSV export is a same-origin blob: URL)
    assert all(u.startswith((server + "/", "blob:" + server + "/")) for u in requested), \
        requested
    pg_errors = [e for e in errors if "status of 422" not in e]  # the refused requests' answers
    assert pg_errors == [], pg_errors


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """The page at desktop size (1280×800)."""
    with opened_page(browser, server, DESKTOP) as pg:
        yield pg


@pytest.fixture(params=list(VIEWPORTS))
def sized_page(request: pytest.FixtureRequest, browser: Browser,
               server: str) -> Iterator[tuple[str, Page]]:
    """The page at desktop size, then at a phone's width (390 px)."""
    with opened_page(browser, server, VIEWPORTS[request.param]) as pg:
        yield request.param, pg


def submit(page: Page, *, description: str, zone: str, **fields: str) -> None:
    page.get_by_label("Description de l'événement").fill(description)
    page.get_by_label("Zone", exact=True).fill(zone)
    for label, value in fields.items():
        page.get_by_label(label).fill(value)
    page.get_by_role("button", name="Rechercher").click()


def stats(server: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server}/api/stats", timeout=10).json()
    return data


def in_viewport(page: Page, selector: str) -> bool:
    """The element's top edge is inside the visible part of the page."""
    top = page.eval_on_selector(selector, "e => e.getBoundingClientRect().top")
    height = page.evaluate("window.innerHeight")
    return bool(0 <= top < height)


def visible_text(page: Page) -> str:
    return page.locator("body").inner_text()


def test_results_are_scrolled_into_view_announced_focused_and_mapped(
        sized_page: tuple[str, Page], screenshots: Path) -> None:
    size, page = sized_page
    page.screenshot(path=str(screenshots / f"form-{size}.png"))
    assert not in_viewport(page, "#results-title") or page.locator("#results").is_hidden()
    submit(page, description="Festival de musique en plein air", zone="Bretagne")
    status = page.locator("#status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text("8 lieu(x) proposé(s) : 4 recommandé(s), 4 compatible(s).")
    expect(page.locator("#results-title")).to_be_focused()
    # the results start on screen after « Rechercher » (the form is taller than the viewport)
    page.wait_for_function("(t => t >= 0 && t < 60)(document.getElementById('results-title')"
                           ".getBoundingClientRect().top)")
    assert in_viewport(page, "#results-title")
    cards = page.locator("li.card")
    expect(cards).to_have_count(8)
    # the map: France from the département centres, one numbered pin per located member
    expect(page.locator("#map .deps circle")).to_have_count(96)
    pins = page.locator("#map .pin")
    off = page.locator("#map-off")
    located = pins.count()
    assert located >= 6, located
    if located < 8:
        expect(off).to_contain_text("Hors de la carte")
    codes = [cards.nth(i).get_attribute("data-code") for i in range(8)]
    pin_codes = [pins.nth(i).get_attribute("data-code") for i in range(located)]
    assert set(pin_codes) <= set(codes)
    expect(pins.first.locator("text")).to_have_text(str(codes.index(pin_codes[0]) + 1))
    # the map is framed on the shortlist: every pin inside the drawing, Brittany's
    # départements named, far ones (Bas-Rhin) not
    box = page.locator("#map").bounding_box()
    assert box is not None
    for i in range(located):
        pin = pins.nth(i).bounding_box()
        assert pin is not None
        cx, cy = pin["x"] + pin["width"] / 2, pin["y"] + pin["height"] / 2
        assert box["x"] <= cx <= box["x"] + box["width"], (cx, box)
        assert box["y"] <= cy <= box["y"] + box["height"], (cy, box)
    names = page.locator("#map .deps text").all_text_contents()
    assert {"Finistère", "Ille-et-Vilaine", "Morbihan", "Côtes-d'Armor"} <= set(names), names
    assert "Bas-Rhin" not in names
    # nothing technical for the organiser: no CLI advice, no millisecond table on show
    text = visible_text(page)
    assert "grace " not in text and "(ms)" not in text and "`" not in text, text
    expect(page.locator("#funnel")).to_be_hidden()
    tech = page.locator("#tech")
    expect(tech.locator("summary")).to_have_text("Détails techniques")
    page.screenshot(path=str(screenshots / f"results-{size}.png"))
    page.screenshot(path=str(screenshots / f"results-{size}-full.png"), full_page=True)
    tech.locator("summary").click()
    expect(page.locator("#funnel")).to_be_visible()
    expect(page.locator("#funnel tbody tr")).to_have_count(6)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[size]["width"], f"horizontal scroll at {size}: {width}px"


def test_search_shows_explained_groups_and_records_feedback(page: Page, server: str,
                                                            screenshots: Path):
    before = stats(server)
    expect(page).to_have_title("GRACE — trouver un lieu pour votre événement")
    submit(page, description="Festival de musique en plein air", zone="Bretagne")
    recommended = page.locator("#recommended li.card")
    compatible = page.locator("#compatible li.card")
    expect(recommended).to_have_count(4)
    expect(compatible).to_have_count(4)
    expect(page.get_by_role("heading", name="Recommandés")).to_be_visible()
    expect(page.get_by_role("heading", name="Compatibles")).to_be_visible()
    for cards in (recommended, compatible):
        for i in range(4):
            card = cards.nth(i)
            expect(card.locator("h4")).not_to_be_empty()
            expect(card.locator(".explanation")).to_contain_text("Bretagne")
            expect(card.locator(".meta")).to_contain_text(" km")
            expect(card.locator(".badge")).to_contain_text("données générées")
    expect(page.locator("#summary")).to_contain_text("classés automatiquement par GRACE")
    expect(page.locator("#error")).to_be_hidden()

    first = recommended.nth(0)
    first.get_by_role("button", name="Garder").click()
    expect(first.get_by_role("status")).to_have_text("Gardé — avis enregistré")

    other = compatible.nth(2)
    fix = other.get_by_role("button", name="Corriger")
    with page.expect_request("**/feedback") as sent:
        fix.click()
        expect(fix).to_have_attribute("aria-expanded", "true")
        form = other.get_by_role("form")
        page.keyboard.press("Escape")  # closes, focus back on « Corriger »
        expect(form).to_be_hidden()
        expect(fix).to_be_focused()
        expect(fix).to_have_attribute("aria-expanded", "false")
        fix.click()
        expect(form.get_by_role("group", name="Pourquoi corriger ce lieu ?")).to_be_visible()
        expect(form.get_by_role("radio", name="Mauvais endroit")).to_be_focused()
        for label in ("Mauvais thème", "Trop petit", "Trop cher", "Autre"):
            expect(form.get_by_role("radio", name=label)).to_be_visible()
        form.get_by_role("button", name="Envoyer la correction").click()
        expect(form.get_by_role("alert")).to_have_text("Choisissez une raison.")
        form.get_by_role("radio", name="Autre").check()
        form.get_by_role("button", name="Envoyer la correction").click()
        expect(form.get_by_role("alert")).to_have_text("Précisez ce qui ne va pas.")
        comment = form.get_by_role("textbox", name="Précisez (obligatoire pour « Autre »)")
        expect(comment).to_be_focused()
        page.screenshot(path=str(screenshots / "correction-desktop.png"))
        form.get_by_role("radio", name="Trop petit").check()
        comment.fill("300 places au plus")
        form.get_by_role("button", name="Envoyer la correction").click()
    body = sent.value.post_data_json
    assert body == {"code": other.get_attribute("data-code"), "verdict": "corrected",
                    "reason": "too_small", "comment": "300 places au plus"}
    expect(other.get_by_role("status")).to_have_text(
        "À corriger (trop petit) — avis enregistré")
    expect(other.get_by_role("form")).to_be_hidden()
    expect(fix).to_be_focused()
    after = stats(server)
    assert after["kept"] == before["kept"] + 1
    assert after["corrected"] == before["corrected"] + 1
    assert after["corrected_by_reason"].get("too_small", 0) == \
        before["corrected_by_reason"].get("too_small", 0) + 1
    assert after["searches"] == before["searches"] + 1


def test_the_shortlist_exports_as_csv(page: Page, server: str):
    submit(page, description="Festival de musique en plein air", zone="Bretagne")
    cards = page.locator("li.card")
    expect(cards).to_have_count(8)
    with page.expect_download() as info:
        page.get_by_role("button", name="Exporter la liste (CSV)").click()
    download = info.value
    assert download.suggested_filename.startswith("grace-lieux-")
    assert download.suggested_filename.endswith(".csv")
    raw = Path(download.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # BOM: a French spreadsheet keeps the accents
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Rang", "Groupe", "Code", "Nom", "Commune", "Code postal",
                       "Distance (km)", "Explication", "Origine de l'explication"]
    assert len(rows) == 9
    assert [r[2] for r in rows[1:]] == [cards.nth(i).get_attribute("data-code")
                                        for i in range(8)]
    assert [r[1] for r in rows[1:]] == ["Recommandé"] * 4 + ["Compatible"] * 4
    assert [r[0] for r in rows[1:]] == [str(i) for i in range(1, 9)]
    assert [r[3] for r in rows[1:]] == [cards.nth(i).locator("h4").inner_text()
                                        for i in range(8)]
    assert all(r[7] and r[8] == "GRACE" for r in rows[1:])
    assert all("," in r[6] or r[6].isdigit() for r in rows[1:])  # French decimals
    expect(page.locator("#status")).to_have_text("Liste exportée : 8 lieu(x).")


def test_a_bad_zone_shows_the_problem_in_french_and_dates_are_sent(page: Page, server: str,
                                                                   screenshots: Path):
    page.get_by_role("button", name="Ajouter une date").click()
    dates = page.locator("#dates input[type=date]")
    expect(dates).to_have_count(2)
    dates.nth(0).fill("2027-06-12")
    dates.nth(1).fill("2027-06-13")
    with page.expect_request("**/api/searches") as sent:
        submit(page, description="Concert de jazz", zone="Atlantide",
               **{"Nombre d'invités": "120"})
    body = sent.value.post_data_json
    assert body is not None
    assert body["dates"] == ["2027-06-12", "2027-06-13"] and body["headcount"] == 120
    error = page.get_by_role("alert")
    expect(error).to_be_visible()
    expect(error.locator(".error-title")).to_have_text(
        "Zone « Atlantide » non reconnue. Indiquez une commune, un code postal, un "
        "département, une région ou « latitude,longitude » avec un rayon.")
    zone = page.get_by_label("Zone", exact=True)
    expect(zone).to_have_attribute("aria-invalid", "true")
    expect(zone).to_be_focused()
    expect(page.locator("#results")).to_be_hidden()
    # the server's English detail only behind « Détails techniques »
    tech = error.locator("details")
    expect(tech.locator("summary")).to_have_text("Détails techniques")
    assert "urn:grace:problem:zone" not in error.inner_text()
    tech.locator("summary").click()
    expect(tech).to_contain_text("urn:grace:problem:zone")
    page.screenshot(path=str(screenshots / "error-zone-desktop.png"))


def test_a_place_in_the_description_is_the_zone_and_the_page_says_so(page: Page, server: str):
    """Issue 16: with the zone field empty, « … en Bretagne » is the zone, shown as read."""
    submit(page, description="Festival de musique en plein air en Bretagne", zone="")
    expect(page.locator("li.card")).to_have_count(8)
    expect(page.locator("#summary")).to_contain_text(
        "Zone : Bretagne (lue dans la description : « en Bretagne ») · recherche complète")
    expect(page.locator("#notices [data-type=zone-from-description]")).to_have_text(
        "Zone lue dans votre description (« en Bretagne ») : indiquez une zone pour la "
        "changer.")


def test_user_text_is_never_markup(page: Page, server: str):
    hostile = '<img src=x onerror="window.__pwned=1"><b>Fête</b> de la musique'
    for _ in range(2):  # the second search offers the first: its description is shown
        submit(page, description=hostile, zone="Occitanie")
        expect(page.locator("#recommended li.card").first).to_be_visible()
    similar = page.locator("#similar li").first
    expect(similar).to_contain_text('<img src=x onerror="window.__pwned=1"><b>Fête</b>')
    assert page.locator("#similar img, #similar b").count() == 0
    assert page.evaluate("window.__pwned") is None
    similar.get_by_role("button", name="Voir ses suggestions").click()
    expect(similar.locator(".past li")).to_have_count(8)


def test_a_number_field_with_text_is_refused_in_french(page: Page, server: str):
    page.get_by_label("Nombre d'invités").press_sequentially("1e")  # not a number: value ""
    with page.expect_request("**/api/searches") as sent:
        submit(page, description="Concert de jazz", zone="Rennes")
    body = sent.value.post_data_json
    assert body is not None and body["headcount"] == "nombre invalide"
    alert = page.get_by_role("alert")
    expect(alert.locator(".error-title")).to_have_text(
        "Certaines valeurs du formulaire ne sont pas valides.")
    expect(alert).to_contain_text("À vérifier : « Nombre d'invités ».")
    headcount = page.get_by_label("Nombre d'invités")
    expect(headcount).to_have_attribute("aria-invalid", "true")
    expect(headcount).to_be_focused()


def test_an_empty_description_is_refused_before_sending(page: Page, server: str):
    page.get_by_role("button", name="Rechercher").click()
    expect(page.get_by_role("alert")).to_have_text(
        "La description de l'événement est obligatoire.")
    expect(page.get_by_label("Description de l'événement")).to_be_focused()


def test_a_short_llm_answer_is_topped_up_and_a_false_explanation_replaced_on_the_page(
        browser: Browser, llm_server: str, llm: FakeAnthropic, screenshots: Path):
    """Claude through the real SDK against the stand-in: one pick with a false explanation
    and one true: the page says two members came from GRACE, the false sentence is gone."""
    lie = "À 0,5 km du centre, il accueille 9 999 personnes assises."

    def answer(body: Any) -> dict[str, Any]:
        prompt = body["messages"][0]["content"]
        cands = [json.loads(line) for line in prompt.splitlines()
                 if line.startswith('{"memberCode"')]
        return {"recommended": [
            {"memberCode": cands[0]["memberCode"], "explanation": lie},
            {"memberCode": cands[1]["memberCode"], "explanation": "Festival breton en plein air."},
        ], "compatible": [], "rejected": []}

    llm.script(computed(answer))
    with opened_page(browser, llm_server, PHONE) as page:
        submit(page, description="Festival de musique en plein air", zone="Bretagne")
        cards = page.locator("li.card")
        expect(cards).to_have_count(8)
        expect(page.locator("#summary")).to_contain_text("classés par l'assistant IA")
        notices = page.locator("#notices li")
        expect(notices).to_have_count(2)
        expect(page.locator("#notices [data-type=explanations-replaced]")).to_have_text(
            "1 explication(s) de l'assistant IA contredisai(en)t la fiche du lieu : "
            "remplacée(s) par une explication tirée de la fiche.")
        expect(page.locator("#notices [data-type=topped-up]")).to_have_text(
            "L'assistant IA a proposé moins de 8 lieux : 6 lieu(x) ajouté(s) automatiquement "
            "par GRACE.")
        expect(cards.nth(0).locator(".badge.source")).to_have_text("explication vérifiée")
        expect(cards.nth(0).locator(".explanation")).not_to_contain_text("9 999")
        expect(cards.nth(1).locator(".explanation")).to_have_text("Festival breton en plein air.")
        expect(cards.nth(1).locator(".badge.source")).to_have_count(0)
        for i in range(2, 8):
            expect(cards.nth(i).locator(".badge.source")).to_have_text("ajouté automatiquement")
        assert lie not in visible_text(page)
        page.screenshot(path=str(screenshots / "llm-topped-up-phone.png"), full_page=True)
    s = stats(llm_server)
    assert s["llm_explanations"] >= 2 and s["llm_explanations_replaced"] >= 1
    assert s["topped_up_searches"] >= 1
