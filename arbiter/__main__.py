"""`python -m arbiter`: the `arbiter` command. The core never imports the command line; only
running the package as a program does, here."""

from __future__ import annotations


def main() -> None:
    from arbiter_cli.entry import main as run  # the adapter, imported only when run as a program

    run()


if __name__ == "__main__":
    main()
