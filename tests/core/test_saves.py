"""Saved games: the record round-trips, and every kind of bad file is one SaveError with a
clear sentence (and nothing in it is ever executed)."""

from __future__ import annotations

import json
import pickle

import pytest

import banneret
from banneret import saves
from banneret.errors import SaveError
from banneret.registry import registry_from

import toys

REG = registry_from([toys])
MOVES = [("north", "bid 3"), ("south", "bid 1"), ("south", "challenge"), ("north", "bid 2"), ("south", "bid 2")]


def played(seed: int = 2) -> banneret.State:
    state = banneret.new_game("duel", seed=seed, registry=REG)
    for player, label in MOVES:
        banneret.apply(state, banneret.find_action(state, player, label))
    return state


def hashes_of(state) -> list[str]:
    return [h for _, h in saves.replay_steps(
        {"game": "duel", "seed": state.seed, "options": state.options, "players": 2, "scenario": "standard"},
        state.record, REG)]


def test_the_record_holds_set_up_actions_and_hashes():
    state = played()
    record = saves.to_record(state)
    hashes = hashes_of(state)
    assert record == {
        "format": "banneret-save",
        "format_version": 1,
        "game": "duel",
        "game_version": "1",
        "scenario": "standard",
        "options": {"target": 3},
        "players": 2,
        "seed": 2,
        "seats": {"north": "human", "south": "human"},
        "actions": [{"player": p, "action": a, "hash": h} for (p, a), h in zip(MOVES, hashes)],
        "final_hash": banneret.state_hash(state),
    }
    assert hashes[-1] == banneret.state_hash(state)


def test_save_and_load_through_a_file(tmp_path):
    state = played()
    path = tmp_path / "duel.json"
    banneret.save(state, path)
    assert [p.name for p in tmp_path.iterdir()] == ["duel.json"]  # no temporary file left
    loaded = banneret.load(path, REG)
    assert banneret.state_hash(loaded) == banneret.state_hash(state)
    assert loaded.record == state.record and loaded.log == state.log


def test_saving_where_nothing_can_be_written(tmp_path):
    with pytest.raises(SaveError, match=r"cannot write .*missing.*duel.json"):
        banneret.save(played(), tmp_path / "missing" / "duel.json")


def test_saving_onto_a_folder_leaves_no_file_beside_it(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    with pytest.raises(SaveError, match=r"cannot write .*games: it is a folder"):
        banneret.save(played(), folder)
    assert [p.name for p in tmp_path.iterdir()] == ["games"]  # no games.tmp


def test_a_failed_rename_leaves_no_temporary_file(tmp_path, monkeypatch):
    def refuse(self, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(tmp_path), "replace", refuse)
    with pytest.raises(SaveError, match="cannot write .*duel.json: Permission denied"):
        banneret.save(played(), tmp_path / "duel.json")
    assert list(tmp_path.iterdir()) == []


def record_with(**changes) -> dict:
    record = saves.to_record(played())
    record.update(changes)
    return record


def load_text(tmp_path, text: str | bytes) -> banneret.State:
    path = tmp_path / "save.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return banneret.load(path, REG)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(SaveError, match=r"cannot read .*nothing.json: No such file or directory"):
        banneret.load(tmp_path / "nothing.json", REG)
    with pytest.raises(SaveError, match="cannot read"):
        banneret.load(tmp_path, REG)


def test_truncated_file(tmp_path):
    text = json.dumps(saves.to_record(played()))
    with pytest.raises(SaveError, match=r"is not valid JSON \(truncated or damaged\?\)"):
        load_text(tmp_path, text[: len(text) // 2])


def test_binary_file(tmp_path):
    with pytest.raises(SaveError, match="is not a text file"):
        load_text(tmp_path, b"\xff\xfe\x00\x81garbage")


def test_a_pickle_is_never_unpickled(tmp_path):
    marker = tmp_path / "executed"

    class Payload:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    with pytest.raises(SaveError, match="is not (valid JSON|a text file)"):
        load_text(tmp_path, pickle.dumps(Payload(), protocol=0))
    assert not marker.exists()


def test_deeply_nested_json_is_refused(tmp_path):
    with pytest.raises(SaveError, match="is not valid JSON"):
        load_text(tmp_path, "[" * 200_000 + "]" * 200_000)


def test_too_large_file(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_BYTES", 100)
    with pytest.raises(SaveError, match="is too large to be a save file"):
        load_text(tmp_path, json.dumps(saves.to_record(played())))


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"hello": "world"}, "this is not a Banneret save file"),
        ([1, 2, 3], "this is not a Banneret save file"),
        ("banneret-save", "this is not a Banneret save file"),
        ({"format": "banneret-save"}, "the save file has no format version"),
        ({"format": "banneret-save", "format_version": "1"}, "the save file has no format version"),
    ],
)
def test_foreign_json(record, message):
    with pytest.raises(SaveError, match=message):
        saves.from_record(record, REG)


