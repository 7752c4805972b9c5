(* The quantities the manifest's statements name, defined once from the paper and reviewed.

   Lemma 8 (Section 5, TeX l. 519-650) and Algorithm 2 (TeX l. 289-317).  For one component
   of RLS_{alpha,beta}: d is its distance |x_i - a_i| (a non-negative integer, here a real),
   v its velocity (a real >= 1).  One iteration that chooses the component moves x_i by
   floor(v) towards the target or away from it (probability 1/2 each); the offspring replaces
   x if f(y) <= f(x); the velocity becomes alpha v if f(y) < f(x), max{1, beta v} otherwise.
   Only the new distance of the chosen component changes f.

   The checker's Python reading of the same definitions is checker/rls.py; the two are compared
   at rational points by tests/test_coq.py. *)

From Coq Require Import Reals.
Open Scope R_scope.

(* The potential g_i(d, v) of Lemma 8's proof (TeX l. 524-530): 0 at d = 0, else
   d + c d max{2v/d, d/(2v)}, plus p d when v > 2 beta d. *)
Definition rls_g (d v alpha beta c p : R) : R :=
  if Req_EM_T d 0 then 0
  else d + c * d * Rmax (2 * v / d) (d / (2 * v))
       + (if Rlt_dec (2 * beta * d) v then p * d else 0).

(* The distance of the offspring after a step towards the target: |d - floor(v)|. *)
Definition rls_new_toward (d v : R) : R := Rabs (d - IZR (Int_part v)).
(* ... and away from it: d + floor(v). *)
Definition rls_new_away (d v : R) : R := d + IZR (Int_part v).

(* The kept distance: the offspring's if f(y) <= f(x), else the parent's. *)
Definition rls_kept (d new : R) : R := if Rle_dec new d then new else d.
(* The new velocity: alpha v if f(y) < f(x), else max{1, beta v}. *)
Definition rls_velocity (d new v alpha beta : R) : R :=
  if Rlt_dec new d then alpha * v else Rmax 1 (beta * v).

Definition rls_d_toward (d v : R) : R := rls_kept d (rls_new_toward d v).
Definition rls_v_toward (d v alpha beta : R) : R :=
  rls_velocity d (rls_new_toward d v) v alpha beta.
Definition rls_d_away (d v : R) : R := rls_kept d (rls_new_away d v).
Definition rls_v_away (d v alpha beta : R) : R := rls_velocity d (rls_new_away d v) v alpha beta.

(* g_i after a step towards the target, and after a step away from it. *)
Definition rls_g_toward (d v alpha beta c p : R) : R :=
  rls_g (rls_d_toward d v) (rls_v_toward d v alpha beta) alpha beta c p.
Definition rls_g_away (d v alpha beta c p : R) : R :=
  rls_g (rls_d_away d v) (rls_v_away d v alpha beta) alpha beta c p.

(* The drift D(d, v) = g_i(d, v) - E[g_i(d', v')] given that the component is chosen. *)
Definition rls_drift (d v alpha beta c p : R) : R :=
  rls_g d v alpha beta c p - (rls_g_toward d v alpha beta c p + rls_g_away d v alpha beta c p) / 2.

(* 1 if a step towards the target is accepted (f(y) <= f(x)), else 0. *)
Definition rls_accepted (d v : R) : R := if Rle_dec (rls_new_toward d v) d then 1 else 0.

(* ------------------------------------------------------------------------------------------
   Markov chains with finite-support kernels, and RLS_{alpha,beta} on Z^n as one of them: the
   vocabulary of the run-time theorem S5.lemma8-runtime (docs/explanations/runtime-theorem.md
   maps every line to the paper).

   A finite-support distribution on a type X is a list of (weight, value) pairs; a value may
   occur more than once (its probability is the sum of its weights).  A kernel K maps every
   state to such a list: the law of the next state. *)

From Coq Require Import List.

Definition dist (X : Type) : Type := list (R * X).

(* E_mu[h] = sum of w h(x) over the pairs (w, x) of mu. *)
Definition dist_expect {X : Type} (mu : dist X) (h : X -> R) : R :=
  fold_right (fun wx acc => fst wx * h (snd wx) + acc) 0 mu.

(* mu is a probability distribution: weights >= 0, total weight 1. *)
Definition dist_is_prob {X : Type} (mu : dist X) : Prop :=
  Forall (fun wx => 0 <= fst wx) mu /\ dist_expect mu (fun _ => 1) = 1.

(* The law of the next state when the current one has law mu and moves by kernel K. *)
Definition dist_bind {X : Type} (mu : dist X) (K : X -> dist X) : dist X :=
  flat_map (fun wx => map (fun wy => (fst wx * fst wy, snd wy)) (K (snd wx))) mu.

