"""zonemax: command line, experiments and fast engine for the integer-valued OneMax paper.

The readable reference implementations live in :mod:`zonemax.reference`; proof checks in
:mod:`zonemax.proofs_check`; statistical validation in :mod:`zonemax.stats_tests`.
"""

__version__ = "0.1.0"

#: How to cite the paper that zonemax implements.
PAPER = (
    "Gadea Harder, Kötzing, Li, Radhakrishnan (2023). Run Time Bounds for Integer-Valued "
    "OneMax Functions. arXiv:2307.11855"
)
