"""The numba decorator of the helpers that only compiled code calls (cold start).

``@njit`` compiles, for every function, besides the function itself a CPython wrapper (unboxing
of every argument, boxing of the result) and a C wrapper.  The cold-start work tried
leaving both out for helpers that only other jitted functions call (numba's target options
``no_cpython_wrapper`` and ``no_cfunc_wrapper``; about 2 s less of the ±1 EA's cold compile),
but a test calls such a helper from Python (``power_in_bin``, in
``stats_tests/tests/test_samplers.py``), and numba 0.68 then crashed the interpreter with a
segmentation fault instead of raising.  So :data:`inner` keeps the wrappers: it is
``@njit(nogil=True, cache=True)``, one name for the helpers should the option become safe.
"""

from __future__ import annotations

from typing import Any

from numba import njit

#: numba's options of :data:`inner` (module docstring: the wrappers stay).
_OPTIONS: dict[str, Any] = {"nogil": True, "cache": True}
#: ``@inner`` = ``@njit(nogil=True, cache=True)``.
inner = njit(**_OPTIONS)
#: :data:`inner` with numba's on-disk cache off, for a copy of a module executed from edited
#: source (:func:`zonemax.verify.mutated_module`: numba cannot locate a cache for a file that
#: does not exist, and refuses ``cache=True`` there).
inner_uncached = njit(**{**_OPTIONS, "cache": False})
