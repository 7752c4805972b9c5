"""``python -m <this package> DIR [--tex PAPER.tex]``: check a directory of certificates.

Prints one line per certificate file and exits 1 at the first that does not check.  The package
has no dependency outside the Python standard library (z3 is used when installed, for ``smt``
certificates), so it can be copied out of zonemax and run on its own.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import check_directory, locate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="checker", description=__doc__)
    parser.add_argument("directory", type=Path)
    parser.add_argument("--tex", type=Path, default=None,
                        help="the paper's LaTeX source (optional: only the quote checks need "
                        "it; default: $ZONEMAX_PAPER_TEX, the user cache, ../shared beside a "
                        "checkout)")
    args = parser.parse_args(argv)
    paper = locate(args.tex)
    if args.tex is not None and not paper.found:
        sys.stderr.write(f"--tex: {paper.reason}\n")
        return 2
    results = check_directory(args.directory, paper)
    if not results:
        sys.stderr.write(f"no certificate files in {args.directory}\n")
        return 1
    for r in results:
        kinds = ", ".join(r.rechecked + tuple(f"{t} [trusted]" for t in r.trusted)
                          + tuple(f"{u} [NOT CHECKED]" for u in r.unchecked))
        sys.stdout.write(f"{'ok  ' if r.ok else 'FAIL'} {r.claim}: {r.message if not r.ok else kinds}\n")
        if not r.ok:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
