"""``banneret serve`` as a user starts it, and the terminal launcher's way into the browser."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request

import pytest

from banneret import cli


def start_server(tmp_path, *args):
    process = subprocess.Popen(
        [sys.executable, "-m", "banneret.cli", "serve", "--port", "0", "--database", str(tmp_path / "g.sqlite3"), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines = [process.stdout.readline() for _ in range(3)]
    return process, lines


def stop(process) -> str:
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=20)
    return out


def test_serve_prints_its_address_serves_the_launcher_and_stops_on_ctrl_c(tmp_path):
    process, lines = start_server(tmp_path)
    try:
        assert lines[0].startswith(f"Loading the games kept in {tmp_path / 'g.sqlite3'} ...")
        found = re.match(r"Banneret is serving at (http://127\.0\.0\.1:(\d+)/)  \(press Ctrl-C to stop\)", lines[1])
        assert found, lines
        assert lines[2].startswith("0 games loaded.")
        with urllib.request.urlopen(found.group(1), timeout=10) as answer:
            assert answer.status == 200 and b"Banneret" in answer.read()
    finally:
        rest = stop(process)
    assert process.returncode == 0
    assert "Banneret stopped serving; the games are kept." in rest


def test_serve_on_another_address_says_plainly_that_others_can_reach_it(tmp_path):
    process, lines = start_server(tmp_path, "--host", "0.0.0.0")
    try:
        warning = process.stdout.readline()
    finally:
        stop(process)
    assert lines[1].startswith("Banneret is serving at http://0.0.0.0:")
    assert warning.startswith("warning: listening on 0.0.0.0: other machines that can reach this one")


def test_serve_refuses_a_port_in_use(tmp_path, capsys):
    from banneret.web.server import bind

    taken = bind("127.0.0.1", 0)
    try:
        code = cli.main(["serve", "--port", str(taken.getsockname()[1]), "--database", str(tmp_path / "g.sqlite3")])
    finally:
        taken.close()
    assert code == 2
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["65536", "99999"])
def test_serve_refuses_a_port_beyond_the_last_with_a_usage_error(port, capsys):
    assert cli.main(["serve", "--port", port]) == 2
    assert f"a port is a number from 0 to 65535, not {port}" in capsys.readouterr().err


def test_the_terminal_launcher_offers_the_browser(monkeypatch):
    started = {}

    def fake_serve(registry, **kw):
        started.update(kw)
        return 0

    monkeypatch.setattr("banneret.web.server.serve", fake_serve)
    lines: list[str] = []
    answers = iter(["web"])
    assert cli.main([], ask=lambda prompt: next(answers), out=lines.append) == 0
    assert "(or load FILE to resume a saved game; web to play in the browser; quit to leave)" in lines
    assert started["open_browser"] is True and started["port"] == 0


@pytest.mark.parametrize("argv", [["serve", "--port", "-1"], ["serve", "--port", "x"]])
def test_serve_explains_a_bad_port(argv, capsys):
    assert cli.main(argv) == 2
    assert "expected a" in capsys.readouterr().err
