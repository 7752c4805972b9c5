"""``python -m <this package> DIR [--tex PAPER.tex] [--no-coq]``: check a directory of certificates
against the checker's manifest.  ``python -m <this package> --print-trusted-hashes``: print the
SHA-256 of the trusted Coq files as ``checker/coq.py`` pins them (``TRUSTED_HASHES``), to
update the pin after a reviewed change of ``Vocabulary.v`` or ``allowed_axioms.txt``.

Prints one line per certificate file, the verdicts by how they are established, and exits 1 if
anything does not check.  The package needs only the Python standard library (z3 and cvc5 for
the SMT formulas, ``coqc`` for the Coq proofs), so it can be copied out of zonemax and run on
its own.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import check_directory, locate, render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="checker", description=__doc__)
    parser.add_argument("directory", type=Path, nargs="?")
    parser.add_argument("--print-trusted-hashes", action="store_true",
                        help="print the SHA-256 of the trusted Coq files (Vocabulary.v, "
                        "allowed_axioms.txt) in the form checker/coq.py pins them, and exit")
    parser.add_argument("--tex", type=Path, default=None,
                        help="the paper's LaTeX source (optional: only the quote checks need "
                        "it; default: $ZONEMAX_PAPER_TEX, the user cache, ../shared beside a "
                        "checkout)")
    parser.add_argument("--no-coq", action="store_true", help="do not compile the Coq proofs")
    args = parser.parse_args(argv)
    if args.print_trusted_hashes:
        from .coq import print_trusted_hashes

        sys.stdout.write(print_trusted_hashes())
        return 0
    if args.directory is None:
        parser.error("the certificate directory is required")
    paper = locate(args.tex)
    if args.tex is not None and not paper.found:
        sys.stderr.write(f"--tex: {paper.reason}\n")
        return 2
    if not args.directory.is_dir() or not any(args.directory.glob("*.json")):
        sys.stderr.write(f"no certificate files in {args.directory}\n")
        return 2
    result = check_directory(args.directory, paper, run_coq=not args.no_coq)
    sys.stdout.write(render(result, args.directory))
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
