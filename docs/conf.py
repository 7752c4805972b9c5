"""Sphinx configuration of zonemax's documentation (MyST Markdown, furo).

Build: ``python -m sphinx -W -n -b html docs DIR`` (CI does, warnings as errors and every
reference checked).  The API reference is read from the docstrings (autodoc), the command-line
reference from the argparse parser (sphinx-argparse), and the errata sheet from the claim
registry at build time (``_ext/errata.py``).  Nothing here compiles the fast engine: importing
its modules only defines the jitted functions.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import zonemax

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "zonemax"
author = "the zonemax authors"
copyright = "2026, the zonemax authors"
release = zonemax.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinxarg.ext",
    "errata",
    "apilinks",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated", "_ext"]
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]

# The conformance suite's API page is built when the package exists (it is added by its own
# change).
HAVE_CONFORMANCE = importlib.util.find_spec("zonemax.conformance") is not None
if not HAVE_CONFORMANCE:
    exclude_patterns.append("reference/api/conformance.md")


def _drop_conformance_entry(app: object, docname: str, source: list[str]) -> None:
    """Without :mod:`zonemax.conformance`, its page is excluded: drop its toctree entry."""
    if docname == "reference/api/index" and not HAVE_CONFORMANCE:
        source[0] = source[0].replace("\nconformance\n", "\n")


def setup(app: object) -> None:
    app.connect("source-read", _drop_conformance_entry)  # type: ignore[attr-defined]

html_theme = "furo"
html_title = f"zonemax {release}"

autodoc_member_order = "bysource"
# Every name of a package's __all__ is documented, constants included (their ``#:`` comments
# are read where they are defined: _ext/apilinks.py).
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": False}
autodoc_typehints = "signature"
autodoc_type_aliases: dict[str, str] = {}

nitpicky = True
# Third-party and standard-library types named in signatures: their documentation is not
# linked (no intersphinx: the build must work offline), so references to them are not checked.
# Only such types are listed here; every reference into zonemax itself is checked.
nitpick_ignore_regex = [
    ("py:.*", r"(numpy|np|numpy\.typing|npt|mpmath|sympy|flint|numba|scipy|cmaes)\..*"),
    ("py:.*", r"(collections\.abc|typing|types|fractions|decimal|pathlib|argparse|enum|"
              r"dataclasses|random|io|os|numbers)\..*"),
    ("py:class", r"(Fraction|Decimal|Path|Iterable|Iterator|Sequence|Mapping|Callable|"
                 r"Generator|Any|TextIO|ModuleType|NDArray|ArrayLike|SeedSequence|Generator|"
                 r"mpf|mpi|ndarray|Enum|StrEnum|IntEnum)"),
]
