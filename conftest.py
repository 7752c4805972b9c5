"""Shared pytest configuration: hypothesis profiles.

Profiles (select with ``HYPOTHESIS_PROFILE=dev|ci|deterministic``; ``CI=true`` selects ``ci``):

* ``dev``: the default, 50 examples per property.
* ``ci``: 100 examples, derandomised so a CI failure reproduces exactly, no deadline.
* ``deterministic``: derandomised, 50 examples, no example database.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=100, derandomize=True, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("deterministic", max_examples=50, derandomize=True, deadline=None,
                          database=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
)
