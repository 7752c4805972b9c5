"""The full ``zonemax`` parser for sphinx-argparse: every command with its options.

sphinx-argparse reads help texts as reStructuredText, where ``|a|_1``, ``reference|fast`` or
``*`` are markup; the texts are written for a terminal, so their markup characters are escaped
here (the terminal's ``--help`` is unchanged)."""

from __future__ import annotations

import argparse

from zonemax.cli import build_parser

#: reStructuredText's inline markup characters (and the escape character itself first).
_MARKUP = ("\\", "*", "|", "`", "_")


def _escape(text: str | None) -> str | None:
    if text is None or text is argparse.SUPPRESS:
        return text
    for ch in _MARKUP:
        text = text.replace(ch, "\\" + ch)
    return text


def _escape_parser(parser: argparse.ArgumentParser) -> None:
    parser.description = _escape(parser.description)
    parser.epilog = _escape(parser.epilog)
    for action in parser._actions:
        action.help = _escape(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = _escape(choice.help)
            for sub in action.choices.values():
                _escape_parser(sub)


def parser() -> argparse.ArgumentParser:
    """:func:`zonemax.cli.build_parser` with every command configured, help texts escaped."""
    full = build_parser(full=True)
    _escape_parser(full)
    return full
