(* S2.multiplicative-drift (TeX l. 340-358): the multiplicative drift theorem, for Markov chains
   whose every state has a finite-support law of the next state; E[T] = sum_{t >= 0} P(T > t). *)
From Coq Require Import Reals Lra List.
Require Import ZM.Vocabulary ZM.Statements.
Require Import ZM.Lib_D1_dist ZM.Lib_D2_drift.
Open Scope R_scope.

Theorem S2_multiplicative_drift : S2_multiplicative_drift_statement.
Proof.
  unfold S2_multiplicative_drift_statement.
  intros X K target g xmin delta x0 Hprob Hg0 Hgt Hgm Hxmin Hd Hdrift Hx0.
  apply (multiplicative_drift X K target (fun _ => True) g xmin delta); [|exact I|exact Hx0].
  constructor; [constructor|..]; auto.
  intros y _ _. apply Forall_forall. intros; exact I.
Qed.
