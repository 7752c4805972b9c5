(* Shared lemmas for the Section 5 proofs: Case 3 of Lemma 8 (2 beta d < v < 2d), both the
   sub-case beta v >= 1 and the reset sub-case beta v <= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

(* Case 3 with beta v >= 1. *)
Lemma S5_case3_core : forall (d : Z) (v a b c p : R),
  a > 1 -> b > 1/2 -> b < 1 -> c > 0 -> p >= 0 -> a + b > 2 ->
  IZR d >= 1 -> v >= 1 -> 2 * b * IZR d < v -> v < 2 * IZR d -> b * v >= 1 ->
  rls_g (IZR d) v a b c p = IZR d + 2 * c * v + p * IZR d /\
  rls_drift (IZR d) v a b c p >= IZR d * (p / 2 - 4 * c * ((a + b) / 2 - 1)).
Proof.
  intros d v a b c p Ha Hb1 Hb2 Hc Hp Hab Hd Hv Hv1 Hv2 Hbv.
  assert (HdD : IZR d < v) by nra.
  assert (Hg : rls_g (IZR d) v a b c p = IZR d + 2 * c * v + p * IZR d).
  { rewrite S5_g_pos by lra. rewrite S5_pen_yes by lra.
    rewrite S5_M_left2 by lra. ring. }
  split; [exact Hg|].
  (* the step away: v' = beta v, no penalty, max term 2 c beta v *)
  assert (Ha' : rls_g_away (IZR d) v a b c p = IZR d + 2 * c * (b * v)).
  { rewrite S5_away by exact Hv. rewrite Rmax_right by lra.
    rewrite S5_g_pos by lra. rewrite S5_pen_no by nra.
    assert (h1 : 0 < b * (v - 2 * b * IZR d)) by (apply Rmult_lt_0_compat; lra).
    assert (h2 : 0 < (4 * b * b - 1) * IZR d) by (apply Rmult_lt_0_compat; nra).
    rewrite S5_M_left2 by nra. ring. }
  (* the step towards: floor v is d (distance 0) or in (d, 2d) (accepted, v' = alpha v) *)
  assert (Ht : rls_g_toward (IZR d) v a b c p <= IZR d + 2 * c * (a * v) + p * IZR d).
  { unfold rls_g_toward.
    pose proof (S5_floor_le v) as Hk1. pose proof (S5_floor_gt v) as Hk2.
    destruct (S5_toward_shape d v a b Hv) as [[h1 _]|[[h1 h2]|[[h1 [h2 h3]]|[h1 _]]]].
    - exfalso. apply S5_Zlt_R in h1. lra.
    - rewrite h2, S5_g_zero.
      assert (0 < c * (a * v)) by (apply Rmult_lt_0_compat; nra).
      assert (0 <= p * IZR d) by (apply Rmult_le_pos; lra). lra.
    - destruct h1 as [h1a h1b]. apply S5_Zlt_R in h1a.
      rewrite h2, h3.
      rewrite S5_g_pos by nra.
      pose proof (S5_pen_le b (IZR (Int_part v) - IZR d) (a * v) p ltac:(lra) ltac:(lra)).
      rewrite S5_M_left2 by nra.
      assert (p * (IZR (Int_part v) - IZR d) <= p * IZR d) by (apply Rmult_le_compat_l; lra).
      lra.
    - exfalso. apply S5_Zle_R in h1. rewrite mult_IZR in h1. lra. }
  unfold rls_drift. rewrite Hg, Ha'.
  assert (h : 0 < c * ((a + b) / 2 - 1) * (2 * IZR d - v)).
  { apply Rmult_lt_0_compat; [apply Rmult_lt_0_compat|]; lra. }
  nra.
Qed.

(* Case 3 with beta v <= 1: then d = 1 = floor v, the step towards hits the target. *)
Lemma S5_case3_reset_core : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 ->
  IZR d >= 1 -> v >= 1 -> 2 * b * IZR d < v -> v < 2 * IZR d -> b * v <= 1 ->
  IZR d = 1 /\
  rls_g (IZR d) v a b c p = 1 + 2 * c * v + p /\
  rls_drift (IZR d) v a b c p = 1 / 2 + 2 * c * v + p - c.
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv Hv1 Hv2 Hbv.
  assert (Hv3 : v < 2) by nra.
  assert (HdD : IZR d < v) by nra.
  assert (Hd1 : d = 1%Z).
  { assert (h : (d < 2)%Z) by (apply S5_R_Zlt; lra).
    assert (h' : (1 <= d)%Z) by (apply S5_R_Zle; lra). lia. }
  subst d.
  assert (Hk : Int_part v = 1%Z) by (apply S5_floor_unique; lra).
  assert (Hg : rls_g (IZR 1) v a b c p = 1 + 2 * c * v + p).
  { rewrite S5_g_pos by lra. rewrite S5_pen_yes by lra.
    rewrite S5_M_left2 by lra. ring. }
  split; [reflexivity|]. split; [exact Hg|].
  assert (Ha' : rls_g_away (IZR 1) v a b c p = 1 + 2 * c).
  { rewrite S5_away by exact Hv. rewrite Rmax_left by lra.
    rewrite S5_g_pos by lra. rewrite S5_pen_no by lra.
    rewrite S5_M_left2 by lra. ring. }
  assert (Ht : rls_g_toward (IZR 1) v a b c p = 0).
  { unfold rls_g_toward.
    destruct (S5_toward_shape 1 v a b Hv) as [[h1 _]|[[h1 h2]|[[h1 _]|[h1 _]]]];
      rewrite ?Hk in h1; try lia.
    rewrite h2. apply S5_g_zero. }
  unfold rls_drift. rewrite Hg, Ha', Ht. field.
Qed.
