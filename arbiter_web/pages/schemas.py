"""The shapes of the pages' forms: the ruling page's form (POST /), which the editor's check and
the form that keeps a ruling (arbiter_web.storage.permalink) read too."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, pre_load, validate

from arbiter.i18n import msg
from arbiter_web.api.schemas import MAX_NAME


class PageFormSchema(Schema):
    """The form of the page (POST /): the pasted record, the rule set, and one field per option of
    each rule set, `option.RULESET.NAME` (empty: the default). Only the chosen rule set's options
    count; with no rule set chosen, whichever were filled in."""

    class Meta:
        unknown = EXCLUDE

    record = fields.String(load_default="")
    rules = fields.String(load_default="", validate=validate.Length(max=MAX_NAME))
    options = fields.Dict(
        keys=fields.String(validate=validate.Length(min=3, max=2 * MAX_NAME + 1)),
        values=fields.String(validate=validate.Length(max=MAX_NAME)),
        load_default=dict,
        validate=validate.Length(max=10 * MAX_NAME),
    )

    house = fields.String(load_default="", validate=validate.Regexp(r"^(#?[0-9a-f]{12,64})?$"))

    @pre_load
    def _collect_options(self, data: Any, **kwargs: Any) -> dict[str, Any]:
        if not hasattr(data, "items") or not hasattr(data, "get"):
            raise ValidationError(msg("the form is not a form"))
        out = {key: data.get(key) for key in ("record", "rules", "house") if data.get(key) is not None}
        out["options"] = {
            key.removeprefix("option."): value.strip()
            for key, value in data.items()
            if key.startswith("option.") and isinstance(value, str) and value.strip()
        }
        return out

    @post_load
    def _choose(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        chosen = data["rules"].strip()
        options: dict[str, str] = {}
        for key, value in data["options"].items():
            ruleset, _, name = key.partition(".")
            if name and (not chosen or ruleset == chosen):
                options[name] = value
        return {
            "record": data["record"],
            "rules": chosen or None,
            "options": options,
            "fields": data["options"],
            "house": data["house"].strip().lstrip("#") or None,
        }
