"""The HTML pages, under the strict CSP (scripts from the site only): Flask blueprints with their
templates in arbiter_web/templates.

Its parts, one line each:
    schemas         the page's form (PageFormSchema), which the kept rulings' form shares
    present         what a ruling shows: its lines of record, findings and scores
    family_words    the family's words and canasta marks on every table a page draws
    table_view      the tables of a ruling page's replays (`PageReplays`), read and judged once
    page            the ruling page: paste or upload a record at /, the ruling, the rule pages
    editor_answer   the situation editor's answer: allowed, or not and why
    editor          the situation editor (/editor): lay out a table, ask about a move
    pad             the score pad (/pad)
    pad_flow        the pad's forms answered with a redirect, a hand corrected or taken back
    notation        the notation's reference page
    rulebook_pages  the house rulebook pages (/h)
    director_device the device signed in as an event's director (a cookie of the event's pages)
    templating      what every template shares (filters, globals)
    attach          `register(app)`: every blueprint above, once, from the app factory
"""
