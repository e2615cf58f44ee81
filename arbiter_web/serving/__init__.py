"""How a request is served, whatever it asks: the server, the bounds on each request, the reader's
language, the error answers and the security headers.

Its parts, one line each:
    access         the request id and the access log (one JSON line per request)
    lang           the reader's language: the web's one carrier of it (flask-babel's locale)
    schema_errors  a schema failure's words in the reader's language
    errors         JSON or HTML errors, never a traceback
    security       the response headers (CSP and the rest)
    limits         URL length, rate limits, each request's time limit
    accepting      which gunicorn worker takes new connections while others judge large records
    lanes          large records take turns in lanes of their own
    workload       each request's work budget; heavy work moves to a lane
    page_size      a page's bound: a multiple of its request
    server         `arbiter serve`: gunicorn and its settings
    attach         `register(app, database)`: the hooks above, once, in the order they run
"""
