(* Shared lemmas for the Section 5 proofs: Cases 4 (v = 2d) and 5 (v > 2d) of Lemma 8,
   with the potential before and after each step computed exactly. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

(* Case 4: v = 2d.  floor v = 2d: the step toward the target lands at distance d again and is
   accepted at equal fitness (no strict improvement, so v' = beta v); the step away is
   rejected, v' = beta v. *)
Lemma S5_case4_core : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 -> IZR d >= 1 -> v = 2 * IZR d ->
  rls_g (IZR d) v a b c p = IZR d * (1 + 4 * c + p) /\
  rls_g_toward (IZR d) v a b c p = IZR d * (1 + 4 * b * c) /\
  rls_g_away (IZR d) v a b c p = IZR d * (1 + 4 * b * c).
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv.
  assert (Hv1 : v >= 1) by lra.
  assert (Hdz : (1 <= d)%Z) by (apply S5_R_Zle; lra).
  assert (Hk : Int_part v = (2 * d)%Z)
    by (apply S5_floor_unique; rewrite mult_IZR; lra).
  assert (Hbv : 1 <= b * v) by nra.
  assert (Hgb : rls_g (IZR d) (Rmax 1 (b * v)) a b c p = IZR d * (1 + 4 * b * c)).
  { rewrite Rmax_right by lra.
    rewrite S5_g_pos by nra. rewrite S5_pen_no by (subst v; lra).
    rewrite S5_M_left2 by nra. subst v. ring. }
  split; [|split].
  - rewrite S5_g_pos by lra. rewrite S5_pen_yes by nra.
    rewrite S5_M_left2 by nra. subst v. ring.
  - unfold rls_g_toward.
    destruct (S5_toward_shape d v a b Hv1) as [[h1 _]|[[h1 _]|[[h1 _]|[h1 [h2 h3]]]]];
      [rewrite Hk in h1; lia | rewrite Hk in h1; lia | rewrite Hk in h1; lia |].
    rewrite h2, h3. exact Hgb.
  - rewrite S5_away by exact Hv1. exact Hgb.
Qed.

Lemma S5_case4_drift : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 -> IZR d >= 1 -> v = 2 * IZR d ->
  rls_drift (IZR d) v a b c p = IZR d * ((4 * c + p) - 4 * b * c) /\
  rls_g (IZR d) v a b c p = IZR d * (1 + 4 * c + p).
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv.
  destruct (S5_case4_core d v a b c p Hb1 Hb2 Hc Hd Hv) as [E1 [E2 E3]].
  unfold rls_drift. rewrite E1, E2, E3. split; [field|reflexivity].
Qed.

(* Case 5: v > 2d.  floor v >= 2d: the step toward the target is accepted only at equal
   fitness (floor v = 2d, the distance stays d) and rejected otherwise; the step away is
   rejected; in every case v' = beta v > 1. *)
Lemma S5_case5_core : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 -> IZR d >= 1 -> v > 2 * IZR d ->
  rls_g (IZR d) v a b c p = IZR d + 2 * c * v + p * IZR d /\
  rls_g_toward (IZR d) v a b c p = IZR d + 2 * c * (b * v) + p * IZR d /\
  rls_g_away (IZR d) v a b c p = IZR d + 2 * c * (b * v) + p * IZR d.
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv.
  assert (Hv1 : v >= 1) by lra.
  assert (Hdz : (1 <= d)%Z) by (apply S5_R_Zle; lra).
  assert (Hk : (2 * d <= Int_part v)%Z).
  { pose proof (S5_floor_gt v) as h.
    assert (h' : IZR (2 * d) < IZR (Int_part v + 1)) by (rewrite mult_IZR, plus_IZR; lra).
    apply lt_IZR in h'. lia. }
  assert (Hbv : 1 <= b * v) by nra.
  assert (Hgb : rls_g (IZR d) (Rmax 1 (b * v)) a b c p = IZR d + 2 * c * (b * v) + p * IZR d).
  { rewrite Rmax_right by lra.
    rewrite S5_g_pos by nra. rewrite S5_pen_yes by nra.
    rewrite S5_M_left2 by nra. ring. }
  split; [|split].
  - rewrite S5_g_pos by lra. rewrite S5_pen_yes by nra.
    rewrite S5_M_left2 by nra. ring.
  - unfold rls_g_toward.
    destruct (S5_toward_shape d v a b Hv1) as [[h1 _]|[[h1 _]|[[h1 _]|[h1 [h2 h3]]]]];
      [lia | lia | lia |].
    rewrite h2, h3. exact Hgb.
  - rewrite S5_away by exact Hv1. exact Hgb.
Qed.

Lemma S5_case5_drift : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 -> IZR d >= 1 -> v > 2 * IZR d ->
  rls_drift (IZR d) v a b c p = 2 * c * v * (1 - b) /\
  rls_g (IZR d) v a b c p = IZR d + 2 * c * v + p * IZR d.
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv.
  destruct (S5_case5_core d v a b c p Hb1 Hb2 Hc Hd Hv) as [E1 [E2 E3]].
  unfold rls_drift. rewrite E1, E2, E3. split; [field|reflexivity].
Qed.
