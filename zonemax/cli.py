"""The ``zonemax`` command line: a thin layer that parses, calls one function and prints.

Start-up is kept light: this module imports no command module until a command is chosen, and
each command imports its heavy libraries (numba, scipy, sympy, matplotlib, cmaes) only when it
runs.  ``zonemax --help`` and ``zonemax --version`` therefore load nothing of that.

Exit codes: 0 success; 1 the command's own negative result (``verify`` found a disagreement);
2 bad input (a :class:`~zonemax.commands.UsageError`, one line on stderr); 130 interrupted by
Ctrl-C, 143 terminated by SIGTERM (handled like Ctrl-C: ``reproduce`` records the session and
says how to resume); 141 (``128 + SIGPIPE``, what a Unix tool killed by SIGPIPE reports) when the
reader of the output went away (``zonemax claims --format json | head -c 50``): the command
ends quietly, without a message; 74 (``EX_IOERR``) when the output could not be written (a full
disk): one line says so.  Any other exception is a bug in zonemax and is shown as one,
with its traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import shlex
import signal
import sys
import threading
import warnings
from collections.abc import Sequence
from types import ModuleType

from zonemax import __version__
from zonemax.commands import Interrupted, Terminated, UsageError

#: The subcommands in the order ``zonemax --help`` lists them: name -> (help, module).  Each
#: module defines ``configure(parser)`` and ``execute(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("run an algorithm of the paper on f_a and report the optimisation times",
            "zonemax.commands.run"),
    "exact": ("exact expected run time E[T] of a small instance (Markov chain, exact "
              "rationals or rigorous intervals)", "zonemax.commands.exact"),
    "claims": ("check every claim of the paper (Sections 1-6) and print verdicts with their "
               "scope, evidence and counterexamples", "zonemax.commands.claims"),
    "verify": ("the main job: check the paper's claims and validate the implementations "
               "statistically", "zonemax.commands.verify"),
    "reproduce": ("reproduce the paper's experiments (Section 6): raw data, figures and a "
                  "report", "zonemax.commands.reproduce"),
    "paper": ("where the paper's TeX is (optional input, for the quote checks); 'zonemax "
              "paper fetch' downloads it", "zonemax.commands.paper"),
    "conform": ("judge an implementation (Python function or any program) against the exact "
                "laws of the paper's algorithm and its variants", "zonemax.commands.conform"),
}


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def command_module(name: str) -> ModuleType:
    """The module of subcommand ``name`` (imported on first use)."""
    return importlib.import_module(COMMANDS[name][1])


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (the first token that is not an option)."""
    for token in argv:
        if not token.startswith("-"):
            return token if token in COMMANDS else None
    return None


def build_parser(argv: Sequence[str] = (), *, full: bool = False) -> argparse.ArgumentParser:
    """The parser; only the command chosen in ``argv`` gets its options (and its import), or,
    with ``full``, every command (the documentation's command-line reference is built so).

    ``parser.subparsers`` maps each command to its sub-parser, so that :func:`main` reports
    an unknown option with the command's prefix (``zonemax verify: error: ...``)."""
    parser = _Parser(
        prog="zonemax",
        description="Reference implementation and verification suite for 'Run Time Bounds "
        "for Integer-Valued OneMax Functions' (arXiv:2307.11855).",
        epilog="Exit codes: 0 ok, 1 a negative result (zonemax verify), 2 bad input, "
        "130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 74 the output could not be "
        "written (a full disk).  'zonemax COMMAND --help' "
        "describes each command.",
    )
    parser.add_argument("--version", action="version", version=f"zonemax {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    chosen = _chosen_command(argv)
    subparsers: dict[str, argparse.ArgumentParser] = {}
    for name, (help_text, _) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        subparsers[name] = p
        if full or name == chosen:
            module = command_module(name)
            module.configure(p)
            p.set_defaults(_execute=module.execute)
    parser.set_defaults(_subparsers=subparsers)
    return parser


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: object = None, line: str | None = None) -> None:
    """Warnings on the command line: one line each."""
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


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


#: Exit code after the reader of stdout went away: ``128 + SIGPIPE``, as a Unix tool that the
#: signal ended reports it (``yes | head -1``; Python ignores SIGPIPE and raises instead).
CLOSED_PIPE = 128 + 13


