"""Why each surviving mutant of the mutation record survives (read by ``run_mutation.py``).

Keys are mutmut's mutant names; values are one line: ``equivalent: ...`` (the mutant cannot
change any observable behaviour, with the argument) or ``test added: ...`` (a real gap, killed
by the named test in a later run; kept here for the history of the record).
"""

REASONS: dict[str, str] = {}
