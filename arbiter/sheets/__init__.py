"""Score sheets: records written as their score sheets (`summarise`), and the score pad that keeps
a game hand by hand as a table writes it (`pad`).

A hand given as its summary (ACN 1.1) is judged by the engine itself, by one generic judge over
every family's sheet (arbiter/engine/summaries.py). The family's part is data in its own rules
module (`Config.sheet`, arbiter/rules/sheet_spec.py); nothing here asks which family it is
judging. Both modules here judge a whole record (arbiter.judging), so this package sits above it.
"""
