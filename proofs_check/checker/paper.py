r"""Where the paper's LaTeX source is, and whether it is the one the line references are for.

The TeX is an *optional* input.  zonemax cannot ship it, and nothing but the quote checks needs
it: every verdict is computed without it.  With it, the checker also confirms that each claim's
quoted text is printed at the TeX lines the claim cites.

One function, :func:`locate`, finds it, in this order:

1. an explicit path (``zonemax claims --check DIR --tex PATH``);
2. the environment variable :data:`ENV_VAR` (``ZONEMAX_PAPER_TEX``);
3. the user cache, :func:`cache_path` (``zonemax paper fetch`` puts it there);
4. ``../shared/paper/<name>`` beside a source checkout (the development layout).

An explicit path or an environment variable that names no file ends the search there: the TeX
is then *not found* (and says so), never silently taken from a later place.  A file whose
SHA-256 is not :data:`TEX_SHA256` is reported and not used: its line numbers may differ.

Standard library only (the checker package imports nothing else).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import os
import tarfile
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

#: The paper (arXiv identifier).
ARXIV_ID = "2307.11855"
#: File name of the paper's LaTeX source, as the line references know it.
TEX_NAME = "integer-onemax-run-time-bounds.tex"
#: SHA-256 of the TeX that every line reference of the manifest and the registry refers to: the
#: file the development checkouts have at ``../shared/paper/`` (790 lines).  Which arXiv
#: version it is was not recorded with it and could not be determined here (no network).
TEX_SHA256 = "97dc9ef0720976f7e2b509a5dc639a27f7cda6c2e7df61e4839deb21794efcca"
#: Environment variable naming the TeX (a path).  Set to a path that does not exist, it hides
#: the TeX (CI runs the suite once like that: the user's layout).
ENV_VAR = "ZONEMAX_PAPER_TEX"
#: How a user supplies the TeX (used in every "not checked" message).
HOW_TO_SUPPLY = (f"pass --tex PATH, set {ENV_VAR}=PATH, or run 'zonemax paper fetch' "
                 f"(arXiv {ARXIV_ID} source into the user cache)")


@dataclass(frozen=True)
class PaperTex:
    """The outcome of :func:`locate`.

    ``path`` is the TeX to use, or ``None`` when none was found or the one found has another
    hash; ``source`` says where the search looked last (``"--tex"``, the environment variable,
    ``"user cache"``, ``"beside the checkout"`` or ``"nowhere"``); ``reason`` is one sentence
    for a user when ``path`` is ``None``.
    """

    path: Path | None
    source: str
    reason: str = ""

    @property
    def found(self) -> bool:
        return self.path is not None

    def not_checked(self) -> str:
        """The one-line reason a quote check did not run."""
        return f"not checked: {self.reason}"


def sha256(path: Path) -> str:
    """SHA-256 of a file, hex."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_dir() -> Path:
    """The user cache folder of zonemax (``$XDG_CACHE_HOME/zonemax`` or ``~/.cache/zonemax``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zonemax"


def cache_path() -> Path:
    """Where ``zonemax paper fetch`` stores the TeX."""
    return cache_dir() / "paper" / TEX_NAME


def checkout_path() -> Path:
    """``<checkout>/../shared/paper/<name>``: the development layout (this file is
    ``<checkout>/proofs_check/checker/paper.py``)."""
    return Path(__file__).resolve().parents[3] / "shared" / "paper" / TEX_NAME


def _judge(path: Path, source: str) -> PaperTex:
    if not path.is_file():
        return PaperTex(None, source, f"the paper's TeX was not found ({source}: {path} is not "
                                      f"a file); {HOW_TO_SUPPLY}")
    try:
        digest = sha256(path)
    except OSError as exc:
        return PaperTex(None, source, f"the paper's TeX at {path} cannot be read "
                                      f"({exc.strerror or exc}); {HOW_TO_SUPPLY}")
    if digest != TEX_SHA256:
        return PaperTex(None, source, f"the TeX at {path} ({source}) has sha256 {digest[:16]}...; "
                                      f"the line references are for arXiv {ARXIV_ID}, "
                                      f"{TEX_NAME} with sha256 {TEX_SHA256}")
    return PaperTex(path, source)


def locate(explicit: Path | str | None = None) -> PaperTex:
    """Find the paper's TeX (order in the module docstring); never raises for a missing file."""
    if explicit is not None:
        return _judge(Path(explicit), "--tex")
    env = os.environ.get(ENV_VAR)
    if env:
        return _judge(Path(env), ENV_VAR)
    for path, source in ((cache_path(), "user cache"), (checkout_path(), "beside the checkout")):
        if path.is_file():
            return _judge(path, source)
    return PaperTex(None, "nowhere", f"the paper's TeX was not found; {HOW_TO_SUPPLY}")


