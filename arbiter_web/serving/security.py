"""Security headers on every response.

The pages work without scripts; a script a page gains (such as a replay) is a file served by the
app itself, so the Content-Security-Policy allows scripts from the app only, never inline ones or
handlers in attributes, and a test checks every page for them; styles and images come
only from the app itself (no CDN, no inline style), forms post only back to it, and no other site
may frame it. A ruling page shows a record someone pasted, so it is never cached.
"""

from __future__ import annotations

from flask import Flask, Response, request

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",  # scripts only from the app's own files: nothing inline, nothing from elsewhere
        "style-src 'self'",
        "img-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.method == "POST":
        response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
