"""The event's page offers the ranking to download as a club posts it (text and CSV), in the
reader's language, as it stands or after any round; made by the library call `arbiter event
publish` makes, so the file is the command line's; counted by READ_RATE_LIMIT as every download of
something kept. Against the real `arbiter serve` (and, in Chromium, reached by the keyboard)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from service_support import Served, serving
from test_web_browser import Watched, browser  # noqa: F401 - fixtures
from test_web_burraco_evening import Client

from arbiter.event import load
from arbiter.event.published import published_csv, published_text
from arbiter.event.ranking import standings

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "event" / "club-night.event.toml"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def scores_event() -> str:
    """The sample Swiss evening as a director keeps it on the service: each side enters its points."""
    return SAMPLE.read_text(encoding="utf-8").replace('records = "', 'results = "scores"\nrecords = "', 1)


def played(client: Client, rounds: int) -> str:
    """The event kept, and its first `rounds` rounds entered by both sides of every table with the
    points the sample's records certify; the event's id."""
    status, _, page = client.post("/events", {"event": scores_event()})
    assert status == 200, page
    event_id = re.search(r"/events/([\w-]+)/decide", page).group(1)
    certified = standings(load(SAMPLE))
    for number in range(1, rounds + 1):
        director = client.get(f"/events/{event_id}/director")
        codes = re.findall(rf'data-round="{number}" data-table="(\d+)" data-side="(\w+)">(\w+)<', director)
        assert len(codes) == 4
        for table, _side, code in codes:
            seated = next(t for t in certified.tables if (t.seating.round, t.seating.table) == (number, int(table)))
            form = {"code": code}
            for deal, board in enumerate(seated.boards, 1):
                form[f"first-{deal}"], form[f"second-{deal}"] = (str(board[pair]) for pair in seated.seating.pairs)
            assert client.post(f"/events/{event_id}/result", form)[0] == 200
    return event_id


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("ranking")) as served:
        yield served


def test_the_downloaded_ranking_is_the_command_lines_in_the_readers_language(server: Served):
    client = Client(f"http://127.0.0.1:{server.port}")
    event_id = played(client, 2)
    status, headers, body = server.request("GET", f"/events/{event_id}/ranking.txt?lang=it")
    assert status == 200 and headers["content-type"] == "text/plain; charset=utf-8"
    assert headers["content-disposition"] == f'attachment; filename="classifica-{event_id}.txt"'
    assert body.decode() == published_text(standings(load(SAMPLE)), "it")
    status, headers, body = server.request(
        "GET", f"/events/{event_id}/ranking.csv?round=1", headers={"Accept-Language": "es-AR"}
    )
    assert status == 200 and headers["content-type"] == "text/csv; charset=utf-8"
    assert headers["content-disposition"] == f'attachment; filename="clasificacion-{event_id}-1.csv"'
    assert body.decode() == published_csv(standings(load(SAMPLE), after_round=1), "es")


def test_the_event_page_links_the_ranking_as_it_stands_and_after_each_round_paired(server: Served):
    client = Client(f"http://127.0.0.1:{server.port}")
    event_id = played(client, 1)  # round 2 is paired on round 1's results: both are offered
    page = client.get(f"/events/{event_id}?lang=pt")
    links = re.findall(r'href="(/events/[\w-]+/ranking\.\w+[^"]*)"', page)
    assert [link.replace("&amp;", "&") for link in links] == [
        f"/events/{event_id}/ranking.{ending}?{query}lang=pt"
        for query in ("", "round=1&", "round=2&")
        for ending in ("txt", "csv")
    ]
    assert "A classificação depois da rodada 2, como planilha" in page


def test_a_round_not_paired_yet_or_an_unknown_ending_is_not_found(server: Served):
    client = Client(f"http://127.0.0.1:{server.port}")
    event_id = played(client, 0)  # round 2 waits for round 1
    assert server.request("GET", f"/events/{event_id}/ranking.txt?round=2")[0] == 404
    assert server.request("GET", f"/events/{event_id}/ranking.pdf")[0] == 404
    assert server.request("GET", "/events/no-such-event-kept-here00/ranking.txt")[0] == 404
    status, headers, _ = server.request("GET", f"/events/{event_id}/ranking.txt?round=1&x=1")
    assert status == 303 and headers["location"].endswith(f"/events/{event_id}/ranking.txt?round=1")


def test_the_ranking_downloads_are_counted_by_the_read_rate_limit(tmp_path: Path):
    with serving(tmp_path, READ_RATE_LIMIT="3 per minute") as limited:
        status, headers, page = limited.request("POST", "/events", urlencode({"event": scores_event()}).encode(), FORM)
        assert status in (201, 303)
        event_id = re.search(r"/events/([\w-]{22})", headers.get("location", "") + page.decode()).group(1)  # type: ignore[union-attr]
        path = f"/events/{event_id}/ranking.csv"
        assert [limited.request("GET", path)[0] for _ in range(4)] == [200, 200, 200, 429]


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 900}])
def test_the_ranking_link_is_reached_by_the_keyboard_and_downloads_the_file(
    browser: Any,  # noqa: F811
    server: Served,
    viewport: dict[str, int],
):
    base = f"http://127.0.0.1:{server.port}"
    event_id = played(Client(base), 1)
    context = browser.new_context(viewport=viewport, locale="it-IT", accept_downloads=True)
    watched = Watched(context.new_page(), base)
    page = watched.page
    try:
        page.goto(f"{base}/events/{event_id}")
        reached = None
        for _ in range(80):  # every link and field of the page before it, at most
            page.keyboard.press("Tab")
            reached = page.evaluate("document.activeElement.id")
            if reached == "event-ranking-txt-1":
                break
        assert reached == "event-ranking-txt-1"
        label = page.locator("#event-ranking-txt-1").get_attribute("aria-label")
        assert label == "La classifica dopo il turno 1, come testo"
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        saved = download.value.path()
        assert Path(saved).read_text(encoding="utf-8") == published_text(standings(load(SAMPLE), after_round=1), "it")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]
        watched.assert_clean()
    finally:
        context.close()
