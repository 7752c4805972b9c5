(* Shared lemmas for the Section 5 proofs: the multiplicative drift D(d, v) >= delta g_i(d, v)
   of Lemma 8, by the five cases (Case 1 with the sharper constant
   ((2 alpha beta - beta - alpha)/(2 alpha beta)) 4c/(1 + 4c)). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls ZM.Lib_S5_3_case45
  ZM.Lib_S5_5_case3 ZM.Lib_S5_6_case2 ZM.Lib_S5_7_case1.
Open Scope R_scope.

Lemma S5_frac_mul : forall e q g D : R,
  0 <= e -> 0 < q -> 0 <= g -> g <= q * D -> e / q * g <= e * D.
Proof.
  intros e q g D He Hq Hg H.
  replace (e / q * g) with (e * g / q) by (field; lra).
  apply S5_div_le; [lra|].
  assert (e * g <= e * (q * D)) by (apply Rmult_le_compat_l; lra). lra.
Qed.

Lemma S5_drift_cases : forall (d : Z) (v alpha beta c p delta : R),
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  (((((8 * alpha) * beta) * c) + (2 * p)) + ((4 * c) / beta)) <= (1 / 16) ->
  p > ((8 * c) * (((alpha + beta) / 2) - 1)) ->
  p > ((4 * (alpha - 1)) * c) ->
  ((4 * (alpha - 1)) * c) > 0 ->
  (IZR d) >= 1 ->
  v >= 1 ->
  0 <= delta ->
  delta <= ((((2 * alpha) * beta) - beta) - alpha) / ((2 * alpha) * beta)
           * ((4 * c) / (1 + (4 * c))) ->
  delta <= ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta))
            / (2 * (1 + (4 * c)))) ->
  delta <= (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p)) ->
  delta <= (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p)) ->
  delta <= ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p)) ->
  delta <= (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p)) ->
  rls_drift (IZR d) v alpha beta c p >= delta * rls_g (IZR d) v alpha beta c p.
