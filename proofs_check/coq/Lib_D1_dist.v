(* The probability layer of S5.lemma8-runtime: expectations of finite-support distributions
   (Vocabulary.v: dist, dist_expect, dist_bind), their linearity and monotonicity, Markov's
   inequality, and the laws X_t of a chain stopped at a target (law_at). *)
From Coq Require Import Reals Lra List.
Require Import ZM.Vocabulary.
Open Scope R_scope.

Lemma dx_nil : forall (X : Type) (h : X -> R), dist_expect (@nil (R * X)) h = 0.
Proof. reflexivity. Qed.

Lemma dx_cons : forall (X : Type) (w : R) (x : X) (mu : dist X) (h : X -> R),
  dist_expect ((w, x) :: mu) h = w * h x + dist_expect mu h.
Proof. reflexivity. Qed.

Lemma dx_app : forall (X : Type) (m1 m2 : dist X) (h : X -> R),
  dist_expect (m1 ++ m2) h = dist_expect m1 h + dist_expect m2 h.
Proof.
  intros X m1 m2 h. induction m1 as [|[w x] m1 IH]; simpl.
  - unfold dist_expect; simpl; ring.
  - unfold dist_expect in *; simpl in *. rewrite IH. ring.
Qed.

(* Linearity. *)
Lemma dx_scale : forall (X : Type) (mu : dist X) (k : R) (h : X -> R),
  dist_expect mu (fun x => k * h x) = k * dist_expect mu h.
Proof.
  intros X mu k h. induction mu as [|[w x] mu IH]; unfold dist_expect in *; simpl.
  - ring.
  - rewrite IH. ring.
Qed.

Lemma dx_plus : forall (X : Type) (mu : dist X) (h1 h2 : X -> R),
  dist_expect mu (fun x => h1 x + h2 x) = dist_expect mu h1 + dist_expect mu h2.
Proof.
  intros X mu h1 h2. induction mu as [|[w x] mu IH]; unfold dist_expect in *; simpl.
  - ring.
  - rewrite IH. ring.
Qed.

(* Monotonicity: under non-negative weights, h1 <= h2 on the support gives E[h1] <= E[h2]. *)
Lemma dx_le : forall (X : Type) (mu : dist X) (h1 h2 : X -> R),
  Forall (fun wx => 0 <= fst wx /\ h1 (snd wx) <= h2 (snd wx)) mu ->
  dist_expect mu h1 <= dist_expect mu h2.
Proof.
  intros X mu h1 h2 H. induction H as [|[w x] mu [Hw Hh] _ IH];
    unfold dist_expect in *; simpl in *.
  - lra.
  - assert (w * h1 x <= w * h2 x) by (apply Rmult_le_compat_l; assumption). lra.
Qed.

Lemma dx_nonneg : forall (X : Type) (mu : dist X) (h : X -> R),
  Forall (fun wx => 0 <= fst wx /\ 0 <= h (snd wx)) mu -> 0 <= dist_expect mu h.
Proof.
  intros X mu h H.
  replace 0 with (dist_expect mu (fun _ => 0)).
  - apply dx_le. eapply Forall_impl; [|exact H]. intros [w x]; simpl; tauto.
  - induction mu as [|[w x] mu IH]; unfold dist_expect in *; simpl; [reflexivity|].
    inversion H; subst. rewrite IH by assumption. ring.
Qed.

