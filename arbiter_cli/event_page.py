"""The standings of an event as a page that prints (`arbiter event standings --format html`):
one self-contained HTML page, in the reader's language, rendered by Jinja from the library's
standings (arbiter.event) and the same words as the text report."""

from __future__ import annotations

from pathlib import Path

from arbiter import event as events
from arbiter.event import report
from arbiter.i18n import msg

TEMPLATES = Path(__file__).parent / "templates"


def standings_html(result: events.Standings) -> str:
    """The page, in the command's language (`current`)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape  # for this page only
    from markupsafe import Markup

    from arbiter.event.ranking import history

    from .language import current
    from .report import made_on

    say = current()
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_callables(say.gettext, say.ngettext, newstyle=True)  # type: ignore[attr-defined]
    event = result.event
    heading = msg(
        "standings after {scheduled} of {rounds} rounds: {family}, {movement}, {scoring}",
        scheduled=len(result.schedule.rounds),
        rounds=event.rounds,
        family=event.family,
        movement=event.movement,
        scoring=event.scoring,
    )
    return environment.get_template("standings.html").render(
        lang=say.language,
        event=event,
        result=result,
        heading=say(msg("{date}; {standings}", date=event.date, standings=heading)),
        state=say(report.state(result)),
        tables=[say(report.table_line(table)) for table in result.tables],
        ledger=list(
            zip(
                result.ledger,
                [say(words) for words in report.ledger_lines(result, lambda at: report.moment_shown(at, say.language))],
                strict=True,
            )
        ),
        remedies=[say(words) for words in report.remedy_lines(result)],
        history=history(result),
        score=lambda value: report.score_shown(value, say.language),
        count=lambda value: report.count_shown(value, say.language),
        made=say(msg("Made by the Canasta arbiter on {date}.", date=made_on())),
        css=Markup((TEMPLATES / "standings.css").read_text(encoding="utf-8")),
    )
