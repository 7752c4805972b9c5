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