def test_newer_format():
    with pytest.raises(SaveError, match="the save file is format 2; this Banneret reads format 1 and older"):
        saves.from_record(record_with(format_version=2), REG)


def test_unknown_game():
    with pytest.raises(SaveError, match="this save is for the game 'chess', which is not installed"):
        saves.from_record(record_with(game="chess"), REG)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": "2"}, "the save file's 'seed' is missing or not a whole number"),
        ({"seed": 2.0}, "the save file's 'seed' is missing or not a whole number"),
        ({"players": True}, "the save file's 'players' is missing or not a whole number"),
        ({"options": None}, "the save file's 'options' is missing or not an object"),
        ({"seats": {"north": 1}}, "the save file's seats must map factions to player kinds"),
        ({"actions": "bid 3"}, "the save file has no list of actions"),
        ({"actions": [{"player": "north"}]}, "action 1 of the save file is malformed"),
        ({"actions": [{"player": "north", "action": "bid 3", "hash": 5}]}, "action 1 of the save file has a malformed hash"),
        ({"final_hash": 12}, "the save file's final hash is malformed"),
        ({"options": {"target": 9}}, r"the save's set-up is not accepted: option target must be one of 2, 3, 4, 5, not 9"),
        ({"players": 5}, r"the save's set-up is not accepted: duel is played by 2 players, not 5"),
        ({"seats": {"north": "oracle"}}, r"the save's set-up is not accepted: unknown kind of player 'oracle'"),
    ],
)
def test_malformed_fields(changes, message):
    with pytest.raises(SaveError, match=message):
        saves.from_record(record_with(**changes), REG)


def test_an_action_that_no_longer_applies():
    record = record_with()
    record["actions"][1]["action"] = "bid 7"
    with pytest.raises(SaveError, match=r"step 2 of the save does not replay: south cannot 'bid 7' now"):
        saves.from_record(record, REG)


def test_an_edited_step_hash():
    record = record_with()
    record["actions"][2]["hash"] = "0123456789abcdef"
    with pytest.raises(SaveError, match=r"step 3 of the save replays to a different state than was saved"):
        saves.from_record(record, REG)
    assert saves.from_record(record, REG, check_hashes=False).step == 5


def test_an_edited_final_hash():
    with pytest.raises(SaveError, match="the saved game replays to a different final state than was saved"):
        saves.from_record(record_with(final_hash="0123456789abcdef"), REG)


def test_an_edited_seed_is_caught_by_the_hashes():
    with pytest.raises(SaveError, match="step 1 of the save replays to a different state"):
        saves.from_record(record_with(seed=3), REG)


def test_hashes_are_optional():
    record = record_with(final_hash=None)
    for item in record["actions"]:
        del item["hash"]
    assert banneret.state_hash(saves.from_record(record, REG)) == banneret.state_hash(played())


def test_a_loaded_game_goes_on_like_the_original():
    """The loaded game goes on exactly like the original."""
    state = played()
    loaded = saves.from_record(json.loads(json.dumps(saves.to_record(state))), REG)
    for s in (state, loaded):
        banneret.apply(s, banneret.find_action(s, "north", "bid 1"))
    assert banneret.state_hash(state) == banneret.state_hash(loaded)


# --- saves that outlive code changes: the notice and migrate ----------------------------------------

