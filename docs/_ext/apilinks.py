"""A Sphinx extension: how the docstrings' references into zonemax are resolved.

The API reference documents the public names (each package's ``__all__``).  Docstrings also
name internal modules and functions (``:mod:`zonemax.engine._ea_pm1```) and name public objects
by the module that defines them (``zonemax.engine.api.run_many``, documented as
``zonemax.engine.run_many``).  On a reference Sphinx cannot resolve, this extension

1. imports the target (relative names are tried in the referring module and its packages);
2. links it to the documented name of the same object, if there is one;
3. shows it as code, unlinked, if it exists but is internal (not documented);
4. leaves it unresolved otherwise, so that ``-n`` warns: a reference to something that does
   not exist is an error in the docstring.

References outside zonemax (numpy, the standard library) are left to ``nitpick_ignore``.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from docutils import nodes

_MISSING = object()


def _lookup(path: str) -> Any:
    """The object named by the dotted ``path``, or ``_MISSING``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        except Exception:  # a module that fails to import is not a target
            return _MISSING
        for attr in parts[cut:]:
            fields = getattr(obj, "__dataclass_fields__", {}) if isinstance(obj, type) else {}
            obj = getattr(obj, attr, fields.get(attr, _MISSING))  # a field without a default
            if obj is _MISSING:
                return _MISSING
        return obj
    return _MISSING


def _prefixes(path: str) -> list[str]:
    pieces = path.split(".")
    return [".".join(pieces[:k]) for k in range(len(pieces), 0, -1)]


def _candidates(target: str, module: str | None, klass: str | None, source: str) -> list[str]:
    """Full names the reference ``target`` may mean, most specific first: as written, then
    relative to the object whose docstring holds it (autodoc names it in the node's source,
    ``docstring of zonemax.engine.api.run_seeds``), then to the page's current module, then,
    for a name no scope has, the one zonemax module that defines it."""
    names = [target]
    scopes: list[str] = []
    if "docstring of " in source:
        scopes += _prefixes(source.rsplit("docstring of ", 1)[1].split(":")[0])
    if module:
        if klass:
            scopes.append(f"{module}.{klass}")
        scopes += _prefixes(module)
    names += [f"{scope}.{target}" for scope in scopes]
    names = [n for n in names if n.startswith("zonemax")]
    if all(_lookup(n) is _MISSING for n in names):
        head = target.split(".")[0]
        owners = sorted(m for m, mod in list(sys.modules.items())
                        if m.startswith("zonemax") and mod is not None
                        and head in getattr(mod, "__dict__", {}))
        owners = [m for m in owners if not any(m.startswith(o + ".") for o in owners)] or owners
        if len({id(_lookup(f"{m}.{target}")) for m in owners}) == 1:
            names.append(f"{owners[0]}.{target}")
    return names


def _documented(env: Any) -> dict[int, str]:
    """id(object) -> documented name, for every object the py domain documents (cached)."""
    cache = getattr(env, "_apilinks_documented", None)
    if cache is None:
        cache = {}
        for name, entry in env.get_domain("py").objects.items():
            obj = _lookup(name)
            if obj is not _MISSING and not isinstance(obj, int | float | str | bool):
                cache.setdefault(id(obj), (name, entry.objtype))
        env._apilinks_documented = cache
    return cache


def resolve(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    domain = env.get_domain("py")
    for name in _candidates(target, node.get("py:module"), node.get("py:class"),
                            str(node.source or "")):
        if name in domain.objects:  # documented under this name (a dataclass field, say)
            return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", name, node,
                                       contnode)
    for name in _candidates(target, node.get("py:module"), node.get("py:class"),
                            str(node.source or "")):
        obj = _lookup(name)
        if obj is _MISSING:
            continue
        hit = _documented(env).get(id(obj))
        if hit is not None and not isinstance(obj, int | float | str | bool):
            documented, objtype = hit
            builder = app.builder
            return env.get_domain("py").resolve_xref(
                env, node["refdoc"], builder, node["reftype"] if objtype != "module" else "mod",
                documented, node, contnode) or nodes.literal(target, target)
        return nodes.literal(target, target)  # internal: shown, not linked
    return None


def _defining_comment(name: str, value: Any) -> list[str]:
    """The ``#:`` comment of the module-level constant ``name`` holding ``value``, read in the
    zonemax module that defines it (a package re-exporting it has no comment of its own)."""
    from sphinx.pycode import ModuleAnalyzer

    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("zonemax") or module is None:
            continue
        if getattr(module, name, _MISSING) is not value:
            continue
        try:
            analyzer = ModuleAnalyzer.for_module(module_name)
            analyzer.analyze()
        except Exception:  # no source (a compiled or generated module)
            continue
        doc = analyzer.attr_docs.get(("", name))
        if doc:
            return list(doc)
    return []


def document_constant(app: Any, what: str, name: str, obj: Any, options: Any,
                      lines: list[str]) -> None:
    """A constant in a package's ``__all__`` gets the ``#:`` comment of its definition."""
    if what != "data" or not name.startswith("zonemax."):
        return
    comment = _defining_comment(name.rsplit(".", 1)[1], obj)
    if comment:
        lines[:] = comment
    elif getattr(obj, "__doc__", None) == getattr(type(obj), "__doc__", None):
        lines[:] = []  # the docstring of its type (dict, tuple), not of the constant


#: A line of a page that becomes one autodoc directive per name of a module's ``__all__`` that
#: ``automodule`` does not list: the constants (it lists only those its own module comments on,
#: and a package re-exports them) and the names a package provides lazily (a module
#: ``__getattr__``, so that importing the package stays cheap).
NAMES_MARKER = ".. public-names:: "


def expand_names(app: Any, docname: str, source: list[str]) -> None:
    """Replace each :data:`NAMES_MARKER` line by ``autodata``, ``autoclass`` and
    ``autofunction`` directives."""
    import inspect
    import re

    def directives(match: re.Match[str]) -> str:
        indent, module_name = match.group(1), match.group(2).strip()
        module = importlib.import_module(module_name)
        out = []
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            lazy = name not in vars(module)
            if inspect.isclass(value):
                kind = "autoclass" if lazy else None
            elif inspect.isroutine(value):
                kind = "autofunction" if lazy else None
            elif inspect.ismodule(value):
                kind = None
            else:
                kind = "autodata"
            if kind is None:
                continue
            out.append(f"{indent}.. {kind}:: {module_name}.{name}")
            if kind == "autoclass":
                out.append(f"{indent}   :members:")
            if kind == "autodata" and not isinstance(value, int | float | str):
                out.append(f"{indent}   :no-value:")
            out.append("")
        return "\n".join(out)

    source[0] = re.sub(rf"^([ \t]*){re.escape(NAMES_MARKER)}(.+)$", directives, source[0],
                       flags=re.M)


def setup(app: Any) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    app.connect("source-read", expand_names)
    app.connect("autodoc-process-docstring", document_constant)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
