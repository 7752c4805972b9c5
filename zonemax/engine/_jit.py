"""The numba decorator of the helpers that only compiled code calls (issue 24, cold start).

``@njit`` compiles, for every function, besides the function itself a CPython wrapper (unboxing
of every argument, boxing of the result; large for the named tuples of arrays the ±1 EA passes)
and a C wrapper, and optimises and emits machine code for both.  A helper that only other jitted
functions call needs neither: :data:`inner` leaves them out, which saved about 2.5 s of the ±1
EA's cold compile (measured against ``@njit`` on every helper; ``benchmarks/README.md``, "Cold
start").  Such a helper cannot be called from Python (numba raises); the kernels, and the
helpers the tests call directly, keep ``@njit``.  The compiled code of the function itself is
the same, so no run changes.
"""

from __future__ import annotations

from typing import Any

from numba import njit

#: numba's options of :data:`inner` (``no_cpython_wrapper`` and ``no_cfunc_wrapper`` are
#: numba's target options, missing from its type stubs: hence passed as a mapping).
_OPTIONS: dict[str, Any] = {"nogil": True, "cache": True, "no_cpython_wrapper": True,
                            "no_cfunc_wrapper": True}
#: ``@inner`` = ``@njit(nogil=True, cache=True)`` without the CPython and C wrappers.
inner = njit(**_OPTIONS)
