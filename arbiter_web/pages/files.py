"""The pages' own templates and static files (arbiter_web/pages/templates and static), attached as
one blueprint of their own: its files are served under /static/pages/ (`url_for("pages.static",
filename=...)`), beside the files every package shares (/static/: the site's stylesheet and icon,
with the base layout in arbiter_web/templates; docs/api.md, "Templates and static files")."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint

bp = Blueprint("pages", __name__, template_folder="templates", static_folder="static", static_url_path="/static/pages")

STATIC = Path(__file__).parent / "static"
"""The pages' static files: the scripts, the events' stylesheet, the example records."""
