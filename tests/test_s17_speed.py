"""Issue 16: less CPU per update in the dialogue, and nothing a user reads changes.

The bounds of a ranking round their scores in one call per list, and a question is worded for
a naming of the players once: each must give exactly what the slower way gave.
"""

from __future__ import annotations

import math
import random

from bot.dialogue.matching import _tenths, _tenths_of

# -- rounding a list of scores ------------------------------------------------------------------


def test_rounding_a_list_of_scores_gives_each_score_as_rounding_it_alone() -> None:
    rng = random.Random(17)
    values = [rng.uniform(-600.0, 1600.0) for _ in range(20_000)]
    values += [round(rng.uniform(-300.0, 900.0), 2) for _ in range(20_000)]
    values += [n / 20 for n in range(-4000, 4000)]  # every half tenth: round decides
    values += [0.0, -0.0, 0.05, -0.05, 0.04999999, 2.675, 1e10, -1e10, 123.45]
    for value, alone in zip(values, _tenths_of(values), strict=True):
        assert alone == _tenths(value) and math.copysign(1, alone) == math.copysign(
            1, _tenths(value)
        ), value
