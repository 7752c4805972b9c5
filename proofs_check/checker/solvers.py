r"""Two SMT solvers, asked the same question: z3 and cvc5 must both answer ``unsat``.

The script is always the checker's own translation of a manifest formula
(:func:`.formula.smt_script`), never a certificate's text.  A solver that is not installed,
that times out, answers ``unknown`` or fails to parse the script gives no verdict; the
obligation then does not check.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Milliseconds each solver may spend on one script.
TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class Answer:
    """One solver's answer (``sat``, ``unsat``, ``unknown``, or ``error: ...``) and version."""

    solver: str
    answer: str
    version: str = ""


def z3_answer(script: str) -> Answer:
    try:
        import z3
    except ImportError:
        return Answer("z3", "error: z3 is not installed (pip install z3-solver)")
    try:
        solver = z3.Solver()
        solver.set("timeout", TIMEOUT_MS)
        solver.from_string(script)
        return Answer("z3", str(solver.check()), z3.get_version_string())
    except Exception as exc:  # a parse error is an answer, never a traceback
        return Answer("z3", f"error: {' '.join(str(exc).split())[:200]}")


def cvc5_answer(script: str) -> Answer:
    try:
        import cvc5
    except ImportError:
        return Answer("cvc5", "error: cvc5 is not installed (pip install cvc5)")
    try:
        tm = cvc5.TermManager()
        solver = cvc5.Solver(tm)
        solver.setOption("tlimit-per", str(TIMEOUT_MS))
        # cylindrical algebraic coverings: complete for real arithmetic (without it cvc5's
        # incremental linearisation answered 'unknown' on S5.redundant-conditions)
        solver.setOption("nl-cov", "true")
        parser = cvc5.InputParser(solver)
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, script, "zonemax")
        symbols = parser.getSymbolManager()
        outputs = []
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            out = command.invoke(solver, symbols).strip()
            if out:
                outputs.append(out)
        answer = outputs[-1] if outputs else "error: no check-sat answer"
        if answer.startswith("(error"):
            answer = f"error: {answer[:200]}"
        version = getattr(cvc5, "__version__", "") or str(solver.getVersion())
        return Answer("cvc5", answer, f"{version} (nl-cov)")
    except Exception as exc:  # a parse error is an answer, never a traceback
        return Answer("cvc5", f"error: {' '.join(str(exc).split())[:200]}")


def both_unsat(script: str) -> tuple[bool, tuple[Answer, Answer]]:
    """Whether z3 and cvc5 both answer ``unsat``, with their answers."""
    answers = (z3_answer(script), cvc5_answer(script))
    return all(a.answer == "unsat" for a in answers), answers


__all__ = ["Answer", "both_unsat", "cvc5_answer", "z3_answer"]
