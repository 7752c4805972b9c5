"""The two pytest tests every theorem module runs, built for one family."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stats_tests import families
from stats_tests.reporting import render_family

IMPLEMENTATIONS = ["reference", "fast"]


def family_tests(family: str) -> tuple[Callable[[str], None], Callable[[str], None]]:
    """``(test_ci_level, test_full_level)`` for ``family``; assign both at module level."""

    @pytest.mark.parametrize("impl", IMPLEMENTATIONS)
    def test_ci_level(impl: str) -> None:
        res = families.run(family, impl, "ci")
        assert res.ok, render_family(res)

    @pytest.mark.slow
    @pytest.mark.parametrize("impl", IMPLEMENTATIONS)
    def test_full_level(impl: str) -> None:
        res = families.run(family, impl, "slow")
        assert res.ok, render_family(res)

    return test_ci_level, test_full_level
