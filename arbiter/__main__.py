"""`python -m arbiter`: the `arbiter` command. The core never imports the command line; only
running the package as a program does, here."""

from __future__ import annotations


def main() -> None:
    from arbiter_cli.main import cli  # the adapter, imported only when run as a program

    cli(prog_name="arbiter")


if __name__ == "__main__":
    main()
