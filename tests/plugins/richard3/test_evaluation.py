"""The search agent's estimate of each house's chances (banneret_richard3.evaluation): its
inputs counted exactly on an arranged board, and its direction on each of them."""

from __future__ import annotations

import pytest

from banneret.ismcts import evaluate
from banneret_richard3.evaluation import FEATURES, WEIGHTS, chances, features
from banneret_richard3.state import DEAD

from r3_helpers import clear_map, data, new, put


def arranged():
    s = new(60)
    clear_map(s)
    put(s, "henry_vi", "middlesex", 3)  # heir + London: support 2
    put(s, "oxford", "essex", 2)  # noble: support 1
    put(s, "lancaster_bombard", "kent", 3)  # strength only
    put(s, "somerset", "france", 4)  # exile: neither support nor strength
    put(s, "norfolk", "east_anglia", 3)  # York noble: support 1
    put(s, "rebel", "sussex", 2)  # fights for York (the PRETENDER), counts no support
    return s


def test_the_inputs_are_counted_as_lancasters_lead():
    s = arranged()
    d = data(s)
    d.king, d.campaign, d.last_campaign = "lancaster", 1, 3
    found = features(d)
    heirs = d.heirs_alive("lancaster") - d.heirs_alive("york")
    assert found == {
        "bias": 1.0, "king": 1.0, "support": 2.0, "heirs": float(heirs),
        "strength": (3 + 2 + 3) - (3 + 2), "king_late": pytest.approx(1 / 3), "support_late": pytest.approx(2 / 3),
    }
    d.campaign = 3  # the last campaign: "late" is 1
    assert features(d)["king_late"] == 1.0 and features(d)["support_late"] == 2.0
    assert set(found) == set(FEATURES) == set(WEIGHTS)


def test_the_chances_add_up_to_one_and_reach_the_search_through_the_hook():
    s = arranged()
    found = chances(data(s))
    assert found["lancaster"] + found["york"] == pytest.approx(1.0)
    assert 0.0 < found["lancaster"] < 1.0
    assert evaluate(s) == pytest.approx(found)


@pytest.mark.parametrize("change", ["more strength", "more support", "a York heir dies", "the throne at the end"])
def test_each_input_moves_the_estimate_the_way_the_rules_make_it_matter(change):
    s = arranged()
    d = data(s)
    d.king, d.campaign, d.last_campaign = "york", 3, 3
    before = chances(d)["lancaster"]
    if change == "more strength":
        d.steps["lancaster_bombard"] = 4
    elif change == "more support":
        put(s, "beaumont", "essex", 1)
    elif change == "a York heir dies":
        put(s, "march", DEAD)
    else:
        d.king = "lancaster"
    assert chances(d)["lancaster"] > before
