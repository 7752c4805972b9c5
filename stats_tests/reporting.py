"""Plain-text rendering of family results (used by pytest messages and ``zonemax verify``)."""

from __future__ import annotations

from zonemax.stats_tests.suite import FamilyResult


def render_family(res: FamilyResult) -> str:
    lines = [f"{res.family} / {res.implementation}: "
             f"{'ok' if res.ok else 'REJECTED'} (Holm at alpha = {res.alpha:.3g}, "
             f"{len(res.outcomes)} tests, {res.seconds:.1f} s)"]
    for o, rej in zip(res.outcomes, res.rejected, strict=True):
        lines.append(f"  {'REJECT' if rej else 'pass  '}  p = {o.p_value:<9.3g} {o.name}: "
                     f"{o.detail}")
    lines.extend(f"  note: {n}" for n in res.notes)
    return "\n".join(lines)