Proof.
  intros d v a b c p delta Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 Hd Hv
    Hdel0 Hdel1 Hdel2 Hdel3 Hdel4 Hdel5 Hdel6.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p > 0) by lra.
  assert (Hcd : 0 < c * IZR d) by (apply Rmult_lt_0_compat; lra).
  assert (Hq : 0 < 1 + 4 * c + p) by lra.
  destruct (Rle_lt_dec v (IZR d / 8)) as [h1|h1].
  { (* Case 1 *)
    destruct (S5_case1_core d v a b c p Ha1 Ha2 Hb1 ltac:(lra) Hc Hd Hv h1) as [Hg [HB Hdr]].
    rewrite Hg.
    set (B := c * IZR d * IZR d / (2 * v)) in *.
    set (R := (2 * a * b - b - a) / (2 * a * b)) in *.
    assert (HR : 0 < R) by (apply S5_div_pos; nra).
    assert (E : B * (2 * a * b - b - a) / (2 * a * b) = R * B) by (unfold R; field; nra).
    assert (Hs : delta * (IZR d + B) <= R * (4 * c / (1 + 4 * c)) * (IZR d + B))
      by (apply Rmult_le_compat_r; lra).
    assert (E2 : R * (4 * c / (1 + 4 * c)) * (IZR d + B)
                 = (R * (4 * c * IZR d) + R * (4 * c * B)) / (1 + 4 * c)) by (field; lra).
    assert (Hf : (R * (4 * c * IZR d) + R * (4 * c * B)) / (1 + 4 * c) <= R * B).
    { apply S5_div_le; [lra|].
      assert (R * (4 * c * IZR d) <= R * B) by (apply Rmult_le_compat_l; lra). lra. }
    lra. }
  destruct (Rle_lt_dec v (2 * b * IZR d)) as [h2|h2].
  { (* Case 2 *)
    pose proof (S5_case2_sharp_core d v a b c p Ha1 Hb1 Hb2 Hc ltac:(lra) Hd Hv h1 h2) as Hdr.
    destruct (S5_case2_g d v a b c p Hb1 ltac:(lra) Hc Hd Hv h1 h2) as [Hg HM].
    set (br := 1 / 16 - (4 * a * b * c + p) - 4 * c / b) in *.
    assert (Hbr : 0 <= br).
    { assert (0 < a * b * c) by (repeat apply Rmult_lt_0_compat; lra). unfold br. lra. }
    assert (Hg0 : 0 <= rls_g (IZR d) v a b c p) by (rewrite Hg; pose proof (S5_M_nonneg c (IZR d) v Hc ltac:(lra)); lra).
    assert (Hs : delta * rls_g (IZR d) v a b c p <= br / (2 * (1 + 4 * c)) * rls_g (IZR d) v a b c p)
      by (apply Rmult_le_compat_r; lra).
    assert (Hf : br / (2 * (1 + 4 * c)) * rls_g (IZR d) v a b c p <= br * (IZR d / 2)).
    { apply S5_frac_mul; [lra|lra|lra|]. rewrite Hg. lra. }
    lra. }
  destruct (Rlt_le_dec v (2 * IZR d)) as [h3|h3].
  { destruct (Rle_lt_dec 1 (b * v)) as [h4|h4].
    { (* Case 3 *)
      destruct (S5_case3_core d v a b c p Ha1 Hb1 ltac:(lra) Hc ltac:(lra) C4 Hd Hv h2 h3
                  ltac:(lra)) as [Hg Hdr].
      set (e := p / 2 - 4 * c * ((a + b) / 2 - 1)) in *.
      assert (He : 0 <= e) by (unfold e; lra).
      assert (Hg0 : 0 <= rls_g (IZR d) v a b c p)
        by (rewrite Hg; assert (0 < c * v) by (apply Rmult_lt_0_compat; lra); nra).
      assert (Hs : delta * rls_g (IZR d) v a b c p
                   <= e / (1 + 4 * c + p) * rls_g (IZR d) v a b c p)
        by (apply Rmult_le_compat_r; lra).
      assert (Hf : e / (1 + 4 * c + p) * rls_g (IZR d) v a b c p <= e * IZR d).
      { apply S5_frac_mul; [lra|lra|lra|]. rewrite Hg.
        assert (c * v <= c * (2 * IZR d)) by (apply Rmult_le_compat_l; lra). nra. }
      nra. }
    { (* Case 3, beta v < 1 *)
      destruct (S5_case3_reset_core d v a b c p Hb1 ltac:(lra) Hc Hd Hv h2 h3 ltac:(lra))
        as [E1 [Hg Hdr]].
      rewrite E1 in *.
      set (e := p / 2 - 2 * (a - 1) * c) in *.
      assert (He : 0 <= e) by (unfold e; lra).
      assert (Hg0 : 0 <= rls_g 1 v a b c p)
        by (rewrite Hg; assert (0 < c * v) by (apply Rmult_lt_0_compat; lra); lra).
      assert (Hs : delta * rls_g 1 v a b c p <= e / (1 + 4 * c + p) * rls_g 1 v a b c p)
        by (apply Rmult_le_compat_r; lra).
      assert (Hf : e / (1 + 4 * c + p) * rls_g 1 v a b c p <= e * 1).
      { apply S5_frac_mul; [lra|lra|lra|]. rewrite Hg.
        assert (c * v <= c * 2) by (apply Rmult_le_compat_l; lra). lra. }
      assert (c * v >= c * 1) by (apply Rmult_ge_compat_l; lra).
      unfold e in *. lra. } }
  destruct (Req_dec v (2 * IZR d)) as [h5|h5].
  { (* Case 4 *)
    destruct (S5_case4_drift d v a b c p Hb1 ltac:(lra) Hc Hd h5) as [Hdr Hg].
    rewrite Hdr, Hg.
    set (e := 4 * c + p - 4 * b * c) in *.
    assert (He : 0 <= e).
    { assert (c * b <= c * 1) by (apply Rmult_le_compat_l; lra). unfold e. lra. }
    assert (Hs : delta * (IZR d * (1 + 4 * c + p)) <= e / (1 + 4 * c + p) * (IZR d * (1 + 4 * c + p)))
      by (apply Rmult_le_compat_r; [nra|lra]).
    replace (e / (1 + 4 * c + p) * (IZR d * (1 + 4 * c + p))) with (IZR d * e) in Hs
      by (field; lra).
    lra. }
  { (* Case 5 *)
    assert (h6 : v > 2 * IZR d) by lra.
    destruct (S5_case5_drift d v a b c p Hb1 ltac:(lra) Hc Hd h6) as [Hdr Hg].
    rewrite Hdr, Hg.
    assert (Hg0 : 0 <= IZR d + 2 * c * v + p * IZR d).
    { assert (0 < c * v) by (apply Rmult_lt_0_compat; lra).
      assert (0 < p * IZR d) by (apply Rmult_lt_0_compat; lra). lra. }
    assert (Hs : delta * (IZR d + 2 * c * v + p * IZR d)
                 <= 4 * c * (1 - b) / (1 + 4 * c + p) * (IZR d + 2 * c * v + p * IZR d))
      by (apply Rmult_le_compat_r; lra).
    assert (Hf : 4 * c * (1 - b) / (1 + 4 * c + p) * (IZR d + 2 * c * v + p * IZR d)
                 <= 2 * c * v * (1 - b)).
    { replace (4 * c * (1 - b) / (1 + 4 * c + p) * (IZR d + 2 * c * v + p * IZR d))
        with (4 * c * (1 - b) * (IZR d + 2 * c * v + p * IZR d) / (1 + 4 * c + p))
        by (field; lra).
      apply S5_div_le; [lra|].
      assert (0 <= c * (1 - b) * (1 + p) * (v - 2 * IZR d))
        by (repeat apply Rmult_le_pos; lra).
      nra. }
    lra. }
Qed.

(* The printed Case-1 constant is at most the sharper one used above. *)
Lemma S5_delta1_le : forall a b c : R,
  a > 0 -> b > 0 -> c > 0 -> 2 * a * b - b - a > 0 ->
  (2 * a * b - b - a) / (4 * a * b) * Rmin (4 * c) 1
  <= (2 * a * b - b - a) / (2 * a * b) * (4 * c / (1 + 4 * c)).
