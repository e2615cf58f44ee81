"""The API keeps its published contract: schemathesis generates requests from the OpenAPI
document (/api/openapi.json), valid and invalid, sends them to the app and runs all its checks
(status codes and content types documented, responses fitting their schemas, schema-violating
requests rejected, no server error). Bounded and seeded, so a run is repeatable."""

from __future__ import annotations

import re

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import seed as fixed_seed

from app import create_app
from arbiter_web.api import body, schemas

# Schemathesis's negative requests run to URLs of many kilobytes, which the service answers 414
# (documented for every operation, tested in tests/test_web_attacks.py) though the check expects a
# 4xx of its own list; here the URL bound is out of the way, so the rest of the contract is checked.
APP = create_app({"TESTING": True, "ACCESS_LOG": False, "MAX_URL_LENGTH": 10**9})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@schema.parametrize()
@fixed_seed(20)
@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_openapi_contract(case: schemathesis.Case) -> None:
    response = case.call()
    if response.status_code == 422:
        response = _in_english(case)  # the refusals below are recognised by their English words
    if _judged_by_content(response, HOUSE_RULEBOOKS):
        return  # a rulebook refused for what it says: documented by its 422, no schema can foresee it
    if _judged_by_content(response, MIXED_RULE_SETS) or _of_another_rule_sets_type(response):
        assert body.MIXED_RULE_SETS in case.operation.definition.raw["responses"]["422"]["description"]
        return  # a documented refusal, though schemathesis takes each part of the request for valid
    case.validate_response(response)


# The document lists every rule set and every rule set's options; a game is judged by one rule set
# and takes only that one's options, so a request mixing them is refused (422) though each part
# is in the document, which says so in the 422 answer of each operation taking options.
MIXED_RULE_SETS = (" has no option ", " was asked for; drop the flag or fix the tag")
# A house rulebook (docs/house-rules.md) is judged by its content, which no schema can say: a digest
# of the right form under which no rulebook is kept, a rulebook's text that is not one, are a 422.
HOUSE_RULEBOOKS = ("no rulebook is kept under #", "the rulebook: ")


def _of_another_rule_sets_type(response) -> bool:  # type: ignore[no-untyped-def]
    """A 422 for a value of an option whose type differs between rule sets (a number in Caliente,
    a written form in Hand & Foot), given in another rule set's type than the judging one's."""
    found = (
        re.match(r"option (\S+) is ", (response.json() or {}).get("message", ""))
        if response.status_code == 422
        else None
    )
    return found is not None and len(schemas.OPTION_SPECS.get(found.group(1), [])) > 1


def _in_english(case: schemathesis.Case):  # type: ignore[no-untyped-def]
    """The same request asked in English (the `lang` parameter and Accept-Language set to it)."""
    if case.query is not None and "lang" in case.query:
        case.query = {**case.query, "lang": "en"}
    if case.headers is not None:
        case.headers = {k: v for k, v in case.headers.items() if k.lower() != "accept-language"}
    return case.call(headers={"Accept-Language": "en"})


def _judged_by_content(response, kinds: tuple[str, ...]) -> bool:  # type: ignore[no-untyped-def]
    """Whether the response is a 422 whose message is one of these refusals of a request's content."""
    if response.status_code != 422:
        return False
    message = (response.json() or {}).get("message", "")
    return any(words in message for words in kinds)
