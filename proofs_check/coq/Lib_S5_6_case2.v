(* Shared lemmas for the Section 5 proofs: Case 2 of Lemma 8 (d/8 < v <= 2 beta d):
   the potential, the decrease of the distance, and the toward / away bounds. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

(* M(d, v) * 2v >= c d^2. *)
Lemma S5_M_mul_r : forall c d v : R, v > 0 ->
  c * d * d <= Rmax (2 * c * v) (c * d * d / (2 * v)) * (2 * v).
Proof.
  intros c d v Hv.
  pose proof (S5_M_ge_r c d v) as h.
  apply (Rmult_le_compat_r (2 * v)) in h; [|lra].
  replace (c * d * d / (2 * v) * (2 * v)) with (c * d * d) in h by (field; lra).
  exact h.
Qed.

(* The potential in Case 2: no penalty, and d <= g <= d (1 + 4c). *)
Lemma S5_case2_g : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  rls_g (IZR d) v a b c p = IZR d + Rmax (2 * c * v) (c * IZR d * IZR d / (2 * v)) /\
  Rmax (2 * c * v) (c * IZR d * IZR d / (2 * v)) <= 4 * c * IZR d.
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv Hv1 Hv2.
  split.
  - rewrite S5_g_pos by lra. rewrite S5_pen_no by lra. ring.
  - apply S5_M_le; [lra| |].
    { assert (0 <= c * (2 * IZR d - v)) by (apply Rmult_le_pos; nra). lra. }
    assert (0 <= c * IZR d * (8 * v - IZR d)) by (apply Rmult_le_pos; nra). nra.
Qed.

(* A step towards the target in Case 2 is accepted: it reaches the target or a distance
   in [1, 15d/16], with v' = alpha v. *)
Lemma S5_case2_toward_shape : forall (d : Z) (v a b : R),
  b > 1/2 -> b <= 9/10 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  rls_d_toward (IZR d) v = 0
  \/ (1 <= rls_d_toward (IZR d) v /\ rls_d_toward (IZR d) v <= 15 / 16 * IZR d
      /\ rls_v_toward (IZR d) v a b = a * v).
Proof.
  intros d v a b Hb1 Hb2 Hd Hv Hv1 Hv2.
  pose proof (S5_floor_le v) as Hk1. pose proof (S5_floor_gt v) as Hk2.
  pose proof (S5_floor_ge1 v Hv) as Hk3. apply S5_Zle_R in Hk3.
  destruct (S5_toward_shape d v a b Hv) as [[h1 [h2 h3]]|[[h1 h2]|[[h1 [h2 h3]]|[h1 _]]]].
  - right. apply S5_Zlt_R in h1. rewrite h2, h3.
    split; [lra|]. split; [|reflexivity].
    destruct (Rle_lt_dec (IZR d) 16); lra.
  - left. exact h2.
  - right. destruct h1 as [h1 _]. apply S5_Zlt_R in h1. rewrite h2, h3.
    split; [lra|]. split; [|reflexivity]. nra.
  - exfalso. apply S5_Zle_R in h1. rewrite mult_IZR in h1. nra.
Qed.

Lemma S5_case2_decrease_core : forall (d : Z) (v a b : R),
  b > 1/2 -> b <= 9/10 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  IZR d - rls_d_toward (IZR d) v >= IZR d / 16.
Proof.
  intros d v a b Hb1 Hb2 Hd Hv Hv1 Hv2.
  destruct (S5_case2_toward_shape d v a b Hb1 Hb2 Hd Hv Hv1 Hv2) as [h|[h1 [h2 _]]]; lra.
Qed.

(* g(d, v) - g(d', v') >= d (1/16 - (4 alpha beta c + p)) for a step towards the target. *)
Lemma S5_case2_toward_core : forall (d : Z) (v a b c p : R),
  a > 1 -> b > 1/2 -> b <= 9/10 -> c > 0 -> p >= 0 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  rls_g (IZR d) v a b c p - rls_g_toward (IZR d) v a b c p
  >= IZR d * (1 / 16 - (4 * a * b * c + p)).
Proof.
  intros d v a b c p Ha Hb1 Hb2 Hc Hp Hd Hv Hv1 Hv2.
  destruct (S5_case2_g d v a b c p Hb1 ltac:(lra) Hc Hd Hv Hv1 Hv2) as [Hg HM].
  rewrite Hg.
  set (Mdv := Rmax (2 * c * v) (c * IZR d * IZR d / (2 * v))).
  assert (HM0 : 0 <= Mdv) by (apply S5_M_nonneg; lra).
  assert (HX : 0 <= (4 * a * b * c + p) * IZR d).
  { apply Rmult_le_pos; [|lra].
    assert (0 < a * b * c) by (repeat apply Rmult_lt_0_compat; lra). lra. }
  unfold rls_g_toward.
  destruct (S5_case2_toward_shape d v a b Hb1 Hb2 Hd Hv Hv1 Hv2) as [h|[h1 [h2 h3]]].
  - rewrite h, S5_g_zero. lra.
  - rewrite h3. set (n := rls_d_toward (IZR d) v) in *.
    rewrite S5_g_pos by nra.
    pose proof (S5_pen_le b n (a * v) p ltac:(lra) ltac:(lra)) as Hpen.
    assert (Hpn : p * n <= p * IZR d) by (apply Rmult_le_compat_l; lra).
    assert (HMn : Rmax (2 * c * (a * v)) (c * n * n / (2 * (a * v)))
                  <= 4 * a * b * c * IZR d + Mdv).
    { apply S5_M_le; [nra| |].
      - assert (0 <= c * a * (2 * b * IZR d - v)) by
          (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
        nra.
      - assert (h4 : c * IZR d * IZR d <= Mdv * (2 * v)) by (apply S5_M_mul_r; lra).
        assert (h5 : 0 <= (a - 1) * (Mdv * (2 * v))) by
          (apply Rmult_le_pos; [lra|apply Rmult_le_pos; lra]).
        assert (h6 : 0 <= a * b * c * IZR d * v) by
          (repeat apply Rmult_le_pos; lra).
        assert (h7 : c * (n * n) <= c * (IZR d * IZR d)) by
          (apply Rmult_le_compat_l; [lra|apply S5_sq_le; lra]).
        nra. }
    lra.
Qed.

(* g(d, v) - g(d', v') >= -4cd/beta for a step away from the target. *)
Lemma S5_case2_away_core : forall (d : Z) (v a b c p : R),
  b > 1/2 -> b < 1 -> c > 0 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  rls_g (IZR d) v a b c p - rls_g_away (IZR d) v a b c p >= - (4 * c * IZR d / b).
Proof.
  intros d v a b c p Hb1 Hb2 Hc Hd Hv Hv1 Hv2.
  destruct (S5_case2_g d v a b c p Hb1 Hb2 Hc Hd Hv Hv1 Hv2) as [Hg HM].
  rewrite Hg, S5_away by exact Hv.
  set (w := Rmax 1 (b * v)).
  assert (Hw1 : 1 <= w) by apply Rmax_l.
  assert (Hw2 : b * v <= w) by apply Rmax_r.
  assert (Hw3 : w <= v) by (apply Rmax_lub; nra).
  rewrite S5_g_pos by lra. rewrite S5_pen_no by lra.
  set (Mdv := Rmax (2 * c * v) (c * IZR d * IZR d / (2 * v))).
  set (Q := 4 * c * IZR d / b).
  assert (HQ0 : 0 <= Q) by (apply S5_div_nonneg; [nra|lra]).
  assert (HQb : Q * b * v = 4 * c * IZR d * v) by (unfold Q; field; lra).
  assert (HMw : Rmax (2 * c * w) (c * IZR d * IZR d / (2 * w)) <= Mdv + Q).
  { apply S5_M_le; [lra| |].
    - pose proof (S5_M_ge_l c (IZR d) v). fold Mdv in H.
      assert (c * w <= c * v) by (apply Rmult_le_compat_l; lra). lra.
    - assert (h1 : 0 <= Q * (w - b * v)) by (apply Rmult_le_pos; lra).
      assert (HM0 : 0 <= Mdv) by (apply S5_M_nonneg; lra).
      assert (h2 : 0 <= Mdv * w) by (apply Rmult_le_pos; lra).
      assert (h3 : 0 <= c * IZR d * (8 * v - IZR d)) by (apply Rmult_le_pos; nra).
      nra. }
  lra.
Qed.

(* The drift in Case 2: D >= (d/2)(1/16 - (4 alpha beta c + p) - 4c/beta). *)
Lemma S5_case2_sharp_core : forall (d : Z) (v a b c p : R),
  a > 1 -> b > 1/2 -> b <= 9/10 -> c > 0 -> p >= 0 ->
  IZR d >= 1 -> v >= 1 -> IZR d / 8 < v -> v <= 2 * b * IZR d ->
  rls_drift (IZR d) v a b c p
  >= IZR d / 2 * (1 / 16 - (4 * a * b * c + p) - 4 * c / b).
Proof.
  intros d v a b c p Ha Hb1 Hb2 Hc Hp Hd Hv Hv1 Hv2.
  pose proof (S5_case2_toward_core d v a b c p Ha Hb1 Hb2 Hc Hp Hd Hv Hv1 Hv2) as Ht.
  pose proof (S5_case2_away_core d v a b c p Hb1 ltac:(lra) Hc Hd Hv Hv1 Hv2) as Ha'.
  assert (E : IZR d / 2 * (1 / 16 - (4 * a * b * c + p) - 4 * c / b)
              = (IZR d * (1 / 16 - (4 * a * b * c + p)) + - (4 * c * IZR d / b)) / 2)
    by (field; lra).
  rewrite E. unfold rls_drift. lra.
Qed.
