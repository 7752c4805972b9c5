"""The README and the documentation: every code example runs, and everything public is documented.

**Examples.**  Every fenced code block of ``README.md`` and ``docs/**/*.md`` is one of

* ``pycon``: a doctest (``>>>``), run with ``ELLIPSIS`` and ``NORMALIZE_WHITESPACE``;
* ``console``: commands after ``$ ``, each followed by the output it prints; a ``zonemax``
  command runs in this process (:func:`zonemax.cli.main`), must exit 0, and its standard output
  must match the text shown (``...`` matches anything);
* ``python``: a script, which must run;
* data or a directive (``text``, ``json``, ``toml``, ``{toctree}``, ...), which is not run.

A page's examples run in document order in one empty folder and share one namespace, so a
tutorial may use the files an earlier command wrote.  The installation commands
(``python -m pip install ...``, ``python -m pytest``) are not run here: ``.ci/run`` runs exactly
those.  Commands that take minutes (:data:`SLOW_COMMANDS`) run with ``-m slow``.

**Coverage.**  Every name of the public packages' ``__all__`` is in the API reference, and every
command of :data:`zonemax.cli.COMMANDS` is in the generated command-line reference and is shown
somewhere in the README or the documentation.  CI builds the documentation with warnings as
errors (``sphinx -W -n``), which checks that each of those references resolves.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import inspect
import io
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from zonemax.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(
    p for p in DOCS.rglob("*.md") if not {"_generated", "_build"} & set(p.relative_to(DOCS).parts))]

#: Languages of blocks that are data, not examples.
DATA_LANGUAGES = frozenset({"text", "json", "toml", "yaml", "bibtex", "cff", "ini"})
#: Commands that take minutes; they run with ``-m slow`` (first words after ``zonemax``).
SLOW_COMMANDS = (("verify",), ("reproduce",), ("claims", "--check"))
#: Installation and test-suite commands: what ``.ci/run`` runs, never run from here.
SETUP = re.compile(r"^python -m (pip|pytest)\b")
#: doctest's comparison of expected and actual output.
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

_FENCE = re.compile(r"^(?P<fence>`{3,})(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=fence)[ \t]*$",
                    re.M | re.S)


@dataclass(frozen=True)
class Block:
    language: str
    body: str
    line: int


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, in order."""
    text = path.read_text(encoding="utf-8")
    return [Block(m["info"].strip().split(" ")[0], m["body"], text.count("\n", 0, m.start()) + 1)
            for m in _FENCE.finditer(text)]


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]  # after 'zonemax'
    expected: str
    line: int

    @property
    def slow(self) -> bool:
        return any(self.argv[:1] == word[:1] and all(w in self.argv for w in word[1:])
                   for word in SLOW_COMMANDS)


def commands(block: Block) -> list[Command]:
    """The ``$ `` commands of a console block with the output shown after each; installation
    commands are dropped, except a ``zonemax`` command chained after one with ``&&``."""
    out: list[Command] = []
    lines = block.body.splitlines()
    starts = [k for k, line in enumerate(lines) if line.startswith("$ ")]
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        text = lines[start][2:].strip()
        expected = "\n".join(lines[start + 1:end]) + "\n"
        if SETUP.match(text):
            if "&&" not in text:
                continue
            text = text.split("&&", 1)[1].strip()
        words = shlex.split(text)
        assert words[0] == "zonemax", f"line {block.line + start + 1}: only zonemax commands " \
            f"are examples here, got {text!r}"
        out.append(Command(tuple(words[1:]), expected, block.line + start + 1))
    return out


def _run_command(cmd: Command) -> str:
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(list(cmd.argv))
    assert code == 0, f"zonemax {shlex.join(cmd.argv)} exited {code}: {stderr.getvalue()}"
    return stdout.getvalue()


def run_page(path: Path, *, slow: bool) -> list[str]:
    """Run the examples of ``path`` in the current folder; the failures, as messages."""
    failures: list[str] = []
    globs: dict[str, object] = {"__name__": f"docs:{path.name}"}
    checker = doctest.OutputChecker()
    runner = doctest.DocTestRunner(checker=checker, optionflags=FLAGS)
    where = path.relative_to(ROOT)
    for block in blocks(path):
        if block.language == "pycon":
            test = doctest.DocTestParser().get_doctest(block.body, globs, str(where), str(path),
                                                       block.line)
            report = io.StringIO()
            result = runner.run(test, out=report.write, clear_globs=False)
            globs = test.globs  # a DocTest runs in a copy: the next block continues from it
            if result.failed:
                failures.append(report.getvalue())
        elif block.language == "console":
            for cmd in commands(block):
                if cmd.slow and not slow:
                    continue
                got = _run_command(cmd)
                if not checker.check_output(cmd.expected, got, FLAGS):
                    failures.append(f"{where}:{cmd.line}: zonemax {shlex.join(cmd.argv)}\n"
                                    f"expected:\n{cmd.expected}got:\n{got}")
        elif block.language == "python":
            exec(compile(block.body, f"{where}:{block.line}", "exec"), globs)
    return failures


