"""Kept rulings and kept house rulebooks, in one database (SQLAlchemy Core: SQLite or PostgreSQL),
and their permalink pages.

Its parts, one line each:
    store           the database of kept rulings: tables, migrations, quota, expiry
    rulebook_store  the kept house rulebooks, in the same database and quota
    stored          keeping a ruling and judging it again when the engine changes
    rulebooks       the rulebooks at hand for a request (`chosen`, `shelf`)
    permalink       a kept ruling's page and file (/r/<id>)
    once            one-time form tokens: the same form sent twice makes one thing
    receipts        a kept ruling's deletion link carried to the keeping device, shown on a reload
    attach          `register(app)`: the store, migrated at start-up, and the permalink pages, once
"""
