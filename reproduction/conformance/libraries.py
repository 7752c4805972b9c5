"""Third-party (1+1) EAs judged by ``zonemax.conformance``: DEAP, LEAP, inspyred, nevergrad,
jMetalPy, pymoo.

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
* **jMetalPy**: ``EvolutionStrategy(problem, mu=1, lambda_=1, elitist=True, mutation=...,
  termination_criterion=...)`` on an ``IntegerProblem``, the mutation a ``Mutation`` subclass, the
  start point 0^n injected with ``InjectorGenerator``, the stop a ``TerminationCriterion``
  subclass (optimum found, or the budget, read from what the algorithm notifies after each step).
* **pymoo**: ``minimize(problem, GA(pop_size=1, sampling=..., crossover=Crossover(1, 1,
  prob=0.0), mutation=...), termination, seed=...)`` on an integer ``Problem``: GA's default
  selection, survival and duplicate elimination, a ``Sampling`` that returns 0^n, the mutation a
  ``Mutation`` subclass drawing from the generator pymoo hands it (seeded through ``seed=``), the
  stop a ``Termination`` subclass.  The crossover is pymoo's base class with probability 0, which
  copies the parent: ``NoCrossover`` hands on the parent individual itself, and pymoo's in-place
  mutation then alters the parent.

The library randomness that remains (DEAP's, LEAP's and pymoo's choice of the parent among one)
picks the only parent whatever it draws.  No library's global generator is seeded: each run draws
from its ``rng`` or from a generator seeded from it through the library's API.

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


def jmetalpy_run(count: str) -> Callable[..., tuple[int, bool]]:
    import logging

    from jmetal.algorithm.singleobjective.evolution_strategy import EvolutionStrategy
    from jmetal.core.operator import Mutation
    from jmetal.core.problem import IntegerProblem
    from jmetal.core.solution import IntegerSolution
    from jmetal.util.generator import InjectorGenerator
    from jmetal.util.termination_criterion import TerminationCriterion

    # importing jmetal sets its logger to DEBUG on stderr: four lines per run otherwise
    logging.getLogger("jmetal").setLevel(logging.WARNING)

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        bound = max(abs(int(v)) for v in a) + budget + 1  # nominal: never reached in a run

        class Zonemax(IntegerProblem):
            def __init__(self) -> None:
                super().__init__()
                self.lower_bound = [-bound] * n
                self.upper_bound = [bound] * n

            def number_of_objectives(self) -> int:
                return 1

            def number_of_constraints(self) -> int:
                return 0

            def evaluate(self, solution: Any) -> Any:
                solution.objectives = [_f(a, solution.variables)]
                return solution

            def name(self) -> str:
                return "zonemax f_a"

        class PlusMinusOne(Mutation):
            def __init__(self) -> None:
                super().__init__(probability=1 / n)

            def execute(self, solution: Any) -> Any:
                x = solution.variables  # a copy
                _pm1(x, n, rng.random)
                solution.variables = x
                return solution

            def get_name(self) -> str:
                return "±1 step"

        class OptimumOrBudget(TerminationCriterion):
            def __init__(self, limit: int) -> None:
                super().__init__()
                self.limit = limit
                self.evaluations = 0
                self.best: float | None = None

            def update(self, *args: Any, **kwargs: Any) -> None:
                self.evaluations = kwargs["EVALUATIONS"]
                self.best = kwargs["SOLUTIONS"].objectives[0]

            @property
            def is_met(self) -> bool:
                return self.best == 0 or self.evaluations >= self.limit

        problem = Zonemax()
        start = IntegerSolution(problem.lower_bound, problem.upper_bound, 1, 0)
        start.variables = [0] * n
        # jMetalPy counts the start point: budget + 1 evaluations are budget iterations
        stop = OptimumOrBudget(budget + (count == "iterations"))
        algorithm = EvolutionStrategy(problem=problem, mu=1, lambda_=1, elitist=True,
                                      mutation=PlusMinusOne(), termination_criterion=stop,
                                      population_generator=InjectorGenerator([start]))
        algorithm.run()
        used = algorithm.evaluations - (count == "iterations")
        if algorithm.result().objectives[0] == 0:
            return used, True
        return min(used, budget), False

    return run


def pymoo_run(count: str) -> Callable[..., tuple[int, bool]]:
    from pymoo.algorithms.soo.nonconvex.ga import GA
    from pymoo.core.crossover import Crossover
    from pymoo.core.mutation import Mutation
    from pymoo.core.problem import Problem
    from pymoo.core.sampling import Sampling
    from pymoo.core.termination import Termination
    from pymoo.optimize import minimize

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        target = np.array(a, dtype=int)
        bound = int(np.abs(target).max()) + budget + 1  # nominal: never reached in a run

        class Zonemax(Problem):
            def __init__(self) -> None:
                super().__init__(n_var=n, n_obj=1, xl=-bound, xu=bound, vtype=int)

            def _evaluate(self, X: Any, out: dict[str, Any], *args: Any, **kwargs: Any) -> None:
                out["F"] = np.abs(target - X).sum(axis=1)

        class Origin(Sampling):
            def _do(self, problem: Any, n_samples: int, *args: Any, **kwargs: Any) -> Any:
                return np.zeros((n_samples, n), dtype=int)

        class PlusMinusOne(Mutation):
            def _do(self, problem: Any, X: Any, *args: Any, random_state: Any = None,
                    **kwargs: Any) -> Any:
                Y = np.array(X, dtype=int)  # a new array: pymoo writes it into the offspring
                for row in Y:
                    x = [int(v) for v in row]
                    _pm1(x, n, random_state.random)  # pymoo's generator, seeded from rng
                    row[:] = x
                return Y

        class OptimumOrBudget(Termination):
            def __init__(self, limit: int) -> None:
                super().__init__()
                self.limit = limit

            def _update(self, algorithm: Any) -> float:
                solved = algorithm.opt.get("F").min() == 0
                return 1.0 if solved or algorithm.evaluator.n_eval >= self.limit else 0.0

        # crossover: pymoo's base Crossover with probability 0 hands on a copy of the parent
        # (NoCrossover hands on the parent itself, which the in-place mutation then alters)
        algorithm = GA(pop_size=1, sampling=Origin(), crossover=Crossover(1, 1, prob=0.0),
                       mutation=PlusMinusOne())
        # pymoo counts the start point: budget + 1 evaluations are budget iterations
        result = minimize(Zonemax(), algorithm, OptimumOrBudget(budget + (count == "iterations")),
                          seed=int(rng.integers(2**63)), verbose=False)
        used = result.algorithm.evaluator.n_eval - (count == "iterations")
        if result.F is not None and result.F.min() == 0:
            return used, True
        return min(used, budget), False

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
    "jmetalpy": "`EvolutionStrategy.replacement` (jmetal/algorithm/singleobjective/"
                "evolution_strategy.py) with `elitist=True` extends the parents with the "
                "offspring (parent first) and sorts them with `list.sort` (stable) by "
                "(constraint violation, objective): the parent wins ties: strict acceptance.  "
                "`reproduction` mutates a copy of the parent (`IntegerSolution.__copy__`); an "
                "unchanged offspring is evaluated and counted.  `Algorithm.run` (jmetal/core/"
                "algorithm.py) evaluates the initial solution before the loop, "
                "`EvolutionaryAlgorithm.init_progress` sets `evaluations = population_size` (1) "
                "and `update_progress` adds `offspring_population_size` (1) per step: counting "
                "its evaluations adds the start point: strict-acceptance+start-counted.  Nothing "
                "in the loop draws but the mutation (from the run's `rng`; the problem's random "
                "`create_solution` is not called, the start being injected).  Importing jmetal "
                "sets its logger to DEBUG on stderr (jmetal/logger.py:configure_logging): the "
                "adapter raises it to WARNING.",
    "pymoo": "`GeneticAlgorithm._advance` (pymoo/algorithms/base/genetic.py) merges the "
             "population (the parent) then the offspring, and `FitnessSurvival._do` "
             "(pymoo/algorithms/soo/nonconvex/ga.py) keeps the first of `np.lexsort([F, cv])`, a "
             "stable sort: the parent wins ties: strict acceptance.  GA's default "
             "`eliminate_duplicates=True` is `DefaultDuplicateElimination`: "
             "`InfillCriterion.do` (pymoo/core/infill.py) drops an offspring whose X equals the "
             "parent's before it is evaluated and mates again (up to `n_max_iterations` = 100 "
             "times, after which the run is forced to end; probability below e^-100 per "
             "iteration at n >= 2): an unchanged offspring is redrawn and not counted: "
             "strict-acceptance+resample-unchanged (exact means 2064/125 on (3, -1), 36/5 on "
             "(1, -1)).  `Evaluator.eval` (pymoo/core/evaluator.py) counts the initial "
             "population in `n_eval`: counting its evaluations adds the start point: "
             "strict-acceptance+resample-unchanged+start-counted.  Randomness: "
             "`minimize(..., seed=...)` with a seed drawn from the run's `rng`; "
             "`Algorithm.setup` (pymoo/core/algorithm.py) makes `np.random.default_rng(seed)` "
             "and hands it to selection, crossover and mutation.  `NoCrossover.do` "
             "(pymoo/operators/crossover/nox.py) returns the selected parent individual itself, "
             "which `Mutation.do` (in place by default) then alters: tried, the parent changed "
             "with every attempt, each offspring was a duplicate of it, and the run ended after "
             "one evaluation; the base `Crossover(1, 1, prob=0.0)` copies the parent instead.",
}

LIBRARIES: dict[str, tuple[str, Callable[[str], Callable[..., tuple[int, bool]]]]] = {
    "deap": ("deap", deap_run),
    "leap": ("leap-ec", leap_run),
    "inspyred": ("inspyred", inspyred_run),
    "nevergrad": ("nevergrad", nevergrad_run),
    "jmetalpy": ("jmetalpy", jmetalpy_run),
    "pymoo": ("pymoo", pymoo_run),
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
        elif len(result.consistent_laws) == 1:
            # variants proven to share a law (same_law_as) are named with it: no sample of run
            # times can tell them apart, at any size
            same = [v.variant for v in result.verdicts if v.consistent and v.same_law_as]
            verdict = (f"consistent with {result.consistent_laws[0]} only"
                       + (f" (and {', '.join(same)}, the same law)" if same else ""))
        elif result.consistent_laws:
            verdict = (f"consistent with {', '.join(result.consistent_laws)} (not "
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
