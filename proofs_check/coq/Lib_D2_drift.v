(* The multiplicative drift theorem (Section 2, Theorem 2 of the paper, TeX l. 340-358), proved
   for Markov chains with finite-support kernels (Vocabulary.v): a potential g >= 0 with g = 0
   on the target, g >= x_min > 0 off it, and E[g(X_{t+1}) | X_t = x] <= (1 - delta) g(x) off the
   target give E[T] <= (1 + ln(g(x_0)/x_min))/delta, where E[T] = sum_{t >= 0} P(T > t).

   The proof: E[g(X_t)] <= (1 - delta)^t g(x_0) for the stopped chain (induction on t);
   P(T > t) <= min{1, r (1 - delta)^t} with r = g(x_0)/x_min (Markov's inequality); and
   sum_t min{1, r q^t} <= m + r q^m/delta <= (1 + ln r)/delta for the least m with r q^m <= 1
   (q = 1 - delta), using ln x <= x - 1 and ln y >= 1 - 1/y. *)
From Coq Require Import Reals Lra Lia Psatz List Wf_nat.
Require Import ZM.Vocabulary ZM.Lib_D1_dist.
Open Scope R_scope.

(* ---------------------------------------------------------------- the analytic lemmas *)

Lemma dr_ln_le : forall x, 0 < x -> ln x <= x - 1.
Proof.
  intros x Hx. pose proof (exp_ineq1_le (ln x)) as H. rewrite exp_ln in H by exact Hx. lra.
Qed.

Lemma dr_ln_ge : forall y, 0 < y -> 1 - / y <= ln y.
Proof.
  intros y Hy. pose proof (dr_ln_le (/ y) (Rinv_0_lt_compat y Hy)) as H.
  rewrite ln_Rinv in H by exact Hy. lra.
Qed.

Lemma dr_div_nonneg : forall a b, 0 <= a -> 0 < b -> 0 <= a / b.
Proof. intros a b Ha Hb. unfold Rdiv. apply Rmult_le_pos; [exact Ha|]. left. apply Rinv_0_lt_compat; exact Hb. Qed.

Lemma dr_div_pos : forall a b, 0 < a -> 0 < b -> 0 < a / b.
Proof. intros a b Ha Hb. unfold Rdiv. apply Rmult_lt_0_compat; [exact Ha|]. apply Rinv_0_lt_compat; exact Hb. Qed.

(* x - ln x decreases on (0, 1]. *)
Lemma dr_x_ln_x : forall q u, 0 < q -> q <= u -> u <= 1 -> u - ln u <= q - ln q.
Proof.
  intros q u Hq Hqu Hu.
  assert (Hu0 : 0 < u) by lra.
  assert (E : ln u - ln q = ln (u / q)).
  { unfold Rdiv. rewrite ln_mult by (try apply Rinv_0_lt_compat; lra).
    rewrite ln_Rinv by lra. ring. }
  pose proof (dr_ln_ge (u / q) ltac:(apply dr_div_pos; lra)) as H.
  assert (E2 : 1 - / (u / q) = (u - q) / u) by (field; lra).
  rewrite E2 in H.
  assert (H3 : u - q <= (u - q) / u).
  { apply (Rmult_le_reg_l u); [exact Hu0|]. field_simplify; [|lra].
    assert (0 <= (u - q) * (1 - u)) by (apply Rmult_le_pos; lra). nra. }
  lra.
Qed.

(* sum_{t <= N} a_t <= m + r q^m / delta when a_t <= 1 and a_t <= r q^t. *)
Lemma dr_sum_split : forall (a : nat -> R) (q r delta : R) (m : nat),
  0 <= q -> delta = 1 - q -> 0 < delta -> 0 <= r ->
  (forall t, a t <= 1) -> (forall t, a t <= r * q ^ t) ->
  forall N, sum_f_R0 a N <= INR m + r * q ^ m / delta.
Proof.
  intros a q r delta m Hq Hd Hd0 Hr H1 H2.
  assert (Strong : forall N, sum_f_R0 a N
            <= if Nat.ltb N m then INR (Datatypes.S N)
               else INR m + r * (q ^ m - q ^ Datatypes.S N) / delta).
  { induction N as [|N IH].
    - simpl sum_f_R0. destruct (Nat.ltb 0 m) eqn:E.
      + simpl. specialize (H1 0%nat). lra.
      + apply Nat.ltb_ge in E. assert (m = 0%nat) by lia. subst m.
        specialize (H2 0%nat). simpl in *. subst delta.
        replace (r * (1 - q * 1) / (1 - q)) with r by (field; lra). lra.
    - simpl sum_f_R0 at 1.
      destruct (Nat.ltb (Datatypes.S N) m) eqn:E1; destruct (Nat.ltb N m) eqn:E2.
      + rewrite S_INR. specialize (H1 (Datatypes.S N)). lra.
      + apply Nat.ltb_lt in E1. apply Nat.ltb_ge in E2. lia.
      + apply Nat.ltb_ge in E1. apply Nat.ltb_lt in E2. assert (Em : m = Datatypes.S N) by lia.
        rewrite <- Em in *. specialize (H2 m).
        replace (r * (q ^ m - q ^ Datatypes.S m) / delta) with (r * q ^ m)
          by (simpl; subst delta; field; lra).
        lra.
      + specialize (H2 (Datatypes.S N)).
        replace (r * (q ^ m - q ^ Datatypes.S (Datatypes.S N)) / delta)
          with (r * (q ^ m - q ^ Datatypes.S N) / delta + r * q ^ Datatypes.S N)
          by (subst delta; simpl; field; lra).
        lra. }
  intros N. specialize (Strong N). destruct (Nat.ltb N m) eqn:E.
  - apply Nat.ltb_lt in E.
    assert (INR (Datatypes.S N) <= INR m) by (apply le_INR; lia).
    assert (0 <= r * q ^ m / delta)
      by (apply dr_div_nonneg; [apply Rmult_le_pos; [lra|apply pow_le; lra]|lra]).
    lra.
  - assert (0 <= r * q ^ Datatypes.S N / delta)
      by (apply dr_div_nonneg; [apply Rmult_le_pos; [lra|apply pow_le; lra]|lra]).
    assert (E3 : r * (q ^ m - q ^ Datatypes.S N) / delta
                 = r * q ^ m / delta - r * q ^ Datatypes.S N / delta) by (field; lra).
    lra.
Qed.

(* Some m has m + r q^m/delta <= (1 + ln r)/delta (r >= 1, q = 1 - delta in [0, 1)). *)
Lemma dr_best_split : forall (q r delta : R),
  0 <= q -> delta = 1 - q -> 0 < delta -> 1 <= r ->
  exists m : nat, INR m + r * q ^ m / delta <= (1 + ln r) / delta.
Proof.
  intros q r delta Hq Hd Hd0 Hr.
  set (P := fun m : nat => r * q ^ m <= 1).
  assert (Pdec : forall m, P m \/ ~ P m).
  { intros m. unfold P. destruct (Rle_dec (r * q ^ m) 1); tauto. }
  assert (Pex : exists m, P m).
  { destruct (Req_dec q 0) as [h0|h0].
    - exists 1%nat. unfold P. rewrite h0. simpl. lra.
    - assert (Hq1 : Rabs q < 1) by (rewrite Rabs_pos_eq; lra).
      destruct (pow_lt_1_zero q Hq1 (/ r) ltac:(apply Rinv_0_lt_compat; lra)) as [N HN].
      exists N. unfold P. specialize (HN N (le_n N)).
      rewrite Rabs_pos_eq in HN by (apply pow_le; lra).
      apply (Rmult_lt_compat_l r) in HN; [|lra].
      rewrite Rinv_r in HN by lra. lra. }
  destruct (dec_inh_nat_subset_has_unique_least_element P Pdec Pex) as [m [[Hm Hleast] _]].
  exists m.
  assert (Hbound : delta * INR m + r * q ^ m <= 1 + ln r).
  { destruct m as [|m'].
    - unfold P in Hm. simpl in Hm. assert (r = 1) by lra. subst r. rewrite ln_1. simpl. lra.
    - assert (Hnot : ~ P m') by (intro H; specialize (Hleast m' H); lia).
      unfold P in Hnot, Hm. apply Rnot_le_lt in Hnot.
      destruct (Req_dec q 0) as [h0|h0].
      + (* q = 0: delta = 1 and m = 1 *)
        destruct m' as [|m''].
        * rewrite h0 in *. subst delta. simpl.
          assert (0 <= ln r).
          { destruct (Req_dec r 1) as [e|e]; [rewrite e, ln_1; lra|].
            left. rewrite <- ln_1. apply ln_increasing; lra. }
          lra.
        * rewrite h0 in Hnot. simpl in Hnot. lra.
      + assert (Hq0 : 0 < q) by lra.
        set (u := r * q ^ Datatypes.S m').
        assert (Hu1 : u <= 1) by exact Hm.
        assert (Huq : q <= u).
        { unfold u. simpl. replace (r * (q * q ^ m')) with ((r * q ^ m') * q) by ring.
          assert (q * 1 <= q * (r * q ^ m')) by (apply Rmult_le_compat_l; lra). lra. }
        assert (Hu0 : 0 < u) by lra.
        assert (Hlnu : ln u = ln r + INR (Datatypes.S m') * ln q).
        { unfold u. rewrite ln_mult by (try apply pow_lt; lra). rewrite ln_pow by lra.
          reflexivity. }
        assert (Hlnq : ln q <= - delta) by (pose proof (dr_ln_le q Hq0); lra).
        pose proof (dr_x_ln_x q u Hq0 Huq Hu1) as Hxl.
        assert (HS : 1 <= INR (Datatypes.S m')) by (rewrite S_INR; pose proof (pos_INR m'); lra).
        (* delta m + u - 1 - ln r = (u - 1 - ln u) + m (delta + ln q)
                                  <= (q - 1 - ln q) + m (delta + ln q)
                                  = (m - 1) (delta + ln q) <= 0 *)
        assert (0 <= (INR (Datatypes.S m') - 1) * (- delta - ln q))
          by (apply Rmult_le_pos; lra).
        subst delta. nra. }
  apply (Rmult_le_reg_l delta); [exact Hd0|].
  replace (delta * (INR m + r * q ^ m / delta)) with (delta * INR m + r * q ^ m)
    by (field; lra).
  replace (delta * ((1 + ln r) / delta)) with (1 + ln r) by (field; lra).
  exact Hbound.
Qed.

(* A non-decreasing sequence of partial sums bounded by B converges, to a limit <= B. *)
Lemma dr_series_le : forall (a : nat -> R) (B : R),
  (forall t, 0 <= a t) -> (forall N, sum_f_R0 a N <= B) ->
  exists l, infinite_sum a l /\ l <= B.
Proof.
  intros a B Ha HB.
  assert (Hg : Un_growing (sum_f_R0 a)).
  { intros n. simpl. specialize (Ha (Datatypes.S n)). lra. }
  assert (Hb : bound (EUn (sum_f_R0 a))).
  { exists B. intros x [i ->]. apply HB. }
  destruct (growing_cv (sum_f_R0 a) Hg Hb) as [l Hl].
  exists l. split; [exact Hl|].
  destruct (Rle_dec l B) as [h|h]; [exact h|exfalso].
  apply Rnot_le_lt in h.
  destruct (Hl (l - B) ltac:(lra)) as [N HN].
  specialize (HN N (le_n N)). specialize (HB N).
  unfold R_dist in HN. apply Rabs_def2 in HN. lra.
Qed.

(* ------------------------------------------------------------ the drift theorem itself *)

(* The hypotheses of the drift theorem, for a kernel K, a target, an invariant set Inv (the
   states the chain can be in), a potential g and constants x_min, delta. *)
Record drift_hyps {X : Type} (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop)
  (g : X -> R) (xmin delta : R) : Prop := {
  dh_kernel : kernel_ok K target Inv;
  dh_nonneg : forall x, Inv x -> 0 <= g x;
  dh_target : forall x, Inv x -> target x = true -> g x = 0;
  dh_min : forall x, Inv x -> target x = false -> xmin <= g x;
  dh_xmin : 0 < xmin;
  dh_delta : 0 < delta;
  dh_drift : forall x, Inv x -> target x = false -> dist_expect (K x) g <= (1 - delta) * g x
}.

Lemma md_delta_le_1 : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0, Inv x0 -> target x0 = false -> delta <= 1.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 H0 T0.
  assert (Hs : 0 <= dist_expect (K x0) g).
  { apply dx_nonneg. destruct (K_prob x0 H0 T0) as [Hw _].
    pose proof (K_inv x0 H0 T0) as Hi. clear -Hw Hi g_nonneg.
    induction (K x0) as [|wy l IH]; [constructor|].
    inversion Hw; inversion Hi; subst. constructor; [|apply IH; assumption].
    split; [assumption|apply g_nonneg; assumption]. }
  pose proof (g_drift x0 H0 T0). pose proof (g_min x0 H0 T0).
  destruct (Rle_dec delta 1) as [h|h]; [exact h|exfalso].
  assert (0 < (delta - 1) * g x0) by (apply Rmult_lt_0_compat; lra).
  lra.
Qed.

(* One step of the stopped chain: E[g(next) | x] <= (1 - delta) g(x) everywhere on Inv. *)
Lemma md_stopped_drift : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x, Inv x ->
  dist_expect (stopped_kernel K target x) g <= (1 - delta) * g x.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x Hx. unfold stopped_kernel. destruct (target x) eqn:E.
  - rewrite dx_cons, dx_nil, (g_target x Hx E). lra.
  - apply g_drift; assumption.
Qed.

(* E[g(X_t)] <= (1 - delta)^t g(x_0). *)
Lemma md_law_g : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0 t, Inv x0 -> target x0 = false ->
  dist_expect (law_at K target x0 t) g <= (1 - delta) ^ t * g x0.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 t H0 T0. pose proof (md_delta_le_1 X K target Inv g xmin delta HD x0 H0 T0) as Hd1.
  induction t as [|t IH].
  - unfold dist_expect; simpl. lra.
  - simpl law_at. rewrite dx_bind.
    apply Rle_trans with (dist_expect (law_at K target x0 t) (fun x => (1 - delta) * g x)).
    + apply dx_le. eapply Forall_impl; [|exact (law_support X K target Inv HK x0 t H0)].
      intros [w x] [Hw Hx]; simpl. split; [exact Hw|]. apply (md_stopped_drift X K target Inv g xmin delta HD); exact Hx.
    + rewrite dx_scale. simpl.
      replace ((1 - delta) * (1 - delta) ^ t * g x0) with ((1 - delta) * ((1 - delta) ^ t * g x0))
        by ring.
      apply Rmult_le_compat_l; [lra|exact IH].
Qed.

(* P(T > t) <= (g(x_0)/x_min) (1 - delta)^t, by Markov's inequality. *)
Lemma md_tail_le_geo : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0 t, Inv x0 -> target x0 = false ->
  tail_prob K target x0 t <= g x0 / xmin * (1 - delta) ^ t.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 t H0 T0. unfold tail_prob.
  pose proof (law_support X K target Inv HK x0 t H0) as Hs.
  apply Rle_trans with (dist_expect (law_at K target x0 t)
                          (fun x => if Rle_dec xmin (g x) then 1 else 0)).
  - apply dx_le. eapply Forall_impl; [|exact Hs]. intros [w x] [Hw Hx]; simpl.
    split; [exact Hw|]. destruct (target x) eqn:E.
    + destruct (Rle_dec xmin (g x)); lra.
    + destruct (Rle_dec xmin (g x)) as [_|h]; [lra|]. exfalso. apply h, g_min; assumption.
  - apply Rle_trans with (dist_expect (law_at K target x0 t) g / xmin).
    + apply dx_markov; [exact xmin_pos|]. eapply Forall_impl; [|exact Hs].
      intros [w x] [Hw Hx]; simpl. split; [exact Hw|apply g_nonneg; exact Hx].
    + pose proof (md_law_g X K target Inv g xmin delta HD x0 t H0 T0) as Hg.
      unfold Rdiv. rewrite (Rmult_comm (g x0)), Rmult_assoc, (Rmult_comm (/ xmin)).
      apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; exact xmin_pos|].
      rewrite Rmult_comm. exact Hg.
Qed.

Lemma md_tail_le_1 : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0 t, Inv x0 -> tail_prob K target x0 t <= 1.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 t H0. unfold tail_prob.
  apply Rle_trans with (dist_expect (law_at K target x0 t) (fun _ => 1));
    [|right; exact (law_mass X K target Inv HK x0 t H0)].
  apply dx_le. eapply Forall_impl; [|exact (law_support X K target Inv HK x0 t H0)].
  intros [w x] [Hw Hx]; simpl. split; [exact Hw|]. destruct (target x); lra.
Qed.

Lemma md_tail_nonneg : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0 t, Inv x0 -> 0 <= tail_prob K target x0 t.
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 t H0. unfold tail_prob. apply dx_nonneg.
  eapply Forall_impl; [|exact (law_support X K target Inv HK x0 t H0)].
  intros [w x] [Hw Hx]; simpl. split; [exact Hw|]. destruct (target x); lra.
Qed.

(* The multiplicative drift theorem: E[T] <= (1 + ln(g(x_0)/x_min))/delta. *)
Theorem multiplicative_drift : forall (X : Type) (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) (g : X -> R)
  (xmin delta : R), drift_hyps K target Inv g xmin delta ->
  forall x0, Inv x0 -> target x0 = false ->
  expected_hitting_time_le K target x0 ((1 + ln (g x0 / xmin)) / delta).
Proof.
  intros X K target Inv g xmin delta HD;
  pose proof HD as [HK g_nonneg g_target g_min xmin_pos delta_pos g_drift];
  pose proof (ko_prob _ _ _ HK) as K_prob; pose proof (ko_inv _ _ _ HK) as K_inv;
  intros x0 H0 T0.
  pose proof (md_delta_le_1 X K target Inv g xmin delta HD x0 H0 T0) as Hd1.
  pose proof (g_min x0 H0 T0) as Hmin.
  set (r := g x0 / xmin).
  assert (Hr : 1 <= r).
  { unfold r. apply (Rmult_le_reg_r xmin); [exact xmin_pos|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  destruct (dr_best_split (1 - delta) r delta ltac:(lra) ltac:(ring) delta_pos Hr) as [m Hm].
  apply dr_series_le.
  - intros t. apply (md_tail_nonneg X K target Inv g xmin delta HD); exact H0.
  - intros N. eapply Rle_trans; [|exact Hm].
    apply (dr_sum_split (tail_prob K target x0) (1 - delta) r delta m); try lra.
    + intros t. apply (md_tail_le_1 X K target Inv g xmin delta HD); exact H0.
    + intros t. apply (md_tail_le_geo X K target Inv g xmin delta HD); assumption.
Qed.