def _silence_closed_stdout() -> None:
    """Point the stdout file descriptor at ``/dev/null``: the interpreter flushes stdout on exit,
    which would otherwise raise ``BrokenPipeError`` once more (and print it) after the command
    has ended quietly (the recipe of the Python documentation, module ``signal``)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's captured stream)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _forget_handled_interrupt() -> None:
    """Tell CPython that the Ctrl-C was handled.

    CPython 3.11 sets its flag ``_Py_UnhandledKeyboardInterrupt`` whenever a
    ``KeyboardInterrupt`` leaves code run by ``exec`` of a string (``PyRun_StringFlags``:
    ``collections.namedtuple``, ``dataclasses`` and numba generate code so), even when the
    exception is caught further up, and ``python -m`` then ends the process by SIGINT after
    ``main`` returned 130 (exit -2 instead of 130 in 2 of 12 interrupts while numba loaded its
    kernels).  The flag is a CPython internal: where it is not found, nothing is done."""
    import ctypes

    try:
        flag = ctypes.c_int.in_dll(ctypes.pythonapi, "_Py_UnhandledKeyboardInterrupt")
    except (AttributeError, ValueError, OSError):
        return
    flag.value = 0


def _say(text: str) -> None:
    """One line on stderr, unless stderr's reader went away as well."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):
        pass


#: ``errno`` values of a write that failed because the output cannot take it (a full disk, a
#: quota, a file-size limit, an I/O error): one line and :data:`CANNOT_WRITE`, not a traceback.
_WRITE_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO")
                          if hasattr(errno, name))
#: Exit code when the output could not be written (``EX_IOERR`` of BSD's sysexits.h).
CANNOT_WRITE = 74


def _interrupted(command: str, exc: KeyboardInterrupt) -> int:
    """The one line and exit code of a Ctrl-C or SIGTERM that no command turned into a
    message of its own."""
    _forget_handled_interrupt()
    term = isinstance(exc, Terminated)
    _say(f"{command}: {'terminated (SIGTERM)' if term else 'interrupted'}\n")
    return 128 + (Terminated.signum if term else signal.SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``zonemax`` console script; returns the exit code."""
    # SIGTERM (kill PID) is handled like Ctrl-C: a Terminated (KeyboardInterrupt) in the main
    # thread, so commands clean up and record what they did.  An ignored SIGTERM (`trap '' TERM`,
    # inherited by a background job) stays ignored, as Python leaves an ignored SIGINT.  It is
    # installed first, and start-up (parsing imports the command's module and, through it,
    # numpy) runs inside the handlers below: a signal there is one line too, not a traceback.
    previous = None
    if threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:
        previous = signal.signal(signal.SIGTERM, _raise_terminated)
    tokens = _attach_negative_values(sys.argv[1:] if argv is None else argv)
    chosen = _chosen_command(tokens)
    prefix = "zonemax" if chosen is None else f"zonemax {chosen}"
    try:
        try:
            parser = build_parser(tokens)
            if not tokens:  # bare 'zonemax': the usage and the list of commands, not one error
                _say(parser.format_help())
                return 2
            args, unknown = parser.parse_known_args(tokens)
            if unknown:  # reported by the command's own parser: 'zonemax verify: error: ...'
                args._subparsers[args.command].error(
                    f"unrecognized arguments: {' '.join(unknown)}")
        except KeyboardInterrupt as exc:
            return _interrupted(prefix, exc)
        args._command_line = "zonemax " + shlex.join(tokens)  # for "rerun ... to resume" hints
        warnings.showwarning = _show_warning
        return _run(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    """Execute the parsed command; its exceptions become the exit codes of the module
    docstring."""
    try:
        code = int(args._execute(args))
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit flush
        return code
    except BrokenPipeError:  # the reader went away (| head): end quietly, as Unix tools do
        _silence_closed_stdout()
        return CLOSED_PIPE
    except UsageError as exc:
        _say(f"zonemax {args.command}: error: {exc}\n")
        return 2
    except Interrupted as exc:
        _forget_handled_interrupt()
        _say(f"zonemax {args.command}: {exc}\n")
        return 128 + exc.signum
    except KeyboardInterrupt as exc:
        return _interrupted(f"zonemax {args.command}", exc)
    except OSError as exc:
        if exc.errno not in _WRITE_ERRNOS:
            raise  # a bug in zonemax: shown with its traceback
        _silence_closed_stdout()  # what could not be written is not retried at exit
        where = f" {exc.filename}" if exc.filename else ""
        _say(f"zonemax {args.command}: error: cannot write the output{where}: "
             f"{exc.strerror or exc}\n")
        return CANNOT_WRITE


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
