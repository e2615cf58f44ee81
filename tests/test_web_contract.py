"""The API keeps its published contract: schemathesis generates requests from the OpenAPI
document (/api/openapi.json), valid and invalid, sends them to the app and runs all its checks
(status codes and content types documented, responses fitting their schemas, schema-violating
requests rejected, no server error). Bounded and seeded, so a run is repeatable."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import seed as fixed_seed

from app import create_app

APP = create_app({"TESTING": True, "ACCESS_LOG": False})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@schema.parametrize()
@fixed_seed(20)
@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_openapi_contract(case: schemathesis.Case) -> None:
    case.call_and_validate()
