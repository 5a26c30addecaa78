"""Whole percents for narrow boxes: short, and never saying all or none when it is not."""
import pytest

from core.stats import whole_percent


@pytest.mark.parametrize("share,text", [
    (1.0, "100%"), (0.0, "0%"), (0.5, "50%"), (0.973, "97%"),
    (0.9973, "99%"),  # 369 of 370 letters: not all of them
    (0.004, "<1%"),  # 1 of 250: not none
    (0.995, "99%"), (0.01, "1%"),
])
def test_whole_percent_is_short_and_never_rounds_to_all_or_none(share, text):
    assert whole_percent(share) == text