(* Markov's inequality: P(h >= lambda) <= E[h] / lambda for h >= 0 and lambda > 0. *)
Lemma dx_markov : forall (X : Type) (mu : dist X) (h : X -> R) (lambda : R),
  0 < lambda -> Forall (fun wx => 0 <= fst wx /\ 0 <= h (snd wx)) mu ->
  dist_expect mu (fun x => if Rle_dec lambda (h x) then 1 else 0)
  <= dist_expect mu h / lambda.
Proof.
  intros X mu h lambda Hl H.
  unfold Rdiv. rewrite Rmult_comm, <- dx_scale.
  apply dx_le. eapply Forall_impl; [|exact H]. intros [w x] [Hw Hh]; simpl. split; [exact Hw|].
  destruct (Rle_dec lambda (h x)) as [h1|h1].
  - apply (Rmult_le_reg_l lambda); [exact Hl|]. field_simplify; lra.
  - apply Rmult_le_pos; [apply Rlt_le, Rinv_0_lt_compat; exact Hl|exact Hh].
Qed.

(* Scaling the weights scales the expectation. *)
Lemma dx_map_scale : forall (X : Type) (w : R) (l : dist X) (h : X -> R),
  dist_expect (map (fun wy => (w * fst wy, snd wy)) l) h = w * dist_expect l h.
Proof.
  intros X w l h. induction l as [|[w' y] l IH].
  - unfold dist_expect; simpl; ring.
  - cbn [map fst snd]. rewrite !dx_cons, IH. ring.
Qed.

(* The expectation after one more step is the expectation of the kernel's expectation. *)
Lemma dx_bind : forall (X : Type) (mu : dist X) (K : X -> dist X) (h : X -> R),
  dist_expect (dist_bind mu K) h = dist_expect mu (fun x => dist_expect (K x) h).
Proof.
  intros X mu K h. unfold dist_bind. induction mu as [|[w x] mu IH].
  - reflexivity.
  - cbn [flat_map]. rewrite dx_app, IH, dx_cons. cbn [fst snd].
    rewrite dx_map_scale. reflexivity.
Qed.

(* Extensionality on the support. *)
Lemma dx_ext : forall (X : Type) (mu : dist X) (h1 h2 : X -> R),
  Forall (fun wx => h1 (snd wx) = h2 (snd wx)) mu -> dist_expect mu h1 = dist_expect mu h2.
Proof.
  intros X mu h1 h2 H. induction H as [|[w x] mu Hx _ IH]; [reflexivity|].
  rewrite !dx_cons, IH. simpl in Hx. rewrite Hx. reflexivity.
Qed.

(* Support: non-negative weights and a property P of the values carry over to a bind. *)
Lemma bind_support : forall (X : Type) (P : X -> Prop) (mu : dist X) (K : X -> dist X),
  Forall (fun wx => 0 <= fst wx /\ P (snd wx)) mu ->
  (forall x, P x -> Forall (fun wy => 0 <= fst wy /\ P (snd wy)) (K x)) ->
  Forall (fun wy => 0 <= fst wy /\ P (snd wy)) (dist_bind mu K).
Proof.
  intros X P mu K Hmu HK. unfold dist_bind.
  induction Hmu as [|[w x] mu [Hw Hx] _ IH]; simpl in *; [constructor|].
  apply Forall_app; split; [|exact IH].
  apply Forall_map. eapply Forall_impl; [|exact (HK x Hx)].
  intros [w' y] [Hw' Hy]; simpl. split; [apply Rmult_le_pos; assumption|exact Hy].
Qed.

(* The laws of the stopped chain: their support stays in an invariant set Inv that the
   kernel preserves off the target, with non-negative weights, and their total weight is 1. *)

(* A kernel fit for these laws: off the target, on Inv, the law of the next state is a
   probability distribution whose support stays in Inv. *)
Record kernel_ok {X : Type} (K : X -> dist X) (target : X -> bool) (Inv : X -> Prop) : Prop := {
  ko_prob : forall x, Inv x -> target x = false -> dist_is_prob (K x);
  ko_inv : forall x, Inv x -> target x = false -> Forall (fun wy => Inv (snd wy)) (K x)
}.

Lemma stopped_support : forall (X : Type) (K : X -> dist X) target Inv,
  kernel_ok K target Inv -> forall x, Inv x ->
  Forall (fun wy => 0 <= fst wy /\ Inv (snd wy)) (stopped_kernel K target x).
Proof.
  intros X K target Inv HK x Hx. unfold stopped_kernel. destruct (target x) eqn:E.
  - constructor; [simpl; split; [lra|exact Hx]|constructor].
  - destruct (ko_prob _ _ _ HK x Hx E) as [Hw _]. pose proof (ko_inv _ _ _ HK x Hx E) as Hi.
    clear -Hw Hi. induction (K x) as [|wy l IH]; [constructor|].
    inversion Hw; inversion Hi; subst. constructor; [split; assumption|apply IH; assumption].
Qed.

Lemma law_support : forall (X : Type) (K : X -> dist X) target Inv,
  kernel_ok K target Inv -> forall x0 t, Inv x0 ->
  Forall (fun wx => 0 <= fst wx /\ Inv (snd wx)) (law_at K target x0 t).
Proof.
  intros X K target Inv HK x0 t H0. induction t as [|t IH]; simpl.
  - constructor; [simpl; split; [lra|exact H0]|constructor].
  - apply bind_support; [exact IH|exact (stopped_support X K target Inv HK)].
Qed.

Lemma stopped_mass : forall (X : Type) (K : X -> dist X) target Inv,
  kernel_ok K target Inv -> forall x, Inv x ->
  dist_expect (stopped_kernel K target x) (fun _ => 1) = 1.
Proof.
  intros X K target Inv HK x Hx. unfold stopped_kernel. destruct (target x) eqn:E.
  - unfold dist_expect; simpl; ring.
  - destruct (ko_prob _ _ _ HK x Hx E) as [_ Hm]. exact Hm.
Qed.

Lemma law_mass : forall (X : Type) (K : X -> dist X) target Inv,
  kernel_ok K target Inv -> forall x0 t, Inv x0 ->
  dist_expect (law_at K target x0 t) (fun _ => 1) = 1.
Proof.
  intros X K target Inv HK x0 t H0. induction t as [|t IH]; simpl.
  - unfold dist_expect; simpl; ring.
  - rewrite dx_bind. transitivity (dist_expect (law_at K target x0 t) (fun _ => 1));
      [|exact IH]. apply dx_ext.
    eapply Forall_impl; [|exact (law_support X K target Inv HK x0 t H0)].
    intros [w x] [_ Hx]; simpl. apply (stopped_mass X K target Inv HK); exact Hx.
Qed.
