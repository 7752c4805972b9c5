r"""The (1+1) EA with the ±1 operator (Algorithm 1, Definition 1): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`; the pattern law of a
useful iteration and its derivation: :func:`zonemax.engine._pm1_patterns.pattern_table`.

**Skip-ahead.**  An iteration is *useful* if it changes ``D``.  While ``k`` is unchanged every
iteration is useful independently with probability ``q(k)``, so the useful ones are i.i.d.
patterns from the conditional law and the iterations up to and including the next useful one
are Geometric(q(k)), independent of everything else.  The gaps do not influence the state, so
the kernel only counts the useful iterations at each ``k`` and draws their evaluations in bulk,
``c + NegBin(c, q(k))`` for ``c`` of them (:func:`~zonemax.engine._state.settle`).

**Blocks: far positions move in bulk.**  A non-optimal position is *far* if ``D_i > far_min``
when a block starts; ``A`` is the set of far positions (``a = |A|``), the others (non-optimal
with ``D_i <= far_min``, and optimal) are *near*.  A block lasts until ``B = min_{i in A} D_i``
useful iterations have moved far positions.  Within it:

1. *No far position reaches its target before the block's last iteration*, and none before
   the block ends: a useful iteration changes each ``D_i`` by at most 1, so after ``j < B`` of
   the iterations that move far positions every far ``D_i >= B - j >= 1``.  So ``k`` changes
   only through near positions, and a far position enters acceptance only through being
   non-optimal (Definition 1 moves it by ±1 whatever its distance).
2. *Far-only iterations.*  A useful iteration is far-only if it mutates far positions only.
   Each position is mutated independently with probability ``1/n``, so the probability
   ``pi_A`` that an iteration is useful and far-only, and the law of its pattern, depend on
   ``a`` and ``n`` only (:func:`~zonemax.engine._pm1_patterns.far_only_law`); given the
   pattern its positions are a uniform sample from ``A``.  These iterations change only far
   distances, which nothing reads during the block (1.), so they are only counted: the number
   of far-only iterations before the next other useful one is Geometric with success
   probability ``lambda/q`` (``lambda = q - pi_A``, :func:`~zonemax.engine._pm1_patterns.
   near_masses`), drawn at once; capped at what the block has left, which is exact because the
   event "the next ``c`` useful iterations are far-only" leaves the later ones i.i.d. as before.
3. *The other useful iterations* (a near position mutated) are drawn one at a time from their
   conditional law (in :func:`ea_pm1_steps`) and applied to the near positions at once.  **Which
   patterns move an optimal position:** exactly those with ``z >= 1``: a mutated optimal
   position (``D_i: 0 -> 1``, a worsening) is accepted when at least ``z`` more of the mutated
   non-optimal positions improve than worsen (``2b >= m + z``), and the improving ones may be
   far or near.  They are never far-only (an optimal position is near), so the rule draws them
   here, from their own alias table (total mass ``zmass``); the moved position becomes a near
   non-optimal one for the rest of the block.
4. *The far part* of every useful iteration in the block is a row ``(u, v)``: ``u`` far
   positions improve, ``v`` others worsen, the ``u + v`` a uniform sample without replacement
   from ``A``, independent of everything else.  Rows commute (their effects add up, and by 1.
   no far ``D_i`` reaches 0 in between), and rows in the same state are i.i.d., i.e.
   exchangeable, so the block is applied when it ends as per-position count vectors
   (:mod:`zonemax.engine._pm1_rows`): O(a) binomial draws per row state, independent of ``B``.

At the start of a run from ``0^n`` (``k = n``, every position far) ``lambda = 0``: a block is
``B = min_i D_i`` far-only iterations, one multinomial and one sweep, so the cost of that
phase grows like ``n log r``.

**The end game is not in blocks** (not built: no exact rule was found).  Once
some positions are optimal or near, every useful iteration that mutates one of them is drawn on
its own (3.).  An iteration that knocks an optimal position off is accepted only if improving
positions in the same iteration make up for it, so these iterations come at a rate tied to the
far positions' progress, and their number grows with the distance the last far positions still
have to cover when the first ones arrive: about ``sqrt r`` for ``a = (r, ..., r)`` (one run at
``n = 100``: 10.4 s at ``r = 10^12``, 32 s at ``10^13``, 80 s at ``10^14``; benchmarks Table 4).
A block rule for them would need the law, over a block, of the near positions' chain (the
optimal and near positions with their distances) jointly with the numbers of far rows of each
row state its iterations carry, a Markov additive process.  That chain is not small (many
positions are off their target by one or two at once near the end), it does not factor over
positions (one iteration's acceptance couples every position it mutates), and splitting a block
at its midpoint (bridge sampling) still needs the row counts given both ends, for which no
closed law is known to us.  An approximation (a diffusion for the near chain) would break the
engine's equality in law with the reference, on which every engine test rests.  ``far_min``, the sweep threshold and the planted bugs (tests
only) form the :class:`BlockRule`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._alias import sample_payload
from zonemax.engine._pm1_patterns import (
    TableCache,
    b_given_m,
    fill_slot,
    first_near_slot,
    near_masses,
    pattern_b,
    pattern_m,
    pattern_z,
)
from zonemax.engine._pm1_rows import CORRECT, Work, end_block, new_work
from zonemax.engine._random import (
    count_in_window,
    distinct_pair,
    phase_trials,
    repeated,
    typed_int,
    uniform_int,
    uniform_int_call,
)
from zonemax.engine._state import (
    MAX_BUDGET,
    NO_BUDGET,
    NO_PAUSE,
    Step,
    copy_out,
    finish,
    in_range,
    move_in,
    move_out,
    partition_far,
    pick,
    settle,
)

#: Default ``far_min``: positions further than this from their target move in blocks.  Blocks
#: are exact for any value; the value trades the per-block overhead (about 2 microseconds)
#: against per-iteration work: at n = 100, 128 was faster than 32 and 64 for r = 10^3 and
#: 10^4 and within noise of 64 and 256 at r = 10^10 (measured, benchmarks/README.md).
FAR_MIN = 128
#: ``far_min`` that switches blocks off: every useful iteration is simulated on its own (the
#: per-iteration engine, for comparisons).
NO_BLOCKS = NO_BUDGET
#: A row state is applied by the sweep (about 2 binomial draws per far position) rather than
#: row by row (about one draw per moved position) when its rows hold at least ``SWEEP_MIN * a``
#: position moves; 64 was the fastest of 32, 64, 128, 256 at n = 100 (benchmarks/README.md).
SWEEP_MIN = 64
#: A block end counts as this many passes per far position towards a step's ``chunk``
#: (:mod:`zonemax.engine._state`, "Steps"): applying the rows costs binomial draws per far
#: position and row state, far more than a near iteration (measured, benchmarks/README.md).
BLOCK_END_PASSES = 64
#: Far-only gaps (Geometric) up to this length are drawn by walking the inversion, longer ones
#: with a logarithm (a walk step costs less than a tenth of a logarithm).
GEOMETRIC_WALK = 8


class BlockRule(NamedTuple):
    """How the kernel uses blocks (never the law of a run, unless a bug is planted)."""

    far_min: int  #: positions with ``D_i > far_min`` at a block's start are far
    sweep_min: int  #: a row state uses the sweep from ``sweep_min * a`` moves (0: always)
    planted: int  #: :data:`~zonemax.engine._pm1_rows.CORRECT` or a planted bug (tests only)


#: The production rule.
DEFAULT_RULE = BlockRule(FAR_MIN, SWEEP_MIN, CORRECT)
#: No blocks: every useful iteration simulated on its own (the per-iteration engine,
#: :func:`zonemax.engine.api.simulate_per_iteration`).
PER_ITERATION = BlockRule(NO_BLOCKS, NO_BUDGET, CORRECT)


#: Slots of :attr:`Pm1Run.ints`: the loop's integer variables between two steps (``STARTED``:
#: 0 before the first step).
(STARTED, I_A, I_K, I_LOW, I_F, I_F_KNOWN, I_T, I_ACC_N, I_ACC_TOTAL, I_SLOT, I_BLOCK, I_PENDING,
 I_FAR_ONLY, I_TOP_ROW, I_N_Z, I_TOP, I_TABLE_K, I_LAM_KEY, I_USEFUL) = range(19)
N_INTS = 19
#: Slots of :attr:`Pm1Run.reals`: the loop's float variables between two steps.
R_Q, R_ZMASS, R_LAM, R_STAY, R_RHO = range(5)
N_REALS = 5


class Pm1Run(NamedTuple):
    """One run of :func:`ea_pm1_step` between two steps (plain numpy: :func:`new_run`)."""

    dist: np.ndarray  #: (n,) int64, the distances (far moves wait in rows until a block ends)
    order: np.ndarray  #: (n,) int64, the partition (:func:`~zonemax.engine._state.partition_far`)
    where: np.ndarray  #: (n,) int64, the index of each position in ``order``
    work: Work  #: scratch and per-k tables of the run
    ints: np.ndarray  #: (N_INTS,) int64, the loop's integer variables (``I_*``)
    reals: np.ndarray  #: (N_REALS,) float64, the loop's float variables (``R_*``)


def new_run(dist0: np.ndarray) -> Pm1Run:
    """A run from the distances ``dist0``, not yet started (plain numpy: only Python makes
    runs, and the arrays have the types the kernel is compiled for)."""
    n = dist0.shape[0]
    return Pm1Run(dist0.copy(), np.empty(n, np.int64), np.empty(n, np.int64), new_work(n),
                  np.zeros(N_INTS, np.int64), np.zeros(N_REALS))


@njit(nogil=True, cache=True)
def ea_pm1_step(rng: np.random.Generator, run: Pm1Run, budget: int, rule: BlockRule,
                cache: TableCache, stop_at: int, dist_out: np.ndarray, chunk: int) -> Step:
    """One step of :func:`ea_pm1_steps`: at most ``chunk`` passes of the loop, from and into the
    state ``run`` (a plain function, not a numba generator: a generator keeps every variable
    that lives across a ``yield`` in its frame, which cost about 2 s of a cold compile)."""
    dist, order, where, work, st, re = run.dist, run.order, run.where, run.work, run.ints, run.reals
    n = dist.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    eager = stop_at < NO_BUDGET  # then stop_at <= MAX_BUDGET (ea_pm1_steps)
    if st[STARTED] == 0:
        # a reused run (ea_pm1_steps' ``run``) starts like a fresh one: the arrays read before
        # written get new_work's values (the others are scratch, written before read)
        work.rows.by_state.fill(0)
        work.rows.heavy.fill(0)
        work.rows.delta.fill(0)
        work.cz_block.fill(-1)
        work.acc.fill(0)
        a, k, low = partition_far(dist, order, where, rule.far_min)
        f = dist.sum()
        if f == 0:
            copy_out(dist_out, dist)
            return True, 0, True, 0
        f_known = f  # f at the last block boundary (far moves wait in rows until a block ends)
        t = 0
        acc_n = 0  # number of k in acc_ks
        acc_total = 0  # sum of acc: a lower bound on their evaluations
        slot = 0
        block = 0  # block number: cz/lam of a k are reused within one block
        pending = 0  # iterations of this block that moved far positions
        far_only = 0  # ... of which far-only
        top_row = typed_int(0)  # largest u + v of the pending rows
        n_z = 0
        top = 1
        table_k = -1
        lam_key = -1
        useful = typed_int(0)
        q = 0.0
        zmass = 0.0
        lam = 0.0
        stay = 0.0
        rho = 0.0
    else:
        a, k, low, f, f_known = st[I_A], st[I_K], st[I_LOW], st[I_F], st[I_F_KNOWN]
        t, acc_n, acc_total, slot, block = (st[I_T], st[I_ACC_N], st[I_ACC_TOTAL], st[I_SLOT],
                                            st[I_BLOCK])
        pending, far_only, top_row, n_z, top = (st[I_PENDING], st[I_FAR_ONLY], st[I_TOP_ROW],
                                                st[I_N_Z], st[I_TOP])
        table_k, lam_key, useful = st[I_TABLE_K], st[I_LAM_KEY], st[I_USEFUL]
        q, zmass, lam, stay, rho = re[R_Q], re[R_ZMASS], re[R_LAM], re[R_STAY], re[R_RHO]
    rows = work.rows
    count = rows.by_state  # locals, not tuple fields, in the loop (reference counting)
    slot_idx, near_pos, near_up, opt = work.slot_idx, work.near_pos, work.near_up, work.opt
    cz, cz_block, lam_k, top_k, stay_k = work.cz, work.cz_block, work.lam, work.top, work.stay
    rho_k = work.rho
    acc, acc_q, acc_ks = work.acc, work.acc_q, work.acc_ks
    bcum = cache.bcum
    slots = cache.k.shape[0]
    # 2-d tables indexed by [slot, ...] and [k, ...]: no array views in the loop (creating one
    # costs reference counting)
    all_prob, all_keep, all_other = cache.prob, cache.keep, cache.other
    all_k, all_q, all_zmass, all_nz = cache.k, cache.q, cache.zmass, cache.n_patterns
    end_t = -1  # set when the run ends: then the loop breaks to the one return of an end
    end_ok = False
    end_f = 0
    left = chunk
    while left > 0:
        left -= 1
        if k != table_k:
            if useful > 0:  # their evaluations are drawn later (settle), grouped by k
                if acc[table_k] == 0:
                    acc_ks[acc_n] = table_k
                    acc_n += 1
                    acc_q[table_k] = q
                acc[table_k] += useful
                acc_total += useful
                useful = typed_int(0)
            slot = k if k < slots else k % slots  # (no division when every k has a slot)
            if all_k[slot] != k:
                fill_slot(cache, work.sc, n, k, slot)
            q = all_q[slot]
            zmass = all_zmass[slot]
            n_z = all_nz[slot]
            table_k = k
        if lam_key != k:  # k or the block changed
            if cz_block[k] != block:
                lam_k[k], top_k[k] = near_masses(cache, slot, k, a, cz[k])
                # lam <= q exactly (lam = q - pi_A); the min only absorbs round-off above 1
                rho_k[k] = min(lam_k[k] / q, 1.0)
                stay_k[k] = math.log1p(-rho_k[k])
                cz_block[k] = block
            lam = lam_k[k]
            top = top_k[k]
            stay = stay_k[k]
            rho = rho_k[k]
            lam_key = k
        stop = False
        if a > 0:
            room = low - pending
            if lam <= 0.0 or room == 0:
                g = room
            else:  # far-only iterations before the next other useful one: Geometric(rho)
                # by inversion, G = #{j >= 1 : (1 - rho)^j > 1 - u}: walked for small G, else
                # G = floor(log(1 - u)/log(1 - rho)) (the same inversion, one logarithm)
                u = 1.0 - rng.random()
                g = 0
                tail = 1.0 - rho
                while tail > u and g < GEOMETRIC_WALK:
                    g += 1
                    tail *= 1.0 - rho
                if g == GEOMETRIC_WALK:
                    gap = math.log(u) / stay
                    g = room if gap >= room else int(gap)
                elif g > room:
                    g = room
            if g > 0:
                if eager:
                    trials = phase_trials(rng, g, q)
                    if t + trials > stop_at:
                        g = count_in_window(rng, g - 1, trials - 1, stop_at - t)
                        stop = True
                    else:
                        t += trials
                elif acc_total + useful + g > budget - t:
                    end_t, end_ok, end_f = budget, False, f_known
                    break  # to the one return of an end
                else:
                    useful += g
                far_only += g
                pending += g
            if pending >= low or stop:  # the block ends: apply it, start the next
                end_block(rng, rows, cache, work.sc, dist, order, a, far_only, top_row,
                          rule.sweep_min, rule.planted)
                left -= BLOCK_END_PASSES * a  # its cost grows with the far positions
                top_row = typed_int(0)
                if stop:
                    copy_out(dist_out, dist)
                    end_t, end_ok, end_f = stop_at, False, f_known
                    break  # to the one return of an end
                t += settle(rng, acc, acc_q, acc_ks, acc_n)
                acc_n = 0
                acc_total = 0
                if t > budget:
                    end_t, end_ok, end_f = budget, False, f_known
                    break  # to the one return of an end
                a, k, low = partition_far(dist, order, where, rule.far_min)
                f = dist.sum()
                f_known = f
                pending = 0
                far_only = 0
                block += 1
                lam_key = -1
                if f == 0:  # the block's last iteration solved it
                    copy_out(dist_out, dist)
                    t, solved = finish(rng, t, useful, q, budget)
                    end_t, end_ok, end_f = t, solved, f  # f = dist.sum(): checked (_state)
                    break  # to the one return of an end
                continue
        # a useful iteration that mutates a near position
        if eager:
            trials = phase_trials(rng, typed_int(1), q)
            if t + trials > stop_at:
                end_block(rng, rows, cache, work.sc, dist, order, a, far_only, top_row,
                          rule.sweep_min, rule.planted)
                copy_out(dist_out, dist)
                end_t, end_ok, end_f = stop_at, False, f_known
                break  # to the one return of an end
            t += trials
        else:
            useful += 1
            if acc_total + useful > budget - t:
                end_t, end_ok, end_f = budget, False, f_known
                break  # to the one return of an end
        # Draw it from its conditional law (written out here, not as a function: passing the
        # arrays to a helper costs reference counting on every call, doubling the time).
        # With probability zmass/lambda a z >= 1 pattern (alias table of k), whose m
        # non-optimal positions are an unconditioned uniform ordered sample from the k.
        # Otherwise z = 0: m by inversion of cz[k] (near_masses), b given m, and the sample
        # conditioned on touching a near position: the first near slot i has probability
        # prod_{s<i} (a - s)/(k - s) * h/(k - i) (normalised), the slots before it are far,
        # the later ones drawn from the rest as usual.  The first b slots improve (a uniform
        # b-subset of the m: the conditioned sample is still exchangeable).
        h = k - a
        x = rng.random() * lam
        first = -1  # the first near slot (-1: not conditioned)
        if x < zmass:
            pattern = sample_payload(rng, n_z, all_prob, all_keep, all_other, slot)
            m = pattern_m(pattern)
            z = pattern_z(pattern)
            b = pattern_b(pattern)
        else:
            x -= zmass
            m = 1  # x < cz[k, top] up to round-off
            while m < top and (x >= cz[k, m] or cz[k, m] == cz[k, m - 1]):
                m += 1
            z = 0
            b = 1 if m == 1 else b_given_m(rng, bcum, m)
            first = first_near_slot(rng, m, a, k) if a > 0 else 0
        if m == 1:  # the commonest case, without the general slot loop: b = 1, z <= 1
            idx = a + uniform_int(rng, h) if first == 0 else uniform_int(rng, k)
            f += z - 1  # Algorithm 1, line 6
            pos = order[idx]
            if z == 1:  # an optimal position mutated: D_i = 1, now near and non-optimal
                o_idx = k + uniform_int(rng, n - k)
                o_pos = order[o_idx]
                dist[o_pos] = 1
                order[o_idx] = order[k]  # move_in, written out
                where[order[k]] = o_idx
                order[k] = o_pos
                where[o_pos] = k
                k += 1
            if idx < a:  # a far position improves: row (1, 0)
                count[1, 0] += 1
                top_row = max(top_row, 1)
                pending += 1
            else:  # Definition 1: a near position steps towards its target
                dist[pos] -= 1
                if dist[pos] == 0:  # move_out, written out
                    k -= 1
                    i_pos = where[pos]
                    order[i_pos] = order[k]
                    where[order[k]] = i_pos
                    order[k] = pos
                    where[pos] = k
        elif m == 2 and z == 0:  # the next commonest: two slots, the first one improving
            if first == 1:  # (only when a > 0) a far slot, then a near one
                i0 = uniform_int(rng, a)
                i1 = a + uniform_int(rng, h)
            elif first == 0 and a > 0:  # a near slot, then any other
                i0 = a + uniform_int(rng, h)
                i1 = uniform_int(rng, k - 1)
                i1 += i1 >= i0
            else:  # a = 0: a uniform ordered pair of distinct positions (one draw)
                i0, i1 = distinct_pair(rng, k)
            f += 2 - 2 * b  # Algorithm 1, line 6
            p0 = order[i0]
            p1 = order[i1]
            d1 = 3 - 2 * b  # the second slot: +1 (b = 1) or -1 (b = 2), Definition 1
            if i0 < a or i1 < a:  # the far part as one row
                fu = int(i0 < a) + int(i1 < a and b == 2)
                fv = int(i1 < a and b == 1)
                count[fu, fv] += 1
                top_row = max(top_row, fu + fv)
                pending += 1
            if i1 >= a:
                dist[p1] += d1
                if dist[p1] == 0:
                    k = move_out(order, where, p1, k)
            if i0 >= a:
                dist[p0] -= 1
                if dist[p0] == 0:
                    k = move_out(order, where, p0, k)
        else:
            # (rarer than m <= 2: uniform_int out of line here, one compiled copy, not three)
            # Algorithm 1, lines 3-4: slots are indices into order[:k] (far ones < a), each uniform
            # on its range and redrawn on a repeat (sequential sampling without replacement); near
            # slots keep their position, far ones are only counted (the row of the iteration)
            near = 0
            far_u = 0
            far_v = 0
            for s in range(m):
                while True:
                    if s < first:
                        idx = uniform_int_call(rng, a)  # forced far
                    elif s == first:
                        idx = a + uniform_int_call(rng, h)  # forced near
                    else:
                        idx = uniform_int_call(rng, k)
                    if not repeated(slot_idx, s, idx):
                        break
                slot_idx[s] = idx
                if idx >= a:
                    near_pos[near] = order[idx]
                    near_up[near] = s >= b  # Definition 1: the first b step towards the target
                    near += 1
                elif s < b:
                    far_u += 1
                else:
                    far_v += 1
            if z > 0:  # Algorithm 1, lines 3-4: the mutated optimal positions
                pick(rng, order, where, k, n, z, opt)
            f += m + z - 2 * b  # Algorithm 1, line 6: accepted since 2b >= m + z
            if far_u + far_v > 0:
                count[far_u, far_v] += 1
                top_row = max(top_row, far_u + far_v)
                pending += 1
            for j in range(near):  # Definition 1: step away from the target
                if near_up[j]:
                    dist[near_pos[j]] += 1
            for j in range(z):  # an optimal position mutated: D_i = 1, now near and non-optimal
                dist[opt[j]] = 1
                k = move_in(order, where, opt[j], k)
            for j in range(near):  # Definition 1: step towards the target
                pos = near_pos[j]
                if not near_up[j]:
                    dist[pos] -= 1
                    if dist[pos] == 0:
                        k = move_out(order, where, pos, k)
        if a == 0 and f == 0:
            copy_out(dist_out, dist)
            t += settle(rng, acc, acc_q, acc_ks, acc_n)
            t, solved = finish(rng, t, useful, q, budget)
            end_t, end_ok, end_f = t, solved, dist.sum()  # from the distances: checked (_state)
            break  # to the one return of an end
    if end_t >= 0:  # one return for every end
        return True, end_t, end_ok, end_f
    # a pause: nothing drawn, nothing changed; the loop's variables kept for the next step
    st[STARTED] = 1
    st[I_A], st[I_K], st[I_LOW], st[I_F], st[I_F_KNOWN] = a, k, low, f, f_known
    st[I_T], st[I_ACC_N], st[I_ACC_TOTAL], st[I_SLOT], st[I_BLOCK] = t, acc_n, acc_total, slot, block
    st[I_PENDING], st[I_FAR_ONLY], st[I_TOP_ROW], st[I_N_Z], st[I_TOP] = (pending, far_only,
                                                                          top_row, n_z, top)
    st[I_TABLE_K], st[I_LAM_KEY], st[I_USEFUL] = table_k, lam_key, useful
    re[R_Q], re[R_ZMASS], re[R_LAM], re[R_STAY], re[R_RHO] = q, zmass, lam, stay, rho
    # f is exact without far positions
    return False, t + acc_total + useful, False, f if a == 0 else f_known


def ea_pm1_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int, rule: BlockRule,
                 cache: TableCache, stop_at: int, dist_out: np.ndarray, chunk: int,
                 run: Pm1Run | None = None) -> Iterator[Step]:
    """One run of the (1+1) EA with the ±1 operator in steps of at most ``chunk`` passes of its
    loop (:mod:`zonemax.engine._state`, "Steps"); the last step holds ``(evaluations, solved)``.
    A pause reports ``f`` as of the last block boundary (``f`` never increases, so it bounds the
    current one), and the useful iterations counted but not yet drawn as evaluations.

    A Python generator over :func:`ea_pm1_step`, the compiled kernel; ``run`` (optional) is a
    :func:`new_run` of the same length to reuse instead of a fresh one (about 10 microseconds
    of allocation per run saved; the run is the same bit for bit).

    See the module docstring for the rule; ``budget`` as in :mod:`zonemax.engine._state`
    (the lower bound on ``T`` is the evaluations drawn so far plus the useful iterations counted
    but not yet drawn).  With ``stop_at < NO_BUDGET`` the run stops after ``stop_at``
    evaluations (or when solved) and writes the distances at that moment into ``dist_out``:
    then the evaluations of every group of useful iterations (a far-only run, or one other
    iteration) are drawn as soon as the group is applied (the same law: a sum of independent
    geometric variables split into parts), and of the group that straddles ``stop_at`` only
    the iterations before it count (:func:`~zonemax.engine._random.count_in_window`: given
    that the group's last useful iteration ends it after ``x`` trials, the others are uniform
    among the first ``x - 1``).
    """
    n = dist0.shape[0]
    if dist_out.shape[0] != n:
        raise ValueError("dist_out must have the length of dist0")
    if stop_at != NO_BUDGET and not 0 <= stop_at <= MAX_BUDGET:
        raise ValueError(f"stop_at must be NO_BUDGET or in [0, 2^62), got {stop_at} (the "
                         "engine's range of counts, zonemax.engine._range)")
    if run is None:
        run = new_run(dist0)
    else:  # reused (one per worker, as the table cache): ea_pm1_step resets its arrays
        if run.dist.shape[0] != n:
            raise ValueError("run must have the length of dist0")
        np.copyto(run.dist, dist0)
        run.ints[STARTED] = 0
    while True:
        step = ea_pm1_step(rng, run, budget, rule, cache, stop_at, dist_out, chunk)
        yield step
        if step[0]:
            return


def ea_pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, rule: BlockRule,
               cache: TableCache) -> tuple[int, bool]:
    """One run at once; returns ``(evaluations, solved)`` (:func:`ea_pm1_steps`)."""
    # the steps are a Python generator, each step one call of the compiled ea_pm1_step (formerly
    # a numba generator, drained from Python because numba 0.68 never frees one
    # consumed inside compiled code)
    t, solved = budget, False
    for finished, end, ok, _ in ea_pm1_steps(rng, dist0, budget, rule, cache, NO_BUDGET,
                                               np.empty(dist0.shape[0], np.int64), NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved


def ea_pm1_state_at(rng: np.random.Generator, dist0: np.ndarray, evaluations: int,
                    rule: BlockRule, cache: TableCache) -> np.ndarray:
    """The distance vector after ``evaluations`` evaluations (all zero if solved by then)."""
    out = np.empty(dist0.shape[0], np.int64)
    for _ in ea_pm1_steps(rng, dist0, NO_BUDGET, rule, cache, evaluations, out, NO_PAUSE):
        pass  # drained from Python (see ea_pm1_run)
    return out


def late_helpers_example() -> list[tuple[Any, tuple[object, ...]]]:
    """The helpers whose compilation :func:`ea_pm1_step`'s type inference reaches after it asks
    for :func:`~zonemax.engine._pm1_rows.end_block`, each with arguments of the types the kernel
    calls it with (plain numpy, nothing compiled).  When a second process compiles the block
    end, this one compiles these first (:mod:`zonemax.engine._ahead`), instead of idling while
    it waits for the block end.  ``tests/test_cold_start.py`` checks the types."""
    rng = np.random.default_rng(0)
    one = np.int64(1)
    ints = np.zeros(2, np.int64)
    return [(settle, (rng, ints, np.zeros(2), ints, one)),
            (finish, (rng, one, one, 0.5, one)),
            (first_near_slot, (rng, one, one, one)),
            (pick, (rng, ints, ints, one, one, one, ints))]