def _page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_code_block_is_an_example_or_data() -> None:
    for path in PAGES:
        for block in blocks(path):
            lang = block.language
            assert lang in {"pycon", "console", "python"} | DATA_LANGUAGES \
                or lang.startswith("{"), (
                f"{_page_id(path)}:{block.line}: a ```{lang or '(no language)'} block; write "
                "examples as pycon (>>>) or console ($ zonemax ...) so that they run, data as "
                "text/json/toml")


@pytest.mark.parametrize("path", PAGES, ids=_page_id)
def test_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    failures = run_page(path, slow=False)
    assert not failures, "\n".join(failures)


_SLOW_PAGES = [p for p in PAGES if any(c.slow for b in blocks(p) if b.language == "console"
                                       for c in commands(b))]


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("path", _SLOW_PAGES, ids=_page_id)
def test_examples_run_with_the_slow_commands(path: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    failures = run_page(path, slow=True)
    assert not failures, "\n".join(failures)


def test_the_example_runner_fails_a_wrong_example(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: a page whose shown output is wrong fails, in each kind of block."""
    monkeypatch.chdir(tmp_path)
    right = tmp_path / "right.md"
    right.write_text("```pycon\n>>> 1 + 1\n2\n```\n\n```console\n$ zonemax exact ea-pm1 --a 1\n"
                     "...E[T] = 2 ≈ 2\n...\n```\n", encoding="utf-8")
    wrong = tmp_path / "wrong.md"
    wrong.write_text("```pycon\n>>> 1 + 1\n3\n```\n\n```console\n$ zonemax exact ea-pm1 --a 1\n"
                     "...E[T] = 3 ≈ 3\n...\n```\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert run_page(right, slow=False) == []
        assert len(run_page(wrong, slow=False)) == 2
    finally:
        ROOT = saved


# ------------------------------------------------------------------------------- coverage

#: The public packages and the API page that documents each.
PUBLIC = {
    "zonemax.reference": "reference",
    "zonemax.engine": "engine",
    "zonemax.exact": "exact",
    "zonemax.proofs_check": "proofs_check",
    "zonemax.conformance": "conformance",
}


@pytest.mark.parametrize("module_name", sorted(PUBLIC))
def test_every_public_name_is_in_the_api_reference(module_name: str) -> None:
    """The page documents the whole module (``automodule`` with ``:members:`` and no list,
    ``undoc-members`` on in ``conf.py``) and expands its constants and lazily provided names
    (``.. public-names::``); each public function and class says something of its own."""
    module = importlib.import_module(module_name)
    page = (DOCS / "reference" / "api" / f"{PUBLIC[module_name]}.md").read_text(encoding="utf-8")
    assert re.search(rf"^\.\. automodule:: {re.escape(module_name)}\n   :members:\n\n",
                     page, re.M), f"{module_name}: automodule with :members: (all of __all__)"
    assert f".. public-names:: {module_name}\n" in page
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert '"undoc-members": True' in conf
    assert module.__all__
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isclass(value) or inspect.isroutine(value):
            doc = inspect.getdoc(value) or ""
            assert doc and not doc.startswith(f"{name}("), \
                f"{module_name}.{name} has no docstring of its own"


def test_the_api_index_lists_every_page() -> None:
    index = (DOCS / "reference" / "api" / "index.md").read_text(encoding="utf-8")
    for page in (DOCS / "reference" / "api").glob("*.md"):
        if page.stem != "index":
            assert f"\n{page.stem}\n" in index, page.name


def test_every_command_is_in_the_command_line_reference() -> None:
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        cli_parser = importlib.import_module("cli_parser")
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    reference = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert ":module: cli_parser\n:func: parser\n" in reference
    parser = cli_parser.parser()
    subparsers = parser._defaults["_subparsers"]
    assert list(subparsers) == list(COMMANDS)
    for name, sub in subparsers.items():
        options = [a for a in sub._actions if a.dest != "help"]
        assert options, f"{name}: its options are not configured in the documented parser"
    # control: the lazy parser of one chosen command configures that command only
    lazy = build_parser(["claims"])._defaults["_subparsers"]
    assert [n for n, s in lazy.items() if len(s._actions) > 1] == ["claims"]


def test_every_command_is_shown_in_an_example_or_the_text() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    for name in COMMANDS:
        assert f"zonemax {name}" in text, f"no page shows 'zonemax {name}'"


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_documentation_builds_and_names_every_public_object(tmp_path: Path) -> None:
    """The build CI runs (warnings as errors, every reference checked), and its inventory."""
    pytest.importorskip("sphinx")
    import pickle
    import subprocess

    # in a process of its own, as CI runs it (this suite turns warnings into errors, and the
    # docs' extensions emit deprecation warnings of their own)
    build = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html",
                            "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
                           capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    with open(tmp_path / "doctrees" / "environment.pickle", "rb") as fh:
        env = pickle.load(fh)  # written by the build just now
    documented = set(env.domaindata["py"]["objects"])
    for module_name in PUBLIC:
        module = importlib.import_module(module_name)
        missing = [n for n in module.__all__ if f"{module_name}.{n}" not in documented]
        assert not missing, f"{module_name}: {missing}"
