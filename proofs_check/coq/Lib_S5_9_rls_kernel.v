(* Shared lemmas for S5.lemma8-runtime: RLS_{alpha,beta} as a kernel (Vocabulary.v, rls_kernel)
   and the potential g(x, v) = sum_i g_i(|a_i - x_i|, v_i) of Lemma 8's proof. *)
From Coq Require Import Reals Lra Lia Psatz List.
Require Import ZM.Vocabulary ZM.Lib_S5_1_floor ZM.Lib_S5_2_rls.
Open Scope R_scope.

(* The invariant: every velocity of a used position is >= 1. *)
Definition rls_inv (n : nat) (st : rls_state) : Prop := forall i, (i < n)%nat -> snd st i >= 1.

(* ---------------------------------------------------------------------------------------- *)
(* Helper lemmas: finite sums over the positions 0, ..., n-1.                                *)

Lemma rk_zsum_ext : forall n f g,
  (forall j, (j < n)%nat -> f j = g j) -> zsum n f = zsum n g.
Proof.
  induction n as [|m IH]; intros f g H; simpl; [reflexivity|].
  rewrite (IH f g) by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma rk_rsum_ext : forall n f g,
  (forall j, (j < n)%nat -> f j = g j) -> rsum n f = rsum n g.
Proof.
  induction n as [|m IH]; intros f g H; simpl; [reflexivity|].
  rewrite (IH f g) by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma rk_zsum_upd : forall n h i z, (i < n)%nat ->
  zsum n (fun j => if Nat.eqb j i then z else h j) = (zsum n h - h i + z)%Z.
Proof.
  induction n as [|m IH]; intros h i z Hi; [lia|]. simpl.
  destruct (Nat.eqb_spec m i) as [E|E].
  - subst i. rewrite (rk_zsum_ext m _ h).
    + lia.
    + intros j Hj. destruct (Nat.eqb_spec j m); [lia|reflexivity].
  - rewrite IH by lia. lia.
Qed.

Lemma rk_rsum_upd : forall n h i z, (i < n)%nat ->
  rsum n (fun j => if Nat.eqb j i then z else h j) = rsum n h - h i + z.
Proof.
  induction n as [|m IH]; intros h i z Hi; [lia|]. simpl.
  destruct (Nat.eqb_spec m i) as [E|E].
  - subst i. rewrite (rk_rsum_ext m _ h).
    + lra.
    + intros j Hj. destruct (Nat.eqb_spec j m); [lia|reflexivity].
  - rewrite IH by lia. lra.
Qed.

Lemma rk_rsum_plus : forall n f g, rsum n (fun i => f i + g i) = rsum n f + rsum n g.
Proof. induction n as [|m IH]; intros f g; simpl; [lra|]. rewrite IH. lra. Qed.

Lemma rk_rsum_scal : forall n r f, rsum n (fun i => r * f i) = r * rsum n f.
Proof. induction n as [|m IH]; intros r f; simpl; [lra|]. rewrite IH. lra. Qed.

Lemma rk_rsum_const : forall n r, rsum n (fun _ => r) = INR n * r.
Proof.
  induction n as [|m IH]; intros r; simpl rsum; [simpl; lra|]. rewrite IH, S_INR. lra.
Qed.

Lemma rk_rsum_le : forall n f g,
  (forall j, (j < n)%nat -> f j <= g j) -> rsum n f <= rsum n g.
Proof.
  induction n as [|m IH]; intros f g H; simpl; [lra|].
  pose proof (IH f g (fun j Hj => H j ltac:(lia))). pose proof (H m ltac:(lia)). lra.
Qed.

Lemma rk_rsum_nonneg : forall n f,
  (forall j, (j < n)%nat -> 0 <= f j) -> 0 <= rsum n f.
Proof.
  intros n f H. rewrite <- (Rmult_0_r (INR n)), <- rk_rsum_const.
  apply rk_rsum_le. exact H.
Qed.

Lemma rk_rsum_ge_term : forall n f i,
  (forall j, (j < n)%nat -> 0 <= f j) -> (i < n)%nat -> f i <= rsum n f.
Proof.
  induction n as [|m IH]; intros f i H Hi; [lia|]. simpl.
  destruct (Nat.eq_dec i m) as [E|E].
  - subst i. pose proof (rk_rsum_nonneg m f (fun j Hj => H j ltac:(lia))). lra.
  - pose proof (IH f i (fun j Hj => H j ltac:(lia)) ltac:(lia)).
    pose proof (H m ltac:(lia)). lra.
Qed.

Lemma rk_IZR_zsum : forall n h, IZR (zsum n h) = rsum n (fun i => IZR (h i)).
Proof.
  induction n as [|m IH]; intros h; simpl; [reflexivity|]. rewrite plus_IZR, IH. reflexivity.
Qed.

Lemma rk_zsum_zero : forall n h,
  (forall j, (j < n)%nat -> (0 <= h j)%Z) -> zsum n h = 0%Z ->
  forall j, (j < n)%nat -> h j = 0%Z.
Proof.
  induction n as [|m IH]; intros h Hnn Hz j Hj; [lia|]. simpl in Hz.
  assert (Hs : (0 <= zsum m h)%Z).
  { clear IH Hz Hj j. induction m as [|m' IHm]; simpl; [lia|].
    pose proof (Hnn m' ltac:(lia)). assert (0 <= zsum m' h)%Z by (apply IHm; intros; apply Hnn; lia).
    lia. }
  pose proof (Hnn m ltac:(lia)).
  destruct (Nat.eq_dec j m) as [E|E].
  - subst j. lia.
  - apply IH; [intros; apply Hnn; lia | lia | lia].
Qed.

Lemma rk_zsum_nonzero : forall n h,
  zsum n h <> 0%Z -> exists j, (j < n)%nat /\ h j <> 0%Z.
Proof.
  induction n as [|m IH]; intros h Hz; simpl in Hz; [lia|].
  destruct (Z.eq_dec (h m) 0) as [E|E].
  - destruct (IH h ltac:(lia)) as [j [Hj Hh]]. exists j. split; [lia|exact Hh].
  - exists m. split; [lia|exact E].
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* Helper lemmas: expectations of finite-support distributions.                              *)

Lemma rk_expect_app : forall (X : Type) (l1 l2 : dist X) h,
  dist_expect (l1 ++ l2) h = dist_expect l1 h + dist_expect l2 h.
Proof.
  intros X l1 l2 h. induction l1 as [|wx l IH]; unfold dist_expect in *; simpl; [lra|].
  rewrite IH. lra.
Qed.

Lemma rk_expect_flat_seq : forall (X : Type) (F : nat -> dist X) h n,
  dist_expect (flat_map F (seq 0 n)) h = rsum n (fun i => dist_expect (F i) h).
Proof.
  intros X F h n. induction n as [|m IH]; [reflexivity|].
  rewrite seq_S, flat_map_app, rk_expect_app, IH. simpl rsum. f_equal.
  simpl. rewrite app_nil_r. reflexivity.
Qed.

Lemma rk_expect_two : forall (X : Type) (w1 w2 : R) (x1 x2 : X) h,
  dist_expect ((w1, x1) :: (w2, x2) :: nil) h = w1 * h x1 + w2 * h x2.
Proof. intros. unfold dist_expect. simpl. ring. Qed.

(* ---------------------------------------------------------------------------------------- *)
(* Helper lemmas: the per-position potential g_i.                                            *)

Lemma rk_g_nonneg : forall d v alpha beta c p,
  0 <= d -> 0 < v -> c >= 0 -> p >= 0 -> 0 <= rls_g d v alpha beta c p.
Proof.
  intros d v alpha beta c p Hd Hv Hc Hp. unfold rls_g.
  destruct (Req_EM_T d 0) as [_|Hd0]; [lra|].
  assert (Hdp : 0 < d) by lra.
  assert (HM : 0 <= Rmax (2 * v / d) (d / (2 * v))).
  { eapply Rle_trans; [|apply Rmax_l]. apply S5_div_nonneg; lra. }
  assert (0 <= c * d * Rmax (2 * v / d) (d / (2 * v))).
  { apply Rmult_le_pos; [apply Rmult_le_pos|]; lra. }
  destruct (Rlt_dec (2 * beta * d) v); [|lra].
  assert (0 <= p * d) by (apply Rmult_le_pos; lra). lra.
Qed.

Lemma rk_g_ge_d : forall d v alpha beta c p,
  0 < d -> 0 < v -> c >= 0 -> p >= 0 -> d <= rls_g d v alpha beta c p.
Proof.
  intros d v alpha beta c p Hd Hv Hc Hp. unfold rls_g.
  destruct (Req_EM_T d 0) as [E|_]; [lra|].
  assert (HM : 0 <= Rmax (2 * v / d) (d / (2 * v))).
  { eapply Rle_trans; [|apply Rmax_l]. apply S5_div_nonneg; lra. }
  assert (0 <= c * d * Rmax (2 * v / d) (d / (2 * v))).
  { apply Rmult_le_pos; [apply Rmult_le_pos|]; lra. }
  destruct (Rlt_dec (2 * beta * d) v); [|lra].
  assert (0 <= p * d) by (apply Rmult_le_pos; lra). lra.
Qed.

Lemma rk_IZR_abs_nonneg : forall z : Z, 0 <= IZR (Z.abs z).
Proof. intro z. apply IZR_le. lia. Qed.

Lemma rk_IZR_abs_ge1 : forall z : Z, Z.abs z <> 0%Z -> IZR (Z.abs z) >= 1.
Proof. intros z H. apply Rle_ge. apply IZR_le. lia. Qed.

(* g_i after a step whose offspring has distance nd (kept or not). *)
Definition rk_after (d nd v alpha beta c p : R) : R :=
  rls_g (rls_kept d nd) (rls_velocity d nd v alpha beta) alpha beta c p.

Lemma rk_toward_after : forall d v alpha beta c p,
  rls_g_toward d v alpha beta c p = rk_after d (rls_new_toward d v) v alpha beta c p.
Proof. reflexivity. Qed.

Lemma rk_away_after : forall d v alpha beta c p,
  rls_g_away d v alpha beta c p = rk_after d (rls_new_away d v) v alpha beta c p.
Proof. reflexivity. Qed.

(* The two signs of a step give the step towards the target and the step away from it. *)
Lemma rk_pair : forall (e : Z) (v alpha beta c p : R), v >= 1 ->
  rk_after (IZR (Z.abs e)) (IZR (Z.abs (e - 1 * Int_part v))) v alpha beta c p
  + rk_after (IZR (Z.abs e)) (IZR (Z.abs (e - (-1) * Int_part v))) v alpha beta c p
  = rls_g_toward (IZR (Z.abs e)) v alpha beta c p + rls_g_away (IZR (Z.abs e)) v alpha beta c p.
Proof.
  intros e v alpha beta c p Hv.
  pose proof (S5_floor_ge1 v Hv) as Hk.
  rewrite rk_toward_after, rk_away_after.
  unfold rls_new_toward, rls_new_away.
  set (k := Int_part v) in *.
  destruct (Z_le_gt_dec 0 e) as [He|He].
  - rewrite (Z.abs_eq e) by lia.
    replace (IZR (Z.abs (e - 1 * k))) with (Rabs (IZR e - IZR k))
      by (rewrite <- minus_IZR, <- abs_IZR; f_equal; f_equal; ring).
    rewrite (Z.abs_eq (e - (-1) * k)) by lia.
    replace (IZR (e - (-1) * k)) with (IZR e + IZR k)
      by (rewrite <- plus_IZR; f_equal; ring).
    reflexivity.
  - rewrite (Z.abs_neq e) by lia.
    replace (IZR (Z.abs (e - (-1) * k))) with (Rabs (IZR (- e) - IZR k))
      by (rewrite <- minus_IZR, <- abs_IZR, <- Z.abs_opp; f_equal; f_equal; ring).
    rewrite (Z.abs_neq (e - 1 * k)) by lia.
    replace (IZR (- (e - 1 * k))) with (IZR (- e) + IZR k)
      by (rewrite <- plus_IZR; f_equal; ring).
    ring.
Qed.

Lemma rk_onemax_upd : forall n a x i y, (i < n)%nat ->
  onemax_fa n a (fupd x i y) = (onemax_fa n a x - Z.abs (a i - x i) + Z.abs (a i - y))%Z.
Proof.
  intros n a x i y Hi. unfold onemax_fa.
  rewrite (rk_zsum_ext n _ (fun j => if Nat.eqb j i then Z.abs (a i - y) else Z.abs (a j - x j))).
  - apply rk_zsum_upd. exact Hi.
  - intros j Hj. unfold fupd. destruct (Nat.eqb_spec j i); [subst; reflexivity|reflexivity].
Qed.

(* The potential after the step (i, s): only g_i changes. *)
Lemma rk_step_potential : forall n a alpha beta c p st i s, (i < n)%nat ->
  rls_potential n a alpha beta c p (rls_step n a alpha beta st i s) =
  rls_potential n a alpha beta c p st
  - rls_g (IZR (Z.abs (a i - fst st i))) (snd st i) alpha beta c p
  + rk_after (IZR (Z.abs (a i - fst st i))) (IZR (Z.abs (a i - fst st i - s * Int_part (snd st i))))
      (snd st i) alpha beta c p.
Proof.
  intros n a alpha beta c p [x v] i s Hi.
  unfold rls_step. cbv zeta. cbn [fst snd].
  rewrite rk_onemax_upd by exact Hi.
  set (fx := onemax_fa n a x).
  set (d := Z.abs (a i - x i)).
  set (k := Int_part (v i)).
  set (nd := Z.abs (a i - x i - s * k)).
  replace (Z.abs (a i - (x i + s * k))) with nd by (unfold nd; f_equal; ring).
  unfold rls_potential. cbn [fst snd].
  set (G := fun j => rls_g (IZR (Z.abs (a j - x j))) (v j) alpha beta c p).
  set (G' := rk_after (IZR d) (IZR nd) (v i) alpha beta c p).
  change (rls_g (IZR d) (v i) alpha beta c p) with (G i).
  rewrite <- (rk_rsum_upd n G i G' Hi).
  apply rk_rsum_ext. intros j Hj. unfold fupd, G.
  destruct (Nat.eqb_spec j i) as [E|E].
  - subst j. unfold G', rk_after, rls_kept, rls_velocity.
    destruct (Z.leb_spec (fx - d + nd) fx) as [H1|H1];
    destruct (Z.ltb_spec (fx - d + nd) fx) as [H2|H2];
    destruct (Rle_dec (IZR nd) (IZR d)) as [H3|H3];
    destruct (Rlt_dec (IZR nd) (IZR d)) as [H4|H4];
    try (apply le_IZR in H3; lia); try (apply lt_IZR in H4; lia);
    try (exfalso; apply H3; apply IZR_le; lia);
    try (exfalso; apply H4; apply IZR_lt; lia);
    rewrite ?Nat.eqb_refl; try reflexivity.
    + f_equal. f_equal. unfold nd. f_equal. ring.
    + f_equal. f_equal. unfold nd. f_equal. ring.
  - destruct (Z.leb (fx - d + nd) fx); rewrite ?(proj2 (Nat.eqb_neq j i) E); reflexivity.
Qed.
(* At distance 0 both steps are rejected and g_i stays 0: the drift is 0. *)
Lemma rk_drift_zero : forall v alpha beta c p, v >= 1 ->
  rls_drift 0 v alpha beta c p = 0.
Proof.
  intros v alpha beta c p Hv.
  pose proof (S5_floor_ge1 v Hv) as Hk. apply IZR_le in Hk.
  unfold rls_drift, rls_g_toward, rls_g_away, rls_d_toward, rls_d_away, rls_kept,
    rls_new_toward, rls_new_away.
  rewrite Rabs_left1 by lra.
  destruct (Rle_dec (- (0 - IZR (Int_part v))) 0) as [h|_]; [lra|].
  destruct (Rle_dec (0 + IZR (Int_part v)) 0) as [h|_]; [lra|].
  rewrite !S5_g_zero. lra.
Qed.

(* One position's contribution to the expectation over the kernel. *)
Lemma rk_position_term : forall n a alpha beta c p st i,
  (1 <= n)%nat -> (i < n)%nat -> snd st i >= 1 ->
  dist_expect ((1 / (2 * INR n), rls_step n a alpha beta st i 1%Z)
               :: (1 / (2 * INR n), rls_step n a alpha beta st i (-1)%Z) :: nil)
              (rls_potential n a alpha beta c p)
  = 1 / INR n * (rls_potential n a alpha beta c p st
                 - rls_drift (IZR (Z.abs (a i - fst st i))) (snd st i) alpha beta c p).
Proof.
  intros n a alpha beta c p st i Hn Hi Hv.
  assert (HnR : 0 < INR n) by (apply lt_0_INR; lia).
  rewrite rk_expect_two, !rk_step_potential by exact Hi.
  pose proof (rk_pair (a i - fst st i) (snd st i) alpha beta c p Hv) as HP.
  unfold rls_drift. field_simplify_eq; [|lra].
  lra.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* The contract.                                                                              *)

Lemma rls_start_inv : forall n, rls_inv n rls_start.
Proof. intros n i _. simpl. lra. Qed.

(* The kernel is a probability distribution (n >= 1). *)
Lemma rls_kernel_prob : forall n a alpha beta st,
  (1 <= n)%nat -> dist_is_prob (rls_kernel n a alpha beta st).
Proof.
  intros n a alpha beta st Hn.
  assert (HnR : 0 < INR n) by (apply lt_0_INR; lia).
  split.
  - apply Forall_forall. intros wx Hin. unfold rls_kernel in Hin.
    apply in_flat_map in Hin. destruct Hin as [i [_ Hin]].
    simpl in Hin. destruct Hin as [E|[E|[]]]; subst wx; simpl;
    apply S5_div_nonneg; lra.
  - unfold rls_kernel. rewrite rk_expect_flat_seq.
    rewrite (rk_rsum_ext n _ (fun _ => 1 / INR n)).
    + rewrite rk_rsum_const. field. lra.
    + intros j Hj. rewrite rk_expect_two. field. lra.
Qed.

(* Every successor keeps the invariant (alpha >= 1). *)
Lemma rls_kernel_inv : forall n a alpha beta st,
  alpha >= 1 -> rls_inv n st ->
  Forall (fun wy => rls_inv n (snd wy)) (rls_kernel n a alpha beta st).
Proof.
  intros n a alpha beta [x v] Ha Hinv.
  apply Forall_forall. intros wx Hin. unfold rls_kernel in Hin.
  apply in_flat_map in Hin. destruct Hin as [i [Hi Hin]].
  apply in_seq in Hi.
  assert (Hstep : forall s, rls_inv n (rls_step n a alpha beta (x, v) i s)).
  { intros s j Hj. unfold rls_step. cbv zeta. cbn [fst snd]. unfold fupd.
    pose proof (Hinv j Hj) as Hvj. simpl in Hvj.
    destruct (Nat.eqb_spec j i) as [E|E].
    - subst j. destruct (Z.ltb _ _).
      + assert (1 * 1 <= alpha * v i) by (apply Rmult_le_compat; lra). lra.
      + apply Rle_ge, Rmax_l.
    - exact Hvj. }
  simpl in Hin. destruct Hin as [E|[E|[]]]; subst wx; apply Hstep.
Qed.

Lemma rls_potential_nonneg : forall n a alpha beta c p st,
  c >= 0 -> p >= 0 -> rls_inv n st -> 0 <= rls_potential n a alpha beta c p st.
Proof.
  intros n a alpha beta c p st Hc Hp Hinv. unfold rls_potential.
  apply rk_rsum_nonneg. intros j Hj. pose proof (Hinv j Hj).
  apply rk_g_nonneg; [apply rk_IZR_abs_nonneg | lra | exact Hc | exact Hp].
Qed.

Lemma rls_potential_target : forall n a alpha beta c p st,
  rls_target n a st = true -> rls_potential n a alpha beta c p st = 0.
Proof.
  intros n a alpha beta c p st Ht. unfold rls_target in Ht. apply Z.eqb_eq in Ht.
  unfold onemax_fa in Ht.
  pose proof (rk_zsum_zero n _ (fun j _ => Z.abs_nonneg (a j - fst st j)) Ht) as H0.
  unfold rls_potential. rewrite (rk_rsum_ext n _ (fun _ => 0)).
  - rewrite rk_rsum_const. ring.
  - intros j Hj. rewrite (H0 j Hj). apply S5_g_zero.
Qed.

Lemma rls_potential_off_target : forall n a alpha beta c p st,
  c >= 0 -> p >= 0 -> rls_inv n st ->
  rls_target n a st = false -> 1 <= rls_potential n a alpha beta c p st.
Proof.
  intros n a alpha beta c p st Hc Hp Hinv Ht. unfold rls_target in Ht.
  apply Z.eqb_neq in Ht. unfold onemax_fa in Ht.
  destruct (rk_zsum_nonzero n _ Ht) as [i [Hi Hz]].
  unfold rls_potential.
  eapply Rle_trans; [|apply (rk_rsum_ge_term n _ i); [|exact Hi]].
  - pose proof (rk_IZR_abs_ge1 _ Hz). pose proof (Hinv i Hi).
    eapply Rle_trans; [|apply rk_g_ge_d]; lra.
  - intros j Hj. pose proof (Hinv j Hj).
    apply rk_g_nonneg; [apply rk_IZR_abs_nonneg | lra | exact Hc | exact Hp].
Qed.

(* The drift of the whole algorithm from the per-position drift (Lemma 8's proof, "using
   P(A_i) = 1/n"): E[g(next)] = g - (1/n) sum_i D(d_i, v_i) <= (1 - delta/n) g. *)
Lemma rls_potential_drift : forall n a alpha beta c p delta st,
  (1 <= n)%nat -> c >= 0 -> p >= 0 ->
  (forall (d : Z) (v : R), IZR d >= 1 -> v >= 1 ->
     rls_drift (IZR d) v alpha beta c p >= delta * rls_g (IZR d) v alpha beta c p) ->
  rls_inv n st ->
  dist_expect (rls_kernel n a alpha beta st) (rls_potential n a alpha beta c p)
  <= (1 - delta / INR n) * rls_potential n a alpha beta c p st.
Proof.
  intros n a alpha beta c p delta st Hn Hc Hp HD Hinv.
  assert (HnR : 0 < INR n) by (apply lt_0_INR; lia).
  set (G := rls_potential n a alpha beta c p st).
  set (g := fun i => rls_g (IZR (Z.abs (a i - fst st i))) (snd st i) alpha beta c p).
  assert (HG : G = rsum n g) by reflexivity.
  unfold rls_kernel. rewrite rk_expect_flat_seq.
  eapply Rle_trans.
  { apply (rk_rsum_le n _ (fun i => 1 / INR n * G + (- (delta / INR n)) * g i)).
    intros i Hi. rewrite rk_position_term by (try exact Hn; try exact Hi; apply Hinv; exact Hi).
    fold G.
    assert (Hd : rls_drift (IZR (Z.abs (a i - fst st i))) (snd st i) alpha beta c p
                 >= delta * g i).
    { unfold g. destruct (Z.eq_dec (Z.abs (a i - fst st i)) 0) as [E|E].
      - rewrite E, rk_drift_zero, S5_g_zero by (apply Hinv; exact Hi). lra.
      - apply HD; [apply rk_IZR_abs_ge1; exact E | apply Hinv; exact Hi]. }
    assert (Hinvn : 0 < 1 / INR n) by (apply S5_div_pos; lra).
    assert (E : 1 / INR n * G + - (delta / INR n) * g i
                = 1 / INR n * (G - delta * g i)) by (field; lra).
    rewrite E. apply Rmult_le_compat_l; lra. }
  rewrite rk_rsum_plus, rk_rsum_const, rk_rsum_scal, <- HG.
  right. field. lra.
Qed.

(* The start is off the target when a <> 0^n, and its potential is at most (1 + 2c)|a|_1^2
   for parameters satisfying C1-C8 (S5.initial-potential, summed). *)
Lemma rls_start_off_target : forall n a,
  onemax_fa n a (fun _ => 0%Z) <> 0%Z -> rls_target n a rls_start = false.
Proof.
  intros n a H. unfold rls_target, rls_start. cbn [fst]. apply Z.eqb_neq. exact H.
Qed.

Lemma rk_g_start : forall (d : Z) alpha beta c p,
  (0 <= d)%Z -> beta > 1/2 -> c > 0 ->
  rls_g (IZR d) 1 alpha beta c p <= (1 + 2 * c) * (IZR d * IZR d).
Proof.
  intros d alpha beta c p Hd Hb Hc.
  destruct (Z.eq_dec d 0) as [E|E].
  - subst d. rewrite S5_g_zero. lra.
  - assert (HD : 1 <= IZR d) by (apply IZR_le; lia).
    set (D := IZR d) in *.
    rewrite S5_g_pos by lra.
    rewrite S5_pen_no by nra.
    assert (HD2 : D <= D * D) by nra.
    assert (HM : Rmax (2 * c * 1) (c * D * D / (2 * 1)) <= 2 * c * (D * D)).
    { apply S5_M_le; [lra | nra |].
      assert (0 <= c * (D * D)) by (apply Rmult_le_pos; nra). nra. }
    nra.
Qed.

Lemma rk_sumsq : forall n h, (forall j, (j < n)%nat -> 0 <= h j) ->
  rsum n (fun i => h i * h i) <= rsum n h ^ 2.
Proof.
  induction n as [|m IH]; intros h H; simpl; [lra|].
  pose proof (IH h (fun j Hj => H j ltac:(lia))).
  pose proof (rk_rsum_nonneg m h (fun j Hj => H j ltac:(lia))).
  pose proof (H m ltac:(lia)).
  assert (0 <= rsum m h * h m) by (apply Rmult_le_pos; lra).
  simpl in *. nra.
Qed.

Lemma rls_start_potential : forall n a alpha beta c p,
  alpha > 1 -> alpha <= 2 -> beta > 1/2 -> beta <= 9/10 -> c > 0 -> p > 0 ->
  rls_potential n a alpha beta c p rls_start
  <= (1 + 2 * c) * IZR (onemax_fa n a (fun _ => 0%Z)) ^ 2.
Proof.
  intros n a alpha beta c p Ha1 Ha2 Hb1 Hb2 Hc Hp.
  unfold rls_potential, rls_start, onemax_fa. cbn [fst snd].
  rewrite rk_IZR_zsum.
  eapply Rle_trans.
  { apply (rk_rsum_le n _ (fun i => (1 + 2 * c) * (IZR (Z.abs (a i - 0)) * IZR (Z.abs (a i - 0))))).
    intros j Hj. apply rk_g_start; [lia | exact Hb1 | exact Hc]. }
  rewrite rk_rsum_scal. apply Rmult_le_compat_l; [lra|].
  apply rk_sumsq. intros j Hj. apply rk_IZR_abs_nonneg.
Qed.
