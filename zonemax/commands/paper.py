"""``zonemax paper``: where the paper's TeX is, and ``zonemax paper fetch`` to get it.

The TeX (arXiv 2307.11855's LaTeX source) is optional input: every verdict of ``zonemax
claims`` and every check of ``zonemax verify`` runs without it; it is read only to confirm that
each claim's quoted text is printed at the TeX lines the claim cites (the quote checks of
``zonemax claims --check`` and of the test suite).  zonemax does not ship it.

* ``zonemax paper`` prints where the TeX was found (or why not) and how to supply it;
* ``zonemax paper fetch [--from SOURCE]`` downloads arXiv's source (or reads a local copy or
  mirror), and stores the TeX in the user cache if its SHA-256 is the one the line references
  are for.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zonemax.commands import UsageError

#: What every message of this command says about the TeX.
OPTIONAL = ("The TeX is optional: every verdict is computed without it; it is read only by the "
            "quote checks (each claim's quoted text at its cited TeX lines)")


#: Where ``fetch`` downloads from by default: the checker's
#: :data:`~zonemax.proofs_check.checker.paper.ARXIV_SOURCE_URL`, spelt out here so that parsing
#: the command line does not import the checker (``tests/test_newcomer_stops.py`` checks that
#: the two agree).
ARXIV_SOURCE_URL = "https://arxiv.org/e-print/2307.11855"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``zonemax paper``."""
    parser.add_argument("action", nargs="?", choices=("where", "fetch"), default="where",
                        help="where (default): say where the TeX is found and what it is used "
                        "for; fetch: download it into the user cache")
    parser.add_argument("--from", dest="source", metavar="URL|PATH", default=None,
                        help=f"with fetch: where to read the paper's source (a gzipped tar, a "
                        f"gzipped TeX or the TeX itself; default {ARXIV_SOURCE_URL})")


def _check_source(source: str | None) -> None:
    """``--from``: not empty, and a local path that is a file (the checker's loading takes
    seconds, 33 s to 45 s under load: a typo is refused before it)."""
    if source is None:
        return
    if not source.strip():
        raise UsageError("--from needs a URL or a path, got an empty value (leave --from out "
                         f"to download from {ARXIV_SOURCE_URL})")
    if "://" not in source and not Path(source).is_file():
        what = "does not exist" if not Path(source).exists() else "is not a file"
        raise UsageError(f"fetch: --from {source} {what}.  {OPTIONAL}")


def execute(args: argparse.Namespace) -> int:
    """Print the TeX's location, or fetch it."""
    if args.action == "where" and args.source is not None:
        raise UsageError("--from is used by 'zonemax paper fetch' only")
    if args.action == "fetch":
        _check_source(args.source)
    from zonemax.proofs_check.checker import paper

    if args.action == "where":
        found = paper.locate()
        if found.path is not None:
            sys.stdout.write(f"the paper's TeX: {found.path} ({found.source}; sha256 "
                             f"{paper.TEX_SHA256}, the version every line reference is for)\n")
        else:
            sys.stdout.write(f"{found.reason}\n")
        sys.stdout.write(f"{OPTIONAL}.\n")
        return 0
    source = paper.ARXIV_SOURCE_URL if args.source is None else args.source
    try:
        path = paper.fetch(source)
    except paper.FetchError as exc:
        hint = ("; --from PATH reads a copy you downloaded elsewhere" if args.source is None
                else "")
        raise UsageError(f"fetch: {exc}.  {OPTIONAL}{hint}") from None
    except OSError as exc:
        raise UsageError(f"fetch: cannot store the TeX in {paper.cache_path().parent}: "
                         f"{exc.strerror or exc}") from None
    sys.stdout.write(f"stored the paper's TeX at {path} (sha256 {paper.TEX_SHA256}); "
                     f"zonemax finds it there\n")
    return 0
