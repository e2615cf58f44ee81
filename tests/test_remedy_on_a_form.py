"""A request that contradicts a game's rules is refused with a remedy: the command line's (`drop the
flag`) and, on a page of choices, the form's (`clear that choice below`), said by the library in
every language (`arbiter.judging.checker.on_a_form`), never by rewriting English words."""

from __future__ import annotations

import pytest

import arbiter
from arbiter.i18n import Translator
from arbiter.judging.checker import on_a_form
from arbiter.rules.base import UsageError

RECORD = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
FORM_REMEDY = {
    "en": "clear that choice below or fix the tag",
    "es": "quite esa elección más abajo o corrija la etiqueta",
    "pt": "desfaça essa escolha abaixo ou corrija a etiqueta",
    "it": "togli quella scelta qui sotto o correggi il tag",
}


def refusal() -> UsageError:
    with pytest.raises(UsageError) as raised:
        list(arbiter.check(RECORD, rules="hoyle"))
    return raised.value


def test_the_command_line_is_told_to_drop_the_flag() -> None:
    assert str(refusal()).endswith("but hoyle was asked for; drop the flag or fix the tag")


@pytest.mark.parametrize("lang", FORM_REMEDY)
def test_a_form_is_told_to_clear_its_choice_in_the_language(lang: str) -> None:
    say = Translator(lang)
    on_the_page = on_a_form(refusal().message)
    assert say.unknown(on_the_page) == []
    assert say(on_the_page).endswith(FORM_REMEDY[lang])


def test_a_message_without_a_remedy_is_the_same_on_a_form() -> None:
    assert on_a_form("plain words") == "plain words"
