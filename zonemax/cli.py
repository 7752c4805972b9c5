"""The ``zonemax`` command line: a thin layer that parses, calls one function and prints."""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

from zonemax import __version__
from zonemax.commands import claims as claims_cmd
from zonemax.commands import exact as exact_cmd
from zonemax.commands import reproduce as reproduce_cmd
from zonemax.commands import run as run_cmd
from zonemax.commands import verify as verify_cmd

#: The subcommands, in the order ``zonemax --help`` lists them.
COMMANDS: tuple[ModuleType, ...] = (
    run_cmd, exact_cmd, claims_cmd, verify_cmd, reproduce_cmd,
)


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"zonemax: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="zonemax",
        description="Reference implementation and verification suite for 'Run Time Bounds "
        "for Integer-Valued OneMax Functions' (arXiv:2307.11855).",
    )
    parser.add_argument("--version", action="version", version=f"zonemax {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    for module in COMMANDS:
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(p)
        p.set_defaults(_execute=module.execute)
    return parser


def _show_warning(message: warnings.WarningMessage | Warning | str, category: type[Warning],
                  filename: str, lineno: int, file: object = None, line: str | None = None
                  ) -> None:
    sys.stderr.write(f"zonemax: warning: {message}\n")


#: Options whose value may start with a minus sign (a negative target entry).
_SIGNED_OPTIONS = ("--a", "--r")


def _attach_negative_values(argv: Sequence[str]) -> list[str]:
    """Turn ``--a -3,2`` into ``--a=-3,2`` so argparse does not read ``-3,2`` as an option."""
    out: list[str] = []
    it = iter(argv)
    for token in it:
        if token in _SIGNED_OPTIONS:
            value = next(it, None)
            if value is None:
                out.append(token)
            elif value[:1] == "-" and value[1:2].isdigit():
                out.append(f"{token}={value}")
            else:
                out.extend((token, value))
        else:
            out.append(token)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zonemax`` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(_attach_negative_values(sys.argv[1:] if argv is None else argv))
    warnings.showwarning = _show_warning
    try:
        code = int(args._execute(args))
    except (ValueError, TypeError, OverflowError) as exc:
        sys.stderr.write(f"zonemax {args.command}: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("zonemax: interrupted\n")
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