#: Where arXiv serves the paper's source (a gzipped tar, or a single gzipped TeX).
ARXIV_SOURCE_URL = f"https://arxiv.org/e-print/{ARXIV_ID}"
#: Largest download accepted (bytes): the source with its figures is far smaller.
MAX_DOWNLOAD = 64 << 20


class FetchError(Exception):
    """The paper's source could not be fetched or holds no TeX with :data:`TEX_SHA256`."""


def _read_source(source: str, timeout: float) -> bytes:
    """The bytes at ``source``: a local path, or a ``file:``/``http:``/``https:`` URL."""
    if "://" not in source:
        path = Path(source)
        if not path.is_file():
            raise FetchError(f"{source} is not a file")
        data = path.read_bytes()
    else:
        if not source.startswith(("http://", "https://", "file://")):
            raise FetchError(f"{source}: only http(s):// and file:// URLs or a local path")
        try:
            with urllib.request.urlopen(source, timeout=timeout) as response:
                data = response.read(MAX_DOWNLOAD + 1)
        except (OSError, ValueError) as exc:
            raise FetchError(f"cannot download {source}: {exc}") from None
    if len(data) > MAX_DOWNLOAD:
        raise FetchError(f"{source} is larger than {MAX_DOWNLOAD >> 20} MiB: not the paper's "
                         f"source")
    return data


def _tex_members(data: bytes) -> list[tuple[str, bytes]]:
    """The ``.tex`` files in an arXiv source: a (gzipped) tar, a gzipped file or plain TeX."""
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as tar:
            return [(m.name, tar.extractfile(m).read())  # type: ignore[union-attr]
                    for m in tar.getmembers() if m.isfile() and m.name.endswith(".tex")]
    except tarfile.TarError:
        pass
    with contextlib.suppress(OSError, EOFError):
        data = gzip.decompress(data)
    return [("(single file)", data)]


def fetch(source: str = ARXIV_SOURCE_URL, *, dest: Path | None = None,
          timeout: float = 60.0) -> Path:
    """Fetch the paper's source from ``source`` (arXiv by default; a path or URL for a mirror)
    and store its TeX at ``dest`` (default :func:`cache_path`) if its SHA-256 is
    :data:`TEX_SHA256`; returns the path.  Raises :class:`FetchError` (with every ``.tex``
    found and its hash) otherwise: a TeX with other line numbers is never stored."""
    members = _tex_members(_read_source(source, timeout))
    for _, body in members:
        if hashlib.sha256(body).hexdigest() == TEX_SHA256:
            target = cache_path() if dest is None else dest
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as tmp:
                tmp.write(body)
            Path(tmp.name).replace(target)  # complete or nothing
            return target
    found = ", ".join(f"{name} (sha256 {hashlib.sha256(body).hexdigest()[:16]}...)"
                      for name, body in members) or "no .tex file"
    raise FetchError(f"{source} holds {found}; the line references are for {TEX_NAME} with "
                     f"sha256 {TEX_SHA256}: nothing stored")


__all__ = [
    "ARXIV_ID",
    "ARXIV_SOURCE_URL",
    "ENV_VAR",
    "HOW_TO_SUPPLY",
    "TEX_NAME",
    "TEX_SHA256",
    "FetchError",
    "PaperTex",
    "cache_path",
    "checkout_path",
    "fetch",
    "locate",
    "sha256",
]
