(* Shared lemmas for the Section 5 proofs: Case 1 of Lemma 8 (v <= d/8). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

(* With B = c d^2/(2v): g = d + B, B >= 4cd, and D >= B (2 alpha beta - beta - alpha)/(2 alpha beta). *)
Lemma S5_case1_core : forall (d : Z) (v a b c p : R),
  a > 1 -> a <= 2 -> b > 1/2 -> b < 1 -> c > 0 ->
  IZR d >= 1 -> v >= 1 -> v <= IZR d / 8 ->
  rls_g (IZR d) v a b c p = IZR d + c * IZR d * IZR d / (2 * v) /\
  4 * c * IZR d <= c * IZR d * IZR d / (2 * v) /\
  rls_drift (IZR d) v a b c p
  >= c * IZR d * IZR d / (2 * v) * (2 * a * b - b - a) / (2 * a * b).
Proof.
  intros d v a b c p Ha1 Ha2 Hb1 Hb2 Hc Hd Hv Hv1.
  set (B := c * IZR d * IZR d / (2 * v)).
  assert (Hcd : 0 < c * IZR d) by (apply Rmult_lt_0_compat; lra).
  assert (Hg : rls_g (IZR d) v a b c p = IZR d + B).
  { rewrite S5_g_pos by lra. rewrite S5_pen_no by nra.
    rewrite S5_M_right2 by lra. unfold B. ring. }
  assert (HB : 4 * c * IZR d <= B).
  { unfold B. apply S5_le_div; [lra|].
    assert (0 <= c * IZR d * (IZR d - 8 * v)) by (apply Rmult_le_pos; lra). nra. }
  split; [exact Hg|]. split; [exact HB|].
  (* the step towards: floor v <= v < d, accepted, v' = alpha v *)
  assert (Ht : rls_g_toward (IZR d) v a b c p <= IZR d + B / a).
  { unfold rls_g_toward.
    pose proof (S5_floor_le v) as Hk1. pose proof (S5_floor_gt v) as Hk2.
    pose proof (S5_floor_ge1 v Hv) as Hk3. apply S5_Zle_R in Hk3.
    destruct (S5_toward_shape d v a b Hv) as [[_ [h2 h3]]|[[h1 _]|[[h1 _]|[h1 _]]]].
    - rewrite h2, h3. set (k := IZR (Int_part v)) in *.
      assert (Hn : 7 / 8 * IZR d <= IZR d - k) by lra.
      rewrite S5_g_pos by nra.
      rewrite S5_pen_no by nra.
      assert (HBa : B / a = c * IZR d * IZR d / (2 * (a * v))) by (unfold B; field; lra).
      assert (HM : Rmax (2 * c * (a * v)) (c * (IZR d - k) * (IZR d - k) / (2 * (a * v)))
                   <= B / a).
      { rewrite HBa. apply S5_M_le; [nra| |].
        - apply S5_le_div; [nra|].
          assert (h : a * v * (a * v) <= IZR d / 2 * (IZR d / 2)) by (apply S5_sq_le; nra).
          assert (0 <= c * (IZR d / 2 * (IZR d / 2) - a * v * (a * v))) by
            (apply Rmult_le_pos; lra).
          nra.
        - replace (c * IZR d * IZR d / (2 * (a * v)) * (2 * (a * v)))
            with (c * (IZR d * IZR d)) by (field; nra).
          assert (h : (IZR d - k) * (IZR d - k) <= IZR d * IZR d) by (apply S5_sq_le; lra).
          assert (0 <= c * (IZR d * IZR d - (IZR d - k) * (IZR d - k))) by
            (apply Rmult_le_pos; lra).
          nra. }
      lra.
    - exfalso. subst. lra.
    - exfalso. destruct h1 as [h1 _]. apply S5_Zlt_R in h1. lra.
    - exfalso. apply S5_Zle_R in h1. rewrite mult_IZR in h1. lra. }
  (* the step away: v' = max{1, beta v} in [beta v, v] *)
  assert (Ha' : rls_g_away (IZR d) v a b c p <= IZR d + B / b).
  { rewrite S5_away by exact Hv.
    set (w := Rmax 1 (b * v)).
    assert (Hw1 : 1 <= w) by apply Rmax_l.
    assert (Hw2 : b * v <= w) by apply Rmax_r.
    assert (Hw3 : w <= v) by (apply Rmax_lub; nra).
    rewrite S5_g_pos by lra. rewrite S5_pen_no by nra.
    assert (HBb : B / b = c * IZR d * IZR d / (2 * (b * v))) by (unfold B; field; lra).
    assert (HM : Rmax (2 * c * w) (c * IZR d * IZR d / (2 * w)) <= B / b).
    { rewrite HBb. apply S5_M_le; [lra| |].
      - apply S5_le_div; [nra|].
        assert (h1 : b * w <= v) by nra.
        assert (h2 : 0 <= c * v * (v - b * w)) by
          (apply Rmult_le_pos; [apply Rmult_le_pos|]; lra).
        assert (h3 : v * v <= IZR d / 2 * (IZR d / 2)) by (apply S5_sq_le; lra).
        assert (h4 : 0 <= c * (IZR d / 2 * (IZR d / 2) - v * v)) by (apply Rmult_le_pos; lra).
        nra.
      - set (X := c * IZR d * IZR d / (2 * (b * v))).
        assert (HX0 : 0 <= X) by (apply S5_div_nonneg; nra).
        assert (HX : X * (2 * (b * v)) = c * IZR d * IZR d) by (unfold X; field; nra).
        assert (0 <= X * (w - b * v)) by (apply Rmult_le_pos; lra).
        nra. }
    lra. }
  unfold rls_drift. rewrite Hg.
  assert (E : B - (B / a + B / b) / 2 = B * (2 * a * b - b - a) / (2 * a * b))
    by (field; lra).
  lra.
Qed.
