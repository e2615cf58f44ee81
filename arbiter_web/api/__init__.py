"""The JSON API (/api/v1) and its OpenAPI document: flask-smorest blueprints over `service`.

Its parts, one line each:
    body           the one reader of a request body (JSON or text): its 400/413/415/422 answers
    schemas        the shapes of rulings, rule sets, errors (marshmallow; the document's components)
    table_schemas  the shapes of POST /api/v1/tables
    legal_schemas  the shapes of POST /api/v1/legal-actions
    moment         the one parser of a request for a moment of a record (tables, legal actions)
    rulings        POST /api/v1/rulings, GET /api/v1/rulesets[/<name>], /healthz, /readyz
    tables         POST /api/v1/tables: the table at any turn of a record
    legal_actions  POST /api/v1/legal-actions: every legal next action of a position
    stored_api     kept rulings: POST/GET/DELETE /api/v1/rulings/<id> (arbiter_web.storage keeps them)
    rulebooks_api  kept house rulebooks: /api/v1/rulebooks
    docs           the HTML page of the document (/api/docs)
    attach         `register(app)`: the Api and every blueprint above, once, from the app factory
"""
