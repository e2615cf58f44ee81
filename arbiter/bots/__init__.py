"""What the simulator's bots are written with: the table they see during a hand (`table`), their
card alphabet (`cards`), how they choose (`choices`), writing a hand as a record (`record`), who
sits where (`seating`), the trace of what a hand is expected to show (`trace`), the special cards
(`specials`), what a family declares to the simulator (`family`) and its coverage data
(`coverage_parts`); and the standard game's table rules and bots (`standard_rules`, `standard`),
which Caliente's, Classic Canasta's and Hoyle's bots play, so that no family imports another's.

Each family's bots live in its own package (`arbiter/families/<name>/bots.py`, with its table
rules, plans and coverage) and are built on these; `arbiter.simulate` plays them. The bots are an
independent implementation of the rule books: they import the card alphabet and the record types,
never the engine nor a rule set's policies (tests/test_simulator.py).
"""
