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

from zonemax.commands._input import UsageError

#: What every message of this command says about the TeX.
OPTIONAL = ("The TeX is optional: every verdict is computed without it; it is read only by the "
            "quote checks (each claim's quoted text at its cited TeX lines)")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``zonemax paper``."""
    from zonemax.proofs_check.checker.paper import ARXIV_SOURCE_URL

    parser.add_argument("action", nargs="?", choices=("where", "fetch"), default="where",
                        help="where (default): say where the TeX is found and what it is used "
                        "for; fetch: download it into the user cache")
    parser.add_argument("--from", dest="source", metavar="URL|PATH", default=None,
                        help=f"with fetch: where to read the paper's source (a gzipped tar, a "
                        f"gzipped TeX or the TeX itself; default {ARXIV_SOURCE_URL})")


def execute(args: argparse.Namespace) -> int:
    """Print the TeX's location, or fetch it."""
    from zonemax.proofs_check.checker import paper

    if args.action == "where":
        if args.source is not None:
            raise UsageError("--from is used by 'zonemax paper fetch' only")
        found = paper.locate()
        if found.path is not None:
            sys.stdout.write(f"the paper's TeX: {found.path} ({found.source}; sha256 "
                             f"{paper.TEX_SHA256}, the version every line reference is for)\n")
        else:
            sys.stdout.write(f"{found.reason}\n")
        sys.stdout.write(f"{OPTIONAL}.\n")
        return 0
    if args.source is not None and not args.source.strip():
        raise UsageError("--from needs a URL or a path, got an empty value (leave --from out "
                         f"to download from {paper.ARXIV_SOURCE_URL})")
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
