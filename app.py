"""The web adapter's app factory at the top of the source tree (`gunicorn 'app:create_app()'` from
a checkout). It lives in the package, `arbiter_web.factory`, which is what gets installed; this
module is not installed, so it collides with no other `app`."""

from arbiter_web.factory import create_app

__all__ = ["create_app"]
