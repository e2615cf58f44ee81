"""GET /api/docs: the OpenAPI document rendered as a plain HTML page, on the server.

No Swagger UI and no CDN: the page works offline and without JavaScript, under the same strict
Content-Security-Policy as the rest of the app. It reads the same document as /api/openapi.json.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template

from arbiter.i18n import msg

bp = Blueprint("apidocs", __name__, template_folder="templates")  # the API's own: apidocs.html


METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
EXTENSION = "arbiter_web.api"


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_parts(schema: Any) -> list[Any]:
    """A schema as words and links: strings (the words `Text`s the page says in its language),
    and ("ref", name) for a component schema."""
    if not isinstance(schema, dict) or not schema:
        return [msg("any")]
    if "$ref" in schema:
        return [("ref", _ref_name(schema["$ref"]))]
    for combinator, word in (("oneOf", msg(" or ")), ("anyOf", msg(" or ")), ("allOf", msg(" and "))):
        if combinator in schema:
            parts: list[Any] = []
            for number, option in enumerate(schema[combinator]):
                if number:
                    parts.append(word)
                parts += type_parts(option)
            return parts
    kind = schema.get("type")
    if kind == "array":
        parts = [msg("array of "), *type_parts(schema.get("items"))]
    elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        parts = [msg("object of name → "), *type_parts(schema["additionalProperties"])]
    elif kind:
        parts = [kind + (f" ({schema['format']})" if "format" in schema else "")]
    else:
        parts = [msg("any")]
    if "enum" in schema:
        parts.append(msg(": one of {values}", values=", ".join(str(v) for v in schema["enum"])))
    if schema.get("nullable"):
        parts.append(msg(" or null"))
    return parts


def _response(spec: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in response:
        response = spec.get("components", {}).get("responses", {}).get(_ref_name(response["$ref"]), {})
    content = response.get("content", {})
    return {
        "description": response.get("description", ""),
        "content": [(ctype, type_parts(body.get("schema"))) for ctype, body in content.items()],
    }


def operations(spec: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            body = op.get("requestBody") or {}
            out.append(
                {
                    "anchor": f"{method}-{path}".replace("/", "-").replace("{", "").replace("}", ""),
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "tags": op.get("tags", []),
                    "parameters": [
                        {
                            "name": p.get("name"),
                            "in": p.get("in"),
                            "required": p.get("required", False),
                            "description": p.get("description") or p.get("schema", {}).get("description", ""),
                            "type": type_parts(p.get("schema")),
                        }
                        for p in op.get("parameters", [])
                    ],
                    "body": {
                        "description": body.get("description", ""),
                        "content": [
                            (ctype, type_parts(media.get("schema"))) for ctype, media in body.get("content", {}).items()
                        ],
                    }
                    if body
                    else None,
                    "responses": [
                        (code, _response(spec, response))
                        for code, response in sorted(op.get("responses", {}).items(), key=lambda kv: str(kv[0]))
                    ],
                }
            )
    return out


def schemas(spec: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        required = set(schema.get("required", []))
        out.append(
            {
                "name": name,
                "description": schema.get("description", ""),
                "properties": [
                    {
                        "name": prop,
                        "type": type_parts(value),
                        "required": prop in required,
                        "description": value.get("description", "") if isinstance(value, dict) else "",
                    }
                    for prop, value in schema.get("properties", {}).items()
                ],
            }
        )
    return out


@bp.get("/api/docs")
def docs() -> Any:
    spec = current_app.extensions[EXTENSION].spec.to_dict()
    return render_template(
        "apidocs.html", info=spec.get("info", {}), operations=operations(spec), schemas=schemas(spec)
    )
