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
