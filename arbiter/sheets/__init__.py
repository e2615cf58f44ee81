"""Score sheets: hands given as their summaries (ACN 1.1), judged by one generic judge over every
family's sheet (`judge`), and records written as their score sheets (`summarise`).

The family's part is data in its own rules module (`Config.sheet`, arbiter/rules/sheet_spec.py);
nothing here asks which family it is judging. `judge` is what the engine calls for a summarised
hand; `summarise` reads a replayed hand's table, so it sits above the engine (and this package's
`__init__` imports neither, so the engine may import `judge` without a circle).
"""