Proof.
  intros a b c Ha Hb Hc H3.
  set (R := (2 * a * b - b - a) / (2 * a * b)).
  assert (HR : 0 < R) by (apply S5_div_pos; nra).
  replace ((2 * a * b - b - a) / (4 * a * b)) with (R / 2) by (unfold R; field; lra).
  replace (R * (4 * c / (1 + 4 * c))) with (R * (4 * c) / (1 + 4 * c)) by (field; lra).
  apply S5_le_div; [lra|].
  unfold Rmin. destruct (Rle_dec (4 * c) 1) as [h|h].
  - assert (0 <= R * c * (1 - 4 * c)) by (apply Rmult_le_pos; [nra|lra]). nra.
  - assert (0 <= R * (4 * c - 1)) by (apply Rmult_le_pos; lra). nra.
Qed.

(* The per-position drift over the feasible region with delta the minimum of the five cases' ratios (S5.drift-feasible, S5.lemma8-runtime). *)
Lemma S5_feasible_drift : forall (alpha beta c p : R),
  alpha > 1 -> alpha <= 2 -> beta > (1 / 2) -> beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 -> (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  (((((8 * alpha) * beta) * c) + (2 * p)) + ((4 * c) / beta)) <= (1 / 16) ->
  p > ((8 * c) * (((alpha + beta) / 2) - 1)) -> p > ((4 * (alpha - 1)) * c) ->
  ((4 * (alpha - 1)) * c) > 0 ->
  let delta := Rmin ((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta))
                      * (Rmin (4 * c) 1))
               (Rmin ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta))
                      / (2 * (1 + (4 * c))))
               (Rmin (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p))
               (Rmin (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p))
               (Rmin ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p))
                     (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p)))))) in
  0 < delta /\
  forall (d : Z) (v : R), IZR d >= 1 -> v >= 1 ->
    rls_drift (IZR d) v alpha beta c p >= delta * rls_g (IZR d) v alpha beta c p.
Proof.
  intros a b c p Ha1 Ha2 Hb1 Hb2 C3 C4 C5 C6 C7 C8 C9 delta.
  assert (Hc : c > 0) by (apply (S5_c_pos a c); assumption).
  assert (Hp : p > 0) by lra.
  assert (Hq : 0 < 1 + 4 * c + p) by lra.
  assert (Habc : 0 < a * b * c) by (repeat apply Rmult_lt_0_compat; lra).
  set (e1 := (2 * a * b - b - a) / (4 * a * b) * Rmin (4 * c) 1) in delta.
  set (e2 := (1 / 16 - (4 * a * b * c + p) - 4 * c / b) / (2 * (1 + 4 * c))) in delta.
  set (e3 := (p / 2 - 4 * c * ((a + b) / 2 - 1)) / (1 + 4 * c + p)) in delta.
  set (e4 := (p / 2 - 2 * (a - 1) * c) / (1 + 4 * c + p)) in delta.
  set (e5 := (4 * c + p - 4 * b * c) / (1 + 4 * c + p)) in delta.
  set (e6 := 4 * c * (1 - b) / (1 + 4 * c + p)) in delta.
  assert (H1 : 0 < e1).
  { unfold e1. apply Rmult_lt_0_compat; [apply S5_div_pos; nra|].
    apply Rmin_glb_lt; lra. }
  assert (H2 : 0 < e2) by (unfold e2; apply S5_div_pos; lra).
  assert (H3 : 0 < e3) by (unfold e3; apply S5_div_pos; lra).
  assert (H4 : 0 < e4) by (unfold e4; apply S5_div_pos; lra).
  assert (H5 : 0 < e5).
  { unfold e5; apply S5_div_pos; [|lra].
    assert (c * b <= c * 1) by (apply Rmult_le_compat_l; lra). lra. }
  assert (H6 : 0 < e6) by (unfold e6; apply S5_div_pos; [apply Rmult_lt_0_compat|]; lra).
  assert (Hpos : delta > 0).
  { unfold delta. repeat apply Rmin_glb_lt; assumption. }
  assert (L1 : delta <= e1) by apply Rmin_l.
  assert (L2 : delta <= e2) by (eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L3 : delta <= e3)
    by (eapply Rle_trans; [apply Rmin_r|]; eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L4 : delta <= e4)
    by (do 2 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L5 : delta <= e5)
    by (do 3 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_l]).
  assert (L6 : delta <= e6)
    by (do 3 (eapply Rle_trans; [apply Rmin_r|]); eapply Rle_trans; [apply Rmin_r|apply Rmin_r]).
  pose proof (S5_delta1_le a b c ltac:(lra) ltac:(lra) Hc C3) as L1'.
  split; [lra|].
  intros d v Hd Hv.
  apply S5_drift_cases; try assumption;
    first [ lra | exact (Rle_trans _ _ _ L1 L1') | exact L2 | exact L3 | exact L4
          | exact L5 | exact L6 ].
Qed.
