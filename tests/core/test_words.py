"""The words helpers (:mod:`banneret.words`): a possessive that does not write "normans's"."""

from banneret.words import possessive


def test_a_name_takes_apostrophe_s():
    assert [possessive(n) for n in ("york", "lancaster", "blue", "Roger")] == ["york's", "lancaster's", "blue's", "Roger's"]


def test_a_name_ending_in_s_takes_the_apostrophe_alone():
    assert [possessive(n) for n in ("normans", "byzantines", "NORMANS")] == ["normans'", "byzantines'", "NORMANS'"]
