"""The score pad in a real browser (Playwright driving Debian's Chromium), on a 390 px phone: a game
of each family kept with the steppers and toggles, a refused hand with its reason, the permalink
reloaded, the game taken up again from the device's storage, and the printed sheet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web_browser import OUTPUT, Watched, browser, screenshot  # noqa: F401 - fixtures
from web_support import serving_with_kept_rulings

import arbiter

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

# family: (its first hand, per side: the steps pressed and the fields typed, the toggles), the scores
GAMES: dict[str, tuple[dict[str, dict[str, Any]], dict[str, int]]] = {
    "caliente": (
        {
            "ann+cid": {
                "steps": {"natural": 1, "mixed": 1},
                "typed": {"melded": "420", "left": "0"},
                "ticked": ["out"],
            },
            "bob+dee": {"steps": {"mixed": 1}, "typed": {"melded": "260", "left": "45"}, "ticked": []},
        },
        {"ann+cid": 1320, "bob+dee": 515},
    ),
    "samba": (
        {
            "ann+cid": {
                "steps": {"samba": 1, "natural": 1},
                "typed": {"melded": "510", "left": "0"},
                "ticked": ["out"],
            },
            "bob+dee": {"steps": {"bonus": 2}, "typed": {"melded": "200", "left": "60"}, "ticked": []},
        },
        {"ann+cid": 2710, "bob+dee": -60},
    ),
    "hand-and-foot": (
        {
            "ann+cid": {
                "steps": {"clean": 2, "dirty": 2, "wild": 1},
                "typed": {"melded": "900", "left": "0"},
                "ticked": ["out"],
            },
            "bob+dee": {"steps": {"clean": 1}, "typed": {"melded": "300", "left": "230"}, "ticked": []},
        },
        {"ann+cid": 4100, "bob+dee": 570},
    ),
    "classic": (
        {
            "ann+cid": {
                "steps": {"natural": 1, "red-threes": 2},
                "typed": {"melded": "260", "left": "0"},
                "ticked": ["out"],
            },
            "bob+dee": {"steps": {}, "typed": {"left": "120"}, "ticked": []},
        },
        {"ann+cid": 1060, "bob+dee": -120},
    ),
    "hoyle": (
        {
            "ann": {
                "steps": {"natural": 1, "mixed": 1},
                "typed": {"melded": "300", "left": "0"},
                "ticked": ["out", "concealed"],
            },
            "bob": {"steps": {"mixed": 1}, "typed": {"melded": "120", "left": "75"}, "ticked": []},
        },
        {"ann": 1300, "bob": 345},
    ),
    "modern-american": (  # the sources' worked example: unfinished aces and three sevens held cost 4,000
        {
            "ann+cid": {
                "steps": {"natural": 1, "mixed": 1, "red-threes": 2, "black-threes": 1},
                "typed": {"melded": "190", "left": "15"},
                "ticked": ["out"],
            },
            "bob+dee": {
                "steps": {"red-threes": 1},
                "typed": {"melded": "95", "left": "45", "penalties": "4000"},
                "ticked": [],
            },
        },
        {"ann+cid": 1475, "bob+dee": -4240},
    ),
}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_with_kept_rulings(tmp_path_factory.mktemp("pad") / "pad.sqlite3") as url:
        yield url


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def field(page: Any, side_index: int, word: str) -> Any:
    return page.locator(f"#pad-{side_index}-{word}")


def enter(page: Any, hand: dict[str, dict[str, Any]]) -> None:
    """A hand entered as a player would: the steppers pressed, the points typed, the toggles ticked."""
    for index, (side, entry) in enumerate(hand.items(), 1):
        assert page.locator(f"fieldset.pad-side:nth-of-type({index}) legend").inner_text() == side
        for word, times in entry["steps"].items():
            label = page.locator(f"label[for='pad-{index}-{word}']").inner_text()
            for _ in range(times):
                page.locator(f"fieldset.pad-side:nth-of-type({index})").get_by_role(
                    "button", name=f"One more: {label}"
                ).click()
        for word, value in entry["typed"].items():
            field(page, index, word).fill(value)
        for word in entry["ticked"]:
            field(page, index, word).check()


def add_hand(page: Any) -> None:
    with page.expect_navigation():
        page.click("#pad-add")


def start(page: Any, base_url: str, family: str) -> None:
    page.goto(f"{base_url}/pad?family={family}")
    with page.expect_navigation():
        page.click("#pad-start")


def totals(page: Any, count: int) -> list[str]:
    return [page.locator(f"#pad-total-{i}").inner_text().replace(",", "") for i in range(1, count + 1)]


@pytest.mark.parametrize("family", list(GAMES))
def test_a_game_of_each_family_is_kept_on_the_pad(phone: Watched, base_url: str, family: str) -> None:
    page = phone.page
    hand, scores = GAMES[family]
    start(page, base_url, family)
    enter(page, hand)
    add_hand(page)
    assert totals(page, len(scores)) == [str(points) for points in scores.values()]
    assert page.locator("#pad-minimums").is_visible()
    record = page.locator("#pad-record").input_value()
    [game] = arbiter.check(record)
    assert game.verdict == "valid" and game.totals == scores

    # an impossible hand: both sides out. It is refused with the reason, and the sheet stays as it was
    first, second = list(hand)
    enter(page, {first: hand[first], second: {"steps": {}, "typed": {"left": "0"}, "ticked": ["out"]}})
    add_hand(page)
    alert = page.get_by_role("alert")
    assert "This hand cannot be right" in alert.inner_text() and "only one side goes out" in alert.inner_text()
    assert page.locator("#pad-record").input_value() == record
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"pad-{family}-refused.png")

    # the permalink, reloaded, shows the same sheet
    with page.expect_navigation():
        page.click("#pad-keep")
    assert "/pad?kept=" in page.url
    page.reload()
    assert totals(page, len(scores)) == [str(points) for points in scores.values()]

    # a fresh visit offers the game kept on this device
    page.goto(f"{base_url}/pad")
    resume = page.locator("#pad-resume-button")
    assert resume.is_visible()
    with page.expect_navigation():
        resume.click()
    assert totals(page, len(scores)) == [str(points) for points in scores.values()]

    # printed: the sheet, without the entry form or the buttons
    page.emulate_media(media="print")
    assert page.locator("#pad-scores").is_visible()
    assert not page.locator("#pad-entry").is_visible() and not page.locator("#pad-keep").is_visible()
    page.emulate_media(media="screen")
    phone.errors = [e for e in phone.errors if "status of 422" not in e]  # the refused hand's answer, on purpose
    phone.assert_clean()


def test_the_pad_is_used_by_keyboard(phone: Watched, base_url: str) -> None:
    page = phone.page
    start(page, base_url, "caliente")
    stepper = page.locator("fieldset.pad-side:nth-of-type(1)").get_by_role("button", name="One more: Natural canastas")
    stepper.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert field(page, 1, "natural").input_value() == "2"
    field(page, 1, "out").focus()
    page.keyboard.press("Space")
    assert field(page, 1, "out").is_checked()
    screenshot(page, "pad-phone.png")
    phone.assert_clean()


def test_the_points_left_stepped_down_to_nothing_are_written_as_0(phone: Watched, base_url: str) -> None:
    page = phone.page
    start(page, base_url, "caliente")
    left = field(page, 1, "left")
    assert left.input_value() == "" and left.get_attribute("required") is not None  # blank: not written yet
    side = page.locator("fieldset.pad-side:nth-of-type(1)")
    side.get_by_role("button", name="One more: Points left in hand").click()
    assert left.input_value() == "5"
    side.get_by_role("button", name="One less: Points left in hand").click()
    assert left.input_value() == "0"  # a count of nothing left, not a blank
    field(page, 1, "natural").fill("1")
    side.get_by_role("button", name="One less: Natural canastas").click()
    assert field(page, 1, "natural").input_value() == ""  # other counts keep a blank for none
    phone.assert_clean()


@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_the_pad_fits_a_phone_in_every_language(phone: Watched, base_url: str, language: str) -> None:
    page = phone.page
    page.goto(f"{base_url}/pad?family=hand-and-foot&lang={language}")
    with page.expect_navigation():
        page.click("#pad-start")
    assert page.locator("html").get_attribute("lang") == language
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"pad-{language}-phone.png")
    phone.assert_clean()
