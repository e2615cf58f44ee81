"""Issue 60: event files and rulebooks as an attacker posts them, to the real `arbiter serve`.

The service runs under a memory cap (RLIMIT_AS on each of its processes): a form post of long
dotted keys once cost a worker 75 s and 3.6 GB, and 900 nested arrays a 500. Now the size is
checked before the text is read, and the text is measured against the bounds of
`arbiter.files.bounded_toml` before the TOML reader is given it: each is refused with words.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator

import pytest
from service_support import Served, one_game, serving

from arbiter.files.bounded_toml import MAX_KEY_PARTS, MAX_NESTING

pytestmark = pytest.mark.attack

MEMORY_CAP = 2 * 1024 * 1024 * 1024  # bytes of address space for each of the service's processes
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
TEXT = {"Content-Type": "text/plain; charset=utf-8"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("hostile-toml"), memory_cap=MEMORY_CAP) as server:
        yield server


def _post_form(served: Served, path: str, field: str, text: str) -> tuple[int, str]:
    status, _, page = served.request("POST", path, urllib.parse.urlencode({field: text}).encode(), FORM)
    return status, page.decode("utf-8", "replace")


def _still_answers(served: Served) -> None:
    status, _, body = served.request("POST", "/api/v1/rulings", one_game(), TEXT)
    assert status == 200, body[:300]


def test_an_event_form_of_long_dotted_keys_is_refused_in_words(served: Served) -> None:
    status, page = _post_form(served, "/events", "event", "a." * 30_000 + "a = 1\n")  # 60 KB
    assert status == 422, page[-2000:]
    assert f"more than {MAX_KEY_PARTS} dotted parts" in page
    _still_answers(served)


def test_an_event_form_past_its_size_is_refused_before_it_is_read(served: Served) -> None:
    status, page = _post_form(served, "/events", "event", "a." * 50_000 + "a = 1\n")  # 100 KB: 241 s before
    assert status == 413, page[-2000:]
    assert "at most 65,536 bytes" in page
    _still_answers(served)


def test_an_event_form_of_nine_hundred_nested_arrays_is_refused_not_a_server_error(served: Served) -> None:
    status, page = _post_form(served, "/events", "event", 'name = "Deep"\nx = ' + "[" * 900 + "]" * 900)
    assert status == 422, page[-2000:]
    assert f"nest at most {MAX_NESTING} deep" in page


def test_a_rulebook_of_long_dotted_keys_is_refused_by_the_form_and_the_api(served: Served) -> None:
    book = 'name = "Dots"\nversion = 1\nfamily = "hoyle"\n' + "rules." * 10_000 + "x = 1\n"  # 60 KB
    status, page = _post_form(served, "/h", "rulebook", book)
    assert status == 422, page[-2000:]
    assert "dotted parts" in page
    status, _, raw = served.request("POST", "/api/v1/rulebooks", book.encode(), TEXT)
    assert status == 422, raw[:500]
    assert "dotted parts" in json.loads(raw)["message"]
    _still_answers(served)
