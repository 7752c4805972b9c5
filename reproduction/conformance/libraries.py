"""Third-party (1+1) EAs judged by ``zonemax.conformance``: DEAP, LEAP, inspyred, nevergrad.

Each library is set up as its documentation suggests for a (1+1) EA minimising
``f_a(x) = |a - x|_1`` from ``x = 0^n``, with the ±1 step (Definition 1 of arXiv:2307.11855,
each position with probability 1/n) written through the library's own mutation hook:

* **DEAP**: ``algorithms.eaMuPlusLambda`` with mu = lambda = 1, cxpb = 0, mutpb = 1,
  ``tools.selBest``, the mutation registered as ``toolbox.mutate``; one generation per call.
* **LEAP**: the documented "roll your own" loop: ``pipe(parents, ops.random_selection,
  ops.clone, <mutation>, ops.evaluate, ops.pool(size=1))`` then
  ``ops.truncation_selection(offspring, size=1, parents=parents)``; the mutation is a LEAP
  pipeline operator (``ops.iteriter_op``).
* **inspyred**: ``ec.EvolutionaryComputation`` with ``pop_size = 1``, ``default_selection``,
  ``plus_replacement``, the mutation as an ``@variators.mutator``, and inspyred's own generator
  (a ``random.Random`` it is handed, seeded from the run's ``rng``).
* **nevergrad**: ``optimizers.DiscreteOnePlusOne`` on an integer-cast ``p.Array``; it has no
  mutation hook, so its own integer mutation is judged, at the run level (the only level its
  ask/tell interface offers: single steps cannot be drawn from it), against the ±1 EA.

The library randomness that remains (DEAP's and LEAP's choice of the parent among one) picks
the only parent whatever it draws.

Two ways of counting ``T``: ``evaluations`` -- every call of the fitness function the library
makes, the initial point included (what the library reports); ``iterations`` -- the offspring
evaluated, i.e. the loop's iterations as the paper counts them.  Each library is checked both
ways.

``python reproduction/conformance/libraries.py`` writes ``reproduction/conformance/<library>.md``
(needs the ``conformance-libs`` extra).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
COUNTS = ("iterations", "evaluations")


def _f(a: Sequence[int], x: Sequence[int]) -> int:
    return sum(abs(int(ai) - int(xi)) for ai, xi in zip(a, x, strict=True))


def _pm1(x: list[int], n: int, flip: Callable[[], float]) -> None:
    """The ±1 step in each position with probability 1/n, in place (Definition 1)."""
    for i in range(n):
        if flip() < 1 / n:
            x[i] += 1 if flip() < 0.5 else -1


def deap_run(count: str) -> Callable[..., tuple[int, bool]]:
    from deap import algorithms, base, creator, tools

    if not hasattr(creator, "ZonemaxFitnessMin"):
        creator.create("ZonemaxFitnessMin", base.Fitness, weights=(-1.0,))
        creator.create("ZonemaxIndividual", list, fitness=creator.ZonemaxFitnessMin)

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        calls = [0]

        def evaluate(ind: list[int]) -> tuple[int]:
            calls[0] += 1
            return (_f(a, ind),)

        def mutate(ind: list[int], indpb: float) -> tuple[list[int]]:
            _pm1(ind, n, rng.random)
            return (ind,)

        toolbox = base.Toolbox()
        toolbox.register("evaluate", evaluate)
        toolbox.register("mutate", mutate, indpb=1 / n)
        toolbox.register("select", tools.selBest)
        population = [creator.ZonemaxIndividual([0] * n)]
        generations = 0
        while True:
            used = generations if count == "iterations" else calls[0]
            if population[0].fitness.valid and population[0].fitness.values[0] == 0:
                return used, True
            if used >= budget or (count == "evaluations" and used + 1 > budget):
                return min(used, budget), False
            population, _ = algorithms.eaMuPlusLambda(population, toolbox, mu=1, lambda_=1,
                                                      cxpb=0.0, mutpb=1.0, ngen=1,
                                                      verbose=False)
            generations += 1

    return run


def leap_run(count: str) -> Callable[..., tuple[int, bool]]:
    from leap_ec import Individual, ops
    from leap_ec.decoder import IdentityDecoder
    from leap_ec.problem import FunctionProblem
    from toolz import pipe

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        calls = [0]

        def fitness(x: Any) -> int:
            calls[0] += 1
            return _f(a, x)

        @ops.iteriter_op
        def mutate_pm1(next_individual: Any) -> Any:
            while True:
                ind = next(next_individual)
                genome = [int(v) for v in ind.genome]
                _pm1(genome, n, rng.random)
                ind.genome = np.array(genome)
                ind.fitness = None
                yield ind

        problem = FunctionProblem(fitness, maximize=False)
        parents = Individual.create_population(1, initialize=lambda: np.zeros(n, dtype=int),
                                               decoder=IdentityDecoder(), problem=problem)
        parents = Individual.evaluate_population(parents)
        generations = 0
        while True:
            used = generations if count == "iterations" else calls[0]
            if parents[0].fitness == 0:
                return used, True
            if used >= budget:
                return budget, False
            offspring = pipe(parents, ops.random_selection, ops.clone, mutate_pm1,
                             ops.evaluate, ops.pool(size=1))
            parents = ops.truncation_selection(offspring, size=1, parents=parents)
            generations += 1

    return run


def inspyred_run(count: str) -> Callable[..., tuple[int, bool]]:
    import inspyred

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        prng = random.Random(int(rng.integers(2**63)))  # inspyred's own generator instance

        def generator(random: random.Random, args: dict[str, Any]) -> list[int]:
            return [0] * n

        def evaluator(candidates: list[list[int]], args: dict[str, Any]) -> list[int]:
            return [_f(a, c) for c in candidates]

        @inspyred.ec.variators.mutator
        def pm1(random: random.Random, candidate: list[int], args: dict[str, Any]) -> list[int]:
            mutant = list(candidate)
            _pm1(mutant, n, random.random)
            return mutant

        def stop(population: list[Any], num_generations: int, num_evaluations: int,
                 args: dict[str, Any]) -> bool:
            used = num_generations if count == "iterations" else num_evaluations
            return bool(min(p.fitness for p in population) == 0 or used >= budget)

        ea = inspyred.ec.EvolutionaryComputation(prng)
        ea.selector = inspyred.ec.selectors.default_selection
        ea.variator = pm1
        ea.replacer = inspyred.ec.replacers.plus_replacement
        ea.terminator = stop
        final = ea.evolve(generator=generator, evaluator=evaluator, pop_size=1, maximize=False,
                          num_selected=1)
        used = ea.num_generations if count == "iterations" else ea.num_evaluations
        solved = min(p.fitness for p in final) == 0
        return (used, True) if solved else (min(used, budget), False)

    return run


def nevergrad_run(count: str) -> Callable[..., tuple[int, bool]]:
    import nevergrad as ng

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        param = ng.p.Array(init=np.zeros(n)).set_integer_casting()
        # nevergrad's documented seeding: the parametrization's own RandomState
        param.random_state = np.random.RandomState(int(rng.integers(2**32)))
        optimizer = ng.optimizers.DiscreteOnePlusOne(parametrization=param, budget=budget + 1)
        evaluations = 0
        while evaluations < budget + (count == "iterations"):
            candidate = optimizer.ask()
            value = _f(a, candidate.value)
            optimizer.tell(candidate, value)
            evaluations += 1
            if value == 0:
                used = evaluations - 1 if count == "iterations" else evaluations
                return used, True
        return budget, False

    return run


#: What the library's source does at the point that decides the variant.
NOTES = {
    "deap": "`tools.selBest` sorts `population + offspring` (parent first) with a stable sort, "
            "so the parent wins ties: strict acceptance.  `eaMuPlusLambda` evaluates the "
            "initial individual too, so counting its evaluations adds the start point as well: "
            "the combination strict-acceptance+start-counted.",
    "leap": "`ops.truncation_selection(offspring, size, parents=...)` takes the top individuals "
            "of `offspring` then `parents` (`toolz.topk`, stable): the offspring wins ties, as "
            "in Algorithm 1.  The initial individual is evaluated too (start counted when "
            "counting evaluations).",
    "inspyred": "`replacers.plus_replacement` sorts `offspring + parents` (offspring first) "
                "with a stable sort: the offspring wins ties, as in Algorithm 1.  The initial "
                "population is evaluated too (start counted when counting evaluations).",
    "nevergrad": "`DiscreteOnePlusOne` offers no mutation hook: its own mutation of the integer "
                 "coordinates (not the ±1 step) is judged, at the run level (its ask/tell "
                 "interface does not draw single steps), against the ±1 (1+1) EA; 2000 runs per "
                 "target (one run costs milliseconds).",
}

LIBRARIES: dict[str, tuple[str, Callable[[str], Callable[..., tuple[int, bool]]]]] = {
    "deap": ("deap", deap_run),
    "leap": ("leap-ec", leap_run),
    "inspyred": ("inspyred", inspyred_run),
    "nevergrad": ("nevergrad", nevergrad_run),
}


def report(library: str, seed: int, runs: int | None = None) -> str:
    """The markdown report of one library: versions, setup, and both countings' verdicts."""
    from zonemax import __version__
    from zonemax.conformance import check

    distribution, make = LIBRARIES[library]
    version = importlib.metadata.version(distribution)
    command = (f"python reproduction/conformance/libraries.py --library {library} --seed {seed}"
               + (f" --runs {runs}" if runs else ""))
    lines = [f"# {library} {version}: conformance of its (1+1) EA with the ±1 step", "",
             f"zonemax {__version__}, numpy {np.__version__}; `{command}`.", "",
             NOTES[library], "",
             "Setup: see the docstring of `reproduction/conformance/libraries.py`.", ""]
    for i, count in enumerate(COUNTS):
        result = check("ea-pm1", run=make(count), seed=seed + i, runs=runs)
        if result.errored is not None:
            verdict = f"could not be judged: {result.errored}"
        elif result.conforms:
            verdict = "conforms (Algorithm 1)"
        elif result.inconclusive:
            verdict = "inconclusive: " + result.reason
        elif len(result.consistent_variants) == 1:
            verdict = f"consistent with {result.consistent_variants[0]} only"
        elif result.consistent_variants:
            verdict = (f"consistent with {', '.join(result.consistent_variants)} (not "
                       f"distinguishable at this size; most likely {result.most_likely})")
        else:
            verdict = "matches no catalogued variant"
        lines += [f"## T counted as {count}: {verdict}", "", "```", result.report(), "```", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", choices=sorted(LIBRARIES), action="append")
    parser.add_argument("--seed", type=int, default=2307)
    parser.add_argument("--runs", type=int, default=None)
    args = parser.parse_args()
    for library in args.library or sorted(LIBRARIES):
        text = report(library, args.seed, args.runs)
        (HERE / f"{library}.md").write_text(text)
        sys.stdout.write(text.splitlines()[0] + "\n")
        for line in text.splitlines():
            if line.startswith("## "):
                sys.stdout.write("  " + line[3:] + "\n")


if __name__ == "__main__":
    main()
