"""The paper's TeX is optional input (issue 23): one lookup, its hash checked, a fetch that stores
only the version the line references are for, and "not checked" (never "fails") without it."""

from __future__ import annotations

import gzip
import hashlib
import http.server
import io
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from zonemax.proofs_check.checker import paper

from zonemax import cli

FAKE = b"\\documentclass{article}\n% a stand-in for the paper\n\\begin{document}x\\end{document}\n"


@pytest.fixture
def fake_paper(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A stand-in TeX whose hash the lookup takes as the paper's, an empty user cache and no
    checkout copy, so the lookup's order is tested without the real TeX."""
    monkeypatch.setattr(paper, "TEX_SHA256", hashlib.sha256(FAKE).hexdigest())
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(paper.ENV_VAR, raising=False)
    monkeypatch.setattr(paper, "checkout_path", lambda: tmp_path / "shared" / paper.TEX_NAME)
    path = tmp_path / "given.tex"
    path.write_bytes(FAKE)
    return path


def test_nothing_found_says_how_to_supply_it(fake_paper: Path) -> None:
    found = paper.locate()
    assert not found.found and found.source == "nowhere"
    assert found.not_checked() == ("not checked: the paper's TeX was not found; pass --tex PATH, "
                                   "set ZONEMAX_PAPER_TEX=PATH, or run 'zonemax paper fetch' "
                                   "(arXiv 2307.11855 source into the user cache)")


def test_lookup_order(fake_paper: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "shared" / paper.TEX_NAME
    checkout.parent.mkdir()
    checkout.write_bytes(FAKE)
    assert paper.locate().source == "beside the checkout"
    paper.cache_path().parent.mkdir(parents=True)
    paper.cache_path().write_bytes(FAKE)
    assert paper.locate().source == "user cache"
    monkeypatch.setenv(paper.ENV_VAR, str(fake_paper))
    assert paper.locate() == paper.PaperTex(fake_paper, paper.ENV_VAR)
    assert paper.locate(checkout) == paper.PaperTex(checkout, "--tex")


def test_a_named_place_that_is_missing_hides_the_later_ones(fake_paper: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """CI hides the TeX by pointing the variable nowhere: the checkout copy must not be used."""
    checkout = tmp_path / "shared" / paper.TEX_NAME
    checkout.parent.mkdir()
    checkout.write_bytes(FAKE)
    monkeypatch.setenv(paper.ENV_VAR, str(tmp_path / "nowhere.tex"))
    found = paper.locate()
    assert not found.found and "nowhere.tex is not a file" in found.reason
    assert not paper.locate(tmp_path / "missing.tex").found


def test_another_version_is_reported_not_used(fake_paper: Path, tmp_path: Path) -> None:
    other = tmp_path / "v2.tex"
    other.write_bytes(FAKE + b"% one more line\n")
    found = paper.locate(other)
    assert not found.found
    assert f"the line references are for arXiv {paper.ARXIV_ID}" in found.reason
    assert hashlib.sha256(other.read_bytes()).hexdigest()[:16] in found.reason


def _tar_gz(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, body in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(body)
            tar.addfile(info, io.BytesIO(body))
    return buf.getvalue()


@pytest.mark.parametrize("packing", ["tar.gz", "gz", "plain"])
def test_fetch_from_a_local_copy(fake_paper: Path, tmp_path: Path, packing: str) -> None:
    data = {"tar.gz": _tar_gz({"figs/readme.tex": b"other", "main.tex": FAKE}),
            "gz": gzip.compress(FAKE), "plain": FAKE}[packing]
    source = tmp_path / f"source.{packing}"
    source.write_bytes(data)
    stored = paper.fetch(str(source))
    assert stored == paper.cache_path() and stored.read_bytes() == FAKE
    assert paper.locate() == paper.PaperTex(stored, "user cache")


def test_fetch_refuses_another_version_and_stores_nothing(fake_paper: Path,
                                                          tmp_path: Path) -> None:
    source = tmp_path / "source.tar.gz"
    source.write_bytes(_tar_gz({"main.tex": FAKE + b"%v2\n"}))
    with pytest.raises(paper.FetchError, match=r"main.tex \(sha256 [0-9a-f]{16}\.\.\.\); the line"):
        paper.fetch(str(source))
    assert not paper.cache_path().exists()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """An HTTP server on loopback serving ``tmp_path/www`` (no network needed)."""
    www = tmp_path / "www"
    www.mkdir()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(www), **kwargs)  # type: ignore[arg-type]

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_fetch_over_http_on_loopback(fake_paper: Path, tmp_path: Path, served: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "www" / "e-print").write_bytes(_tar_gz({"paper.tex": FAKE}))
    assert cli.main(["paper", "fetch", "--from", f"{served}/e-print"]) == 0
    assert paper.cache_path().read_bytes() == FAKE
    assert "stored the paper's TeX at" in capsys.readouterr().out
    assert cli.main(["paper", "fetch", "--from", f"{served}/missing"]) == 2
    assert "cannot download" in capsys.readouterr().err


def test_paper_where(fake_paper: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["paper"]) == 0
    assert "the paper's TeX was not found" in capsys.readouterr().out
    paper.cache_path().parent.mkdir(parents=True)
    paper.cache_path().write_bytes(FAKE)
    assert cli.main(["paper", "where"]) == 0
    assert f"{paper.cache_path()} (user cache" in capsys.readouterr().out
    assert cli.main(["paper", "--from", "x"]) == 2