def write(tmp_path, record, name="old.json"):
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def test_a_save_of_another_game_version_loads_with_one_notice(tmp_path):
    path = write(tmp_path, record_with(game_version="0.9"))
    with pytest.warns(saves.SaveNotice) as caught:
        state = saves.load(path, REG)
    assert state.step == 5
    assert [str(w.message) for w in caught] == [
        f"{path}: this save was written by duel 0.9 and replays the same under duel 1; "
        "banneret migrate FILE brings it up to date"
    ]
    assert saves.from_record(record_with(game_version="0.9"), REG).step == 5  # strict: the hashes match


def test_a_save_whose_hashes_drifted_loads_with_a_notice_naming_the_step(tmp_path):
    record = record_with()
    record["actions"][2]["hash"] = "0123456789abcdef"  # as if the state's identity had changed
    notices: list[str] = []
    state = saves.from_record(record, REG, notice=notices.append)
    assert banneret.state_hash(state) == banneret.state_hash(played())
    assert notices == [
        "this save replays to other states than it recorded from step 3 on, under the same version of duel (1): "
        "the file was edited, or the rules changed without a new version; banneret migrate FILE records the "
        "states it gives now"
    ]
    notices.clear()
    saves.from_record(record_with(final_hash="0123456789abcdef"), REG, notice=notices.append)
    assert notices and "replays to other states than it recorded at its end" in notices[0]


def test_a_current_save_loads_without_a_notice(tmp_path, recwarn):
    saves.load(write(tmp_path, record_with()), REG)
    assert not [w for w in recwarn if issubclass(w.category, saves.SaveNotice)]


def test_a_save_that_no_longer_replays_still_fails_to_load(tmp_path):
    record = record_with(game_version="0.9")
    record["actions"][1]["action"] = "bid 7"
    with pytest.raises(SaveError, match=r"step 2 of the save does not replay: south cannot 'bid 7' now: it is not a legal action"):
        saves.load(write(tmp_path, record), REG)


def test_migrate_rewrites_hashes_and_version(tmp_path):
    old = record_with(game_version="0.9")
    for item in old["actions"][3:]:
        item["hash"] = "0123456789abcdef"
    old["final_hash"] = "0123456789abcdef"
    path = write(tmp_path, old)
    migration = saves.migrate(path, registry=REG)
    assert migration.first_changed == 4 and migration.steps == 5
    assert (migration.old_version, migration.new_version) == ("0.9", "1")
    assert migration.summary() == "5 steps replayed (duel 0.9 -> 1); hashes rewritten from step 4 on"
    assert json.loads(path.read_text()) == record_with()  # exactly what saving the game now writes
    assert saves.migrate(path, registry=REG).first_changed is None  # a second run changes nothing


def test_migrate_to_another_file_leaves_the_original(tmp_path):
    path = write(tmp_path, record_with(game_version="0.9"))
    before = path.read_text()
    saves.migrate(path, tmp_path / "new.json", REG)
    assert path.read_text() == before
    assert json.loads((tmp_path / "new.json").read_text())["game_version"] == "1"


FINISHED_AT_TARGET_2 = [  # seed 2, target 2: north wins at step 6
    {"player": p, "action": a} for p, a in [("north", "bid 1"), ("south", "bid 3"), ("north", "accept"),
                                            ("north", "bid 1"), ("south", "bid 2"), ("north", "challenge")]
]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["actions"][1].update(action="bid 7"),
         r"step 2 of the save does not replay: south cannot 'bid 7' now: it is not a legal action"),
        (lambda r: r["actions"][2].update(player="north"),
         r"step 3 of the save does not replay: north cannot 'challenge' now: it is south's decision"),
        (lambda r: r.update(options={"target": 2}, actions=FINISHED_AT_TARGET_2 + [{"player": "south", "action": "bid 1"}]),
         r"step 7 of the save does not replay: south cannot 'bid 1' now: the game is already over"),
    ],
)
def test_migrate_names_the_step_that_no_longer_replays_and_writes_nothing(tmp_path, edit, message):
    record = record_with()
    edit(record)
    path = write(tmp_path, record)
    before = path.read_text()
    with pytest.raises(SaveError, match=message):
        saves.migrate(path, tmp_path / "new.json", REG)
    assert path.read_text() == before and not (tmp_path / "new.json").exists()
