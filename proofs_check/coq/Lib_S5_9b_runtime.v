(* Shared lemmas for S5.lemma8-runtime: the expected run time of RLS_{alpha,beta} from the
   multiplicative drift theorem (Lib_D2_drift) applied to the kernel of Vocabulary.v with the
   potential of Lemma 8's proof (Lib_S5_9_rls_kernel), for any per-position drift delta. *)
From Coq Require Import Reals Lra Lia Psatz List.
Require Import ZM.Vocabulary ZM.Lib_D1_dist ZM.Lib_D2_drift ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls
  ZM.Lib_S5_8_drift ZM.Lib_S5_9_rls_kernel.
Open Scope R_scope.

Lemma rt_norm1 : forall n a, onemax_fa n a (fun _ => 0%Z) = norm1 n a.
Proof.
  intros n a. unfold onemax_fa, norm1. induction n as [|n IH]; simpl; [reflexivity|].
  rewrite IH, Z.sub_0_r. reflexivity.
Qed.

Lemma rt_zsum_nonneg : forall n h, (forall i, (0 <= h i)%Z) -> (0 <= zsum n h)%Z.
Proof.
  intros n h H. induction n as [|n IH]; simpl; [lia|]. specialize (H n). lia.
Qed.

Lemma rt_norm1_ge1 : forall n a, norm1 n a <> 0%Z -> 1 <= IZR (norm1 n a).
Proof.
  intros n a H. assert (0 <= norm1 n a)%Z.
  { apply rt_zsum_nonneg. intros i. apply Z.abs_nonneg. }
  apply IZR_le. lia.
Qed.

Lemma rt_le_bound : forall (X : Type) (K : X -> dist X) target x0 (B B' : R),
  expected_hitting_time_le K target x0 B -> B <= B' -> expected_hitting_time_le K target x0 B'.
Proof.
  intros X K target x0 B B' [ET [H1 H2]] H. exists ET. split; [exact H1|lra].
Qed.

(* E[T] <= n (1 + ln g(0^n, 1^n)) / delta, and g(0^n, 1^n) <= (1 + 2c) |a|_1^2. *)
Lemma rt_runtime : forall (n : nat) (a : nat -> Z) (alpha beta c p delta : R),
  (1 <= n)%nat -> norm1 n a <> 0%Z ->
  alpha > 1 -> alpha <= 2 -> beta > 1 / 2 -> beta <= 9 / 10 -> c > 0 -> p > 0 -> 0 < delta ->
  (forall (d : Z) (v : R), IZR d >= 1 -> v >= 1 ->
     rls_drift (IZR d) v alpha beta c p >= delta * rls_g (IZR d) v alpha beta c p) ->
  expected_hitting_time_le (rls_kernel n a alpha beta) (rls_target n a) rls_start
    (INR n * (1 + ln (rls_potential n a alpha beta c p rls_start)) / delta) /\
  1 <= rls_potential n a alpha beta c p rls_start <= (1 + 2 * c) * IZR (norm1 n a) ^ 2.
Proof.
  intros n a alpha beta c p delta Hn Ha Ha1 Ha2 Hb1 Hb2 Hc Hp Hd Hdrift.
  assert (Hn0 : 0 < INR n) by (apply lt_0_INR; lia).
  assert (Hoff : rls_target n a rls_start = false)
    by (apply rls_start_off_target; rewrite rt_norm1; exact Ha).
  assert (Hg1 : 1 <= rls_potential n a alpha beta c p rls_start)
    by (apply rls_potential_off_target; try lra; [apply rls_start_inv|exact Hoff]).
  split.
  - eapply rt_le_bound.
    + apply (multiplicative_drift _ (rls_kernel n a alpha beta) (rls_target n a) (rls_inv n)
               (rls_potential n a alpha beta c p) 1 (delta / INR n)).
      * constructor.
        -- constructor.
           ++ intros x _ _. apply rls_kernel_prob; exact Hn.
           ++ intros x Hx _. apply rls_kernel_inv; [lra|exact Hx].
        -- intros x Hx. apply rls_potential_nonneg; [lra|lra|exact Hx].
        -- intros x _ Ht. apply rls_potential_target; exact Ht.
        -- intros x Hx Ht. apply rls_potential_off_target; [lra|lra|exact Hx|exact Ht].
        -- lra.
        -- apply Rdiv_lt_0_compat; assumption.
        -- intros x Hx _. apply rls_potential_drift; [exact Hn|lra|lra|exact Hdrift|exact Hx].
      * apply rls_start_inv.
      * exact Hoff.
    + right. unfold Rdiv. rewrite Rinv_1, Rmult_1_r. field. split; lra.
  - split; [exact Hg1|]. rewrite <- rt_norm1.
    apply rls_start_potential; lra.
Qed.

(* The same bound in closed form: E[T] <= n (1 + ln(1 + 2c) + 2 ln |a|_1) / delta. *)
Lemma rt_runtime_closed : forall (n : nat) (a : nat -> Z) (alpha beta c p delta : R),
  (1 <= n)%nat -> norm1 n a <> 0%Z ->
  alpha > 1 -> alpha <= 2 -> beta > 1 / 2 -> beta <= 9 / 10 -> c > 0 -> p > 0 -> 0 < delta ->
  (forall (d : Z) (v : R), IZR d >= 1 -> v >= 1 ->
     rls_drift (IZR d) v alpha beta c p >= delta * rls_g (IZR d) v alpha beta c p) ->
  expected_hitting_time_le (rls_kernel n a alpha beta) (rls_target n a) rls_start
    (INR n * (1 + ln (1 + 2 * c) + 2 * ln (IZR (norm1 n a))) / delta).
Proof.
  intros n a alpha beta c p delta Hn Ha Ha1 Ha2 Hb1 Hb2 Hc Hp Hd Hdrift.
  destruct (rt_runtime n a alpha beta c p delta Hn Ha Ha1 Ha2 Hb1 Hb2 Hc Hp Hd Hdrift)
    as [HT [Hg1 Hg2]].
  eapply rt_le_bound; [exact HT|].
  pose proof (rt_norm1_ge1 n a Ha) as HA.
  assert (Hn0 : 0 < INR n) by (apply lt_0_INR; lia).
  assert (Hln : ln (rls_potential n a alpha beta c p rls_start)
                <= ln (1 + 2 * c) + 2 * ln (IZR (norm1 n a))).
  { replace (2 * ln (IZR (norm1 n a))) with (ln (IZR (norm1 n a) ^ 2))
      by (rewrite ln_pow by lra; simpl; ring).
    rewrite <- ln_mult by (try apply pow_lt; lra).
    destruct Hg2 as [Hlt|Heq].
    - left. apply ln_increasing; lra.
    - rewrite Heq. right. reflexivity. }
  unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; exact Hd|].
  apply Rmult_le_compat_l; [lra|]. lra.
Qed.

(* The per-position drift over the feasible region (the argument of S5_drift_feasible.v). *)
Lemma rt_feasible_drift : forall (alpha beta c p : R),
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
