"""The WSGI entry point of an installed arbiter: `gunicorn 'arbiter_web.wsgi:app'`."""

from arbiter_web.factory import create_app

app = create_app()
