"""The configuration file: `[tool.arbiter]` in `pyproject.toml`, or an `arbiter.toml`.

Found as ruff finds its own: from the current folder up to the root, the first folder holding an
`arbiter.toml` (the whole file is the table) or a `pyproject.toml` with a `[tool.arbiter]` table
wins (`arbiter.toml` first when a folder has both). `--config FILE` names the file instead, and
`--isolated` reads none. Options given on the command line override the file's.

    [tool.arbiter]
    rules = "caliente"                      # for records whose [Rules] tag is silent
    options = { always-frozen = "yes" }     # rule set options, for records whose tags are silent
    include = ["records/*.txt"]             # more records besides *.acn, when searching folders
    select = ["*"]                          # report only these finding codes (globs)
    ignore = ["score-mismatch"]             # never report these codes: they do not fail the run
    format = "text"                         # the output format of `arbiter check`
    strict = false                          # fail on warnings too
    jobs = 1                                # processes checking files
    house = "maple-club.rules.toml"         # the club's rulebook (docs/house-rules.md), from this file's folder
    lang = "es"                             # the language of the output: en, es, pt, it (docs/translations.md)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from arbiter.i18n import msg

PYPROJECT = "pyproject.toml"
ARBITER_TOML = "arbiter.toml"


class ConfigError(Exception):
    """A configuration file that cannot be used, said in words."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What the configuration file says; None or empty where it is silent."""

    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    include: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    format: str | None = None
    strict: bool | None = None
    jobs: int | None = None
    house: tuple[str, ...] = ()  # rulebook files (the first for records whose tags name none)
    lang: str | None = None  # the language of the output (arbiter_cli.language)
    source: Path | None = None  # the file read, if any

    def with_flags(
        self,
        *,
        rules: str | None = None,
        options: dict[str, str] | None = None,
        include: tuple[str, ...] = (),
        select: tuple[str, ...] | None = None,
        ignore: tuple[str, ...] | None = None,
        format: str | None = None,
        strict: bool | None = None,
        jobs: int | None = None,
        house: tuple[str, ...] = (),
        lang: str | None = None,
    ) -> Settings:
        """These settings overridden by the command line: a flag given replaces the file's value;
        `--option` replaces the file's options one name at a time; `--include` and `--ignore`
        add to the file's lists (as ruff's `--extend-include` and `--ignore`), `--select` replaces
        its list."""
        return replace(
            self,
            rules=rules if rules is not None else self.rules,
            options={**self.options, **(options or {})},
            include=self.include + include,
            select=select if select is not None else self.select,
            ignore=self.ignore + (ignore or ()),
            format=format if format is not None else self.format,
            strict=strict if strict is not None else self.strict,
            jobs=jobs if jobs is not None else self.jobs,
            house=house or self.house,
            lang=lang if lang is not None else self.lang,
        )


_KINDS: dict[str, type] = {
    "rules": str,
    "options": dict,
    "include": list,
    "select": list,
    "ignore": list,
    "format": str,
    "strict": bool,
    "jobs": int,
    "house": str,
    "lang": str,
}


def find(start: Path) -> Path | None:
    """The configuration file governing `start`, walking up to the root."""
    start = start.resolve()
    for folder in (start, *start.parents):
        own = folder / ARBITER_TOML
        if own.is_file():
            return own
        pyproject = folder / PYPROJECT
        if pyproject.is_file() and "arbiter" in _read(pyproject).get("tool", {}):
            return pyproject
    return None


def load(explicit: str | None = None, isolated: bool = False, start: Path | None = None) -> Settings:
    """The settings of the file named, or else of the file found from `start` (the current
    folder); no settings when `isolated`. Raises ConfigError for a file that cannot be used."""
    if isolated:
        return Settings()
    path = Path(explicit) if explicit else find(start or Path.cwd())
    if path is None:
        return Settings()
    document = _read(path)
    table = document if path.name != PYPROJECT else document.get("tool", {}).get("arbiter", {})
    return parse(table, path)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        raise ConfigError(
            msg("{path}: cannot be read ({problem})", path=str(path), problem=str(error.strerror or error))
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(msg("{path}: not valid TOML ({error})", path=str(path), error=str(error))) from None


def parse(table: dict[str, Any], path: Path) -> Settings:
    """Settings from the `[tool.arbiter]` table of `path`; unknown keys and wrong kinds are errors."""
    values: dict[str, Any] = {}
    where = f"{path}: [tool.arbiter]" if path.name == PYPROJECT else str(path)
    for key, value in table.items():
        name = key.replace("-", "_")
        kind = _KINDS.get(name)
        if kind is None:
            known = ", ".join(_KINDS)
            raise ConfigError(
                msg("{where}: unknown key {key} (the keys are {known})", where=where, key=repr(key), known=known)
            )
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(
                msg(
                    "{where}: {key} must be {kind}, not {value}",
                    where=where,
                    key=key,
                    kind=_KIND_WORDS[kind](),
                    value=repr(value),
                )
            )
        if kind is list:
            if not all(isinstance(item, str) for item in value):
                raise ConfigError(
                    msg(
                        "{where}: {key} must be a list of strings, not {value}", where=where, key=key, value=repr(value)
                    )
                )
            value = tuple(value)
        if kind is dict:
            value = {str(k): _option_value(v) for k, v in value.items()}
        if name == "house":
            value = (str(path.parent / value),)  # a rulebook next to the configuration file
        values[name] = value
    return Settings(**values, source=path)


_KIND_WORDS = {
    str: lambda: msg("a string"),
    dict: lambda: msg("a table"),
    list: lambda: msg("a list of strings"),
    bool: lambda: msg("true or false"),
    int: lambda: msg("a number"),
}


def _option_value(value: Any) -> str:
    """A rule set option's value as the command line would give it (`yes`, `no`, `10000`)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


__all__ = ["ARBITER_TOML", "PYPROJECT", "ConfigError", "Settings", "find", "load"]