(* The chain stopped at the target: a target state stays where it is. *)
Definition stopped_kernel {X : Type} (K : X -> dist X) (target : X -> bool) (x : X) : dist X :=
  if target x then (1, x) :: nil else K x.

(* The law of X_t of the chain stopped at the target, started in x0 (X_0 = x0). *)
Fixpoint law_at {X : Type} (K : X -> dist X) (target : X -> bool) (x0 : X) (t : nat)
  : dist X :=
  match t with
  | O => (1, x0) :: nil
  | Datatypes.S t' => dist_bind (law_at K target x0 t') (stopped_kernel K target)
  end.

(* P(T > t) for the hitting time T = min{t : X_t in target}: the stopped chain is off the
   target at time t exactly when T > t. *)
Definition tail_prob {X : Type} (K : X -> dist X) (target : X -> bool) (x0 : X) (t : nat) : R :=
  dist_expect (law_at K target x0 t) (fun x => if target x then 0 else 1).

(* E[T] <= B, with E[T] = sum_{t >= 0} P(T > t) (the tail-sum formula for a random variable
   in {0, 1, 2, ...} U {+oo}): the series converges and its sum is at most B. *)
Definition expected_hitting_time_le {X : Type} (K : X -> dist X) (target : X -> bool) (x0 : X)
  (B : R) : Prop :=
  exists ET : R, infinite_sum (fun t => tail_prob K target x0 t) ET /\ ET <= B.

(* RLS_{alpha,beta} (Algorithm 2, TeX l. 289-317).  A state is (x, v): the search point
   x in Z^n and the velocities v in R^n, as functions on the positions 0, ..., n-1 (the
   paper's 1, ..., n); values at positions >= n are never read or changed. *)
Definition rls_state : Type := ((nat -> Z) * (nat -> R))%type.

(* sum_{i < n} h(i), in Z and in R. *)
Fixpoint zsum (n : nat) (h : nat -> Z) : Z :=
  match n with O => 0%Z | Datatypes.S m => (zsum m h + h m)%Z end.
Fixpoint rsum (n : nat) (h : nat -> R) : R :=
  match n with O => 0 | Datatypes.S m => rsum m h + h m end.

(* f_a(x) = |a - x|_1 (Section 2). *)
Definition onemax_fa (n : nat) (a x : nat -> Z) : Z := zsum n (fun i => Z.abs (a i - x i)).

(* h with position i set to y. *)
Definition fupd {A : Type} (h : nat -> A) (i : nat) (y : A) : nat -> A :=
  fun j => if Nat.eqb j i then y else h j.

(* One iteration of Algorithm 2 once position i and the sign s (+1 or -1) are drawn. *)
Definition rls_step (n : nat) (a : nat -> Z) (alpha beta : R) (st : rls_state) (i : nat)
  (s : Z) : rls_state :=
  let x := fst st in
  let v := snd st in
  let y := fupd x i (x i + s * Int_part (v i))%Z in       (* y_i = x_i -+ floor(v_i) *)
  let fx := onemax_fa n a x in
  let fy := onemax_fa n a y in
  let v' := fupd v i (if Z.ltb fy fx then alpha * v i     (* f(y) < f(x): v_i <- alpha v_i *)
                      else Rmax 1 (beta * v i)) in        (* else v_i <- max{1, beta v_i} *)
  (if Z.leb fy fx then y else x, v').                     (* f(y) <= f(x): x <- y *)

(* The law of the next state: i uniform on {0, ..., n-1}, the sign +1 or -1 with probability
   1/2 each, so each (i, s) has probability 1/(2n). *)
Definition rls_kernel (n : nat) (a : nat -> Z) (alpha beta : R) (st : rls_state)
  : dist rls_state :=
  flat_map (fun i => (1 / (2 * INR n), rls_step n a alpha beta st i 1%Z)
                     :: (1 / (2 * INR n), rls_step n a alpha beta st i (-1)%Z) :: nil)
           (seq 0 n).

(* The algorithm stops when f_a(x) = 0. *)
Definition rls_target (n : nat) (a : nat -> Z) (st : rls_state) : bool :=
  Z.eqb (onemax_fa n a (fst st)) 0.

(* The start: x = 0^n, v = 1^n. *)
Definition rls_start : rls_state := (fun _ => 0%Z, fun _ => 1).

(* The potential of Lemma 8's proof, summed over the positions: g(x, v) = sum_i g_i(d_i, v_i)
   with d_i = |x_i - a_i|. *)
Definition rls_potential (n : nat) (a : nat -> Z) (alpha beta c p : R) (st : rls_state) : R :=
  rsum n (fun i => rls_g (IZR (Z.abs (a i - fst st i))) (snd st i) alpha beta c p).

(* |a|_1 = sum_i |a_i| (Section 2). *)
Definition norm1 (n : nat) (a : nat -> Z) : Z := zsum n (fun i => Z.abs (a i)).
