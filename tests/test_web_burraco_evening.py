"""The 12-table Burraco evening (samples/events/burraco-evening) run on the real `arbiter serve`
over HTTP: the director keeps the event, both sides of each of the 48 tables enter each deal's
points with their codes, three sheets go in wrong (a total copied wrong, another table's sheet, a
deal left out), the director decides them, the Danish round is paired on the service's results,
and the standings come out as the command line certifies the sample with the director's decisions."""

from __future__ import annotations

import html
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from service_support import serving

from arbiter.event import load
from arbiter.event.ranking import standings

EVENT = Path(__file__).resolve().parent.parent / "samples" / "events" / "burraco-evening" / "serata.event.toml"


def evening_without_decisions() -> str:
    """The event file a director pastes before play: the sample without its [[decisions]]."""
    text = EVENT.read_text(encoding="utf-8")
    return text[: text.index("\n[[decisions]]")] + "\n"


class Client:
    """A browser-less client of the service: cookies kept, redirects followed (a 303 to a GET)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path) as answer:
            return answer.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str, str]:
        request = urllib.request.Request(self.base + path, data=urllib.parse.urlencode(data).encode())
        try:
            with self.opener.open(request) as answer:
                return answer.status, answer.geturl(), answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.geturl(), refused.read().decode()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    with serving(tmp_path_factory.mktemp("evening")) as served:
        yield Client(f"http://127.0.0.1:{served.port}")


def codes_on(page: str) -> dict[tuple[int, int, str], str]:
    return {
        (int(r), int(t), side): code
        for r, t, side, code in re.findall(r'data-round="(\d+)" data-table="(\d+)" data-side="(\w+)">(\w+)<', page)
    }


def points(scores: list[tuple[int, int]]) -> dict[str, str]:
    form = {}
    for deal, (first, second) in enumerate(scores, 1):
        form[f"first-{deal}"], form[f"second-{deal}"] = str(first), str(second)
    return form


def test_the_evening_entered_on_the_service_with_its_faults_decided_gives_the_certified_standings(client: Client):
    status, where, page = client.post("/events", {"event": evening_without_decisions()})
    assert status == 200 and where.endswith("/director?kept=new")
    event_id = re.search(r"/events/([\w-]+)/decide", page).group(1)
    director = re.search(r'id="event-director-shown"[^>]*>([^<]+)<', page).group(1)
    certified = standings(load(EVENT))  # the command line's, the director's decisions in the file
    scores = {
        (t.seating.round, t.seating.table): [tuple(board[pair] for pair in t.seating.pairs) for board in t.boards]
        for t in certified.tables
    }
    refusals = []
    for round_number in range(1, 5):
        codes = codes_on(client.get(f"/events/{event_id}/director"))
        tables = sorted({table for r, table, _ in codes if r == round_number})
        assert len(tables) == 12, f"round {round_number} is not paired on the service"
        for table in tables:
            right = scores[round_number, table]
            first = right
            if (round_number, table) == (2, 5):  # the sheet's total copied into the third deal
                first = [*right[:2], (right[2][0] + 100, right[2][1])]
            elif (round_number, table) == (3, 8):  # the sheet of table 9 handed in at table 8
                first = scores[3, 9]
            elif (round_number, table) == (4, 2):  # the third deal left out
                first = right[:2]
            entered = {"code": codes[round_number, table, "first"], **points(first)}
            status, _, said = client.post(f"/events/{event_id}/result", entered)
            if status != 200:
                refusals.append((round_number, table, status, html.unescape(said)))
            client.post(f"/events/{event_id}/result", {"code": codes[round_number, table, "second"], **points(right)})
        for decided in [key for key in ((2, 5), (3, 8), (4, 2)) if key[0] == round_number]:
            page = client.get(f"/events/{event_id}?lang=it")
            state = re.search(rf'id="event-table-{decided[0]}-{decided[1]}" class="event-(\w+)"', page).group(1)
            assert state == ("unconfirmed" if decided == (4, 2) else "disputed")
            form = {"code": director, "round": str(decided[0]), "table": str(decided[1]), **points(scores[decided])}
            status, _, _ = client.post(f"/events/{event_id}/decide", form)
            assert status == 200
    assert [(r, t, status) for r, t, status, _ in refusals] == [(4, 2, 422)]
    assert "write each pair's card points as a whole number" in refusals[0][3]  # nothing entered

    page = client.get(f"/events/{event_id}/standings?lang=it")
    rows = re.findall(
        r'<tr><td>(\d+=?)</td><td>(\d+)</td><td class="event-name">[^<]*</td><td class="num">([\d,]+)</td>'
        r'<td class="num event-margin">([+-]?[\d.]+)</td>',
        page,
    )
    assert len(rows) == 24
    shown = {int(pair): (place, int(vp), int(margin.replace(".", ""))) for place, pair, vp, margin in rows}
    expected = {
        line.pair.number: (f"{line.place}{'=' if line.shared else ''}", int(line.score), line.margin)
        for line in certified.lines
    }
    assert shown == expected
    assert page.count("deciso dal direttore") == 3 and "<abbr" in page and ">VP<" in page and ">MP<" in page
    assert "scontro diretto, differenza" in html.unescape(page)
