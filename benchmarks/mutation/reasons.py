"""Why each surviving mutant of the mutation record survives (read by ``run_mutation.py``).

Keys are mutmut's mutant names; values are one line: ``equivalent: ...`` (the mutant cannot
change any observable behaviour, with the argument) or ``test added: ...`` (a real gap, killed
by the named test in a later run; kept here for the history of the record).
"""

REASONS: dict[str, str] = {}

#: Survivors that only a deselected test can judge (module docstring of ``run_mutation.py``):
#: mutant -> the test that ``run_mutation.py`` runs against it on a plain staged copy.
_STACKLEVEL = "tests/test_mutation_kills.py::test_outside_theorem9_warns_at_the_callers_line"
BY_HAND: dict[str, str] = {
    "zonemax.reference.params.x_warn_outside_theorem9__mutmut_1": _STACKLEVEL,
    "zonemax.reference.params.x_warn_outside_theorem9__mutmut_13": _STACKLEVEL,
    "zonemax.reference.params.x_warn_outside_theorem9__mutmut_14": _STACKLEVEL,
    "zonemax.reference.params.x_warn_outside_theorem9__mutmut_15": _STACKLEVEL,
    "zonemax.reference.rls_ab.x_rls_ab__mutmut_16": _STACKLEVEL,
}
