"""End-to-end: the organiser page in headless Chromium (Debian's /usr/bin/chromium driven by
playwright, no browser download) against ``grace serve`` over 300 real venues."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from grace.bootstrap import build_matching
from grace.config import Settings

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> Iterator[str]:
    """300 real venues imported, then ``grace serve`` in a subprocess; yields its URL."""
    tmp = tmp_path_factory.mktemp("web")
    db = f"sqlite:///{tmp / 'members.sqlite'}"
    matching = build_matching(Settings(cache_dir=tmp, embedder="fake"), database_url=db)
    matching.import_venues(shared_data / "venues" / "festivals_france.csv", seed=0, limit=300)
    assert matching.worker()().status.stale == 0
    matching.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRACE_")}
    env.update(GRACE_CACHE_DIR=str(tmp), GRACE_EMBEDDER="fake", GRACE_RANKER="deterministic")
    port = free_port()
    log = (tmp / "serve.log").open("w+")
    proc = subprocess.Popen([sys.executable, "-m", "grace", "serve", "--port", str(port), "--db",
                             db],
                            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"grace serve exited: {(tmp / 'serve.log').read_text()}"
            assert time.monotonic() < deadline, "grace serve did not answer in 60 s"
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        assert f"GRACE serving on {url}/" in (tmp / "serve.log").read_text()
        assert "300 members, 0 awaiting embedding" in (tmp / "serve.log").read_text()
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


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


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A fresh page that records every request and console error."""
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    requested: list[str] = []
    errors: list[str] = []
    pg.on("request", lambda r: requested.append(r.url))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "/")
    yield pg
    context.close()
    assert all(u.startswith(server + "/") for u in requested), requested  # no network beyond
    pg_errors = [e for e in errors if "status of 422" not in e]  # the bad-zone test's answer
    assert pg_errors == [], pg_errors


def submit(page: Page, *, description: str, zone: str, **fields: str) -> None:
    page.get_by_label("Description de l'événement").fill(description)
    page.get_by_label("Zone", exact=True).fill(zone)
    for label, value in fields.items():
        page.get_by_label(label).fill(value)
    page.get_by_role("button", name="Rechercher").click()


def stats(server: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server}/api/stats", timeout=10).json()
    return data


def test_search_shows_explained_groups_and_records_feedback(page: Page, server: str,
                                                             tmp_path: Path):
    before = stats(server)
    assert before["kept"] == 0 and before["corrected"] == 0
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
    expect(page.locator("#ranker")).to_contain_text("classement déterministe")
    expect(page.locator("#funnel tbody tr")).to_have_count(6)
    expect(page.locator("#funnel")).to_contain_text("Étape 1 : filtres")
    expect(page.locator("#error")).to_be_hidden()

    first = recommended.nth(0)
    first.get_by_role("button", name="Garder").click()
    expect(first.get_by_role("status")).to_have_text("Gardé — avis enregistré")
    other = compatible.nth(2)
    other.get_by_role("button", name="Corriger").click()
    expect(other.get_by_role("status")).to_have_text("À corriger — avis enregistré")
    after = stats(server)
    assert (after["kept"], after["corrected"], after["acceptance_rate"]) == (1, 1, 0.5)
    assert after["searches"] == before["searches"] + 1
    page.screenshot(path=str(tmp_path / "grace-page.png"), full_page=True)  # for a human look


def test_a_bad_zone_shows_the_problem_and_dates_are_sent(page: Page, server: str):
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
    expect(error).to_contain_text("Demande invalide")
    expect(error).to_contain_text("Atlantide")
    expect(page.get_by_label("Zone", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results")).to_be_hidden()


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


def test_a_number_field_with_text_is_refused_not_dropped(page: Page, server: str):
    page.get_by_label("Nombre d'invités").press_sequentially("1e")  # not a number: value ""
    with page.expect_request("**/api/searches") as sent:
        submit(page, description="Concert de jazz", zone="Rennes")
    body = sent.value.post_data_json
    assert body is not None and body["headcount"] == "nombre invalide"
    expect(page.get_by_role("alert")).to_contain_text("headcount")
    expect(page.get_by_label("Nombre d'invités")).to_have_attribute("aria-invalid", "true")
