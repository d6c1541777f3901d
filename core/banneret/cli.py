"""The ``banneret`` command: the launcher, game lists and details, terminal play, batch
simulation, replays and save migration.

``main(argv, registry=None, ask=None, out=None)`` runs one command and returns its exit
code: 0 when all went well, 2 for bad input (an unknown game, a bad option, seat or save
file: one line on stderr naming the problem), 1 for anything unexpected. Tests and
embedding applications may pass their own ``registry``, and for the interactive commands
(``play``, ``replay``, the launcher) their own ``ask(prompt) -> str`` in place of ``input``
and ``out(text)`` in place of ``print``; otherwise the installed plugins are used, or, with
``--plugin MODULE``, only the plugins in the importable modules named (handy for trying a
game before packaging it; worker processes of ``simulate --jobs`` import them too).
A save that loads with a :class:`~banneret.saves.SaveNotice` (another game version, or
hashes that no longer match) is shown as one ``note:`` line through ``out``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import warnings
from typing import Any, Callable, Iterator, Sequence

from banneret import __version__, engine
from banneret.cluster import LOCAL
from banneret.errors import BanneretError, OptionError, PluginError, SeatError, shorten_quoted
from banneret.names import pick
from banneret.registry import Registry
from banneret.saves import SaveNotice, check_writable, migrate
from banneret.session import Match
from banneret.simulate import CHECKS, registry_for, simulate
from banneret.tournament import plot_ratings, pyplot_for, tournament
from banneret.terminal import TerminalGame, default_seats, launcher, new_seed, replay

__all__ = ["main", "build_parser"]

EXIT_OK, EXIT_UNEXPECTED, EXIT_USAGE = 0, 1, 2
DEBUG_ENV = "BANNERET_DEBUG"

EPILOG = """\
examples:
  banneret                                  choose a game and play (interactive)
  banneret list                             the installed games
  banneret info hex_kingdoms                a game's factions, scenarios, options, rules
  banneret play richard3 --seed 7 --seat york=random
  banneret play --load mygame.json          resume a saved game
  banneret simulate hex_kingdoms --games 500 --jobs 4 --json
  banneret replay mygame.json --as lancaster --step
  banneret migrate mygame.json              replay a save under the current rules, rewrite its hashes
"""


# --- small helpers ----------------------------------------------------------------------------

def _pairs(items: Sequence[str] | None, flag: str, form: str, error: type[BanneretError]) -> dict[str, str]:
    """``["a=1", "b=2"]`` -> ``{"a": "1", "b": "2"}``; a malformed item is a clear error."""
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise error(f"{flag} takes {form}, not {item!r}")
        if key in out and out[key] != value:
            raise error(f"{flag} gives {key} twice ({out[key]} and {value}): give it once")
        out[key] = value
    return out


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], title: str) -> None:
    """A rich table on a terminal, aligned plain text otherwise."""
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.table import Table

        table = Table(title=title, title_justify="left")
        for h in headers:
            table.add_column(h)
        for row in rows:
            table.add_row(*row)
        Console().print(table)
        return
    print(f"{title}:")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    for row in (headers, *rows):
        print("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


def _broken(registry: Registry) -> list[dict[str, str]]:
    return [{"name": b.name, "error": b.error} for b in registry.broken]


def _game_id(registry: Registry, typed: str | None) -> str | None:
    """The id of the game asked for, as the game spells it (``Richard3`` -> ``richard3``).
    A game asked for by the name of a plugin that failed to load: say why."""
    if typed is None:
        return None
    broken = {b.name: b.error for b in registry.broken}
    if pick(typed, registry.games()) is None and (name := pick(typed, broken)) is not None:
        raise PluginError(f"the plugin {name} is installed but did not load: {broken[name]}")
    return registry.game(typed).info.id  # an unknown game: the error lists the installed ones


# --- commands ---------------------------------------------------------------------------------

def cmd_list(args: argparse.Namespace, registry: Registry) -> int:
    infos = registry.infos()
    broken = _broken(registry)
    if args.json:
        games = [
            {
                "id": i.id, "name": i.name, "version": i.version, "description": i.description,
                "min_players": i.min_players, "max_players": i.max_players, "factions": list(i.factions),
            }
            for i in infos
        ]
        _print_json({"games": games, "broken": broken})
        return EXIT_OK
    if infos:
        rows = [(i.id, i.name, i.players_text, i.description) for i in infos]
        _table(("id", "name", "players", "description"), rows, "Installed games")
    else:
        print("No games are installed.")
    if broken:
        print()
        _table(("plugin", "error"), [(b["name"], b["error"]) for b in broken], "Broken plugins")
    return EXIT_OK


def game_details(registry: Registry, game_id: str) -> dict[str, Any]:
    """Everything ``banneret info`` shows, as JSON-ready data."""
    game = registry.game(game_id)
    info = game.info
    return {
        "id": info.id,
        "name": info.name,
        "version": info.version,
        "description": info.description,
        "rules_summary": info.rules_summary,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "factions": list(info.factions),
        "hidden_information": info.hidden_information,
        "max_decisions": info.max_decisions,
        "scenarios": [{"name": s.name, "description": s.description} for s in info.scenarios],
        "options": [
            {
                "name": o.name, "default": o.default,
                "choices": None if o.choices is None else list(o.choices), "help": o.help,
            }
            for o in info.options
        ],
        "variants": [{"name": n, "description": v.description} for n, v in registry.variants(game_id).items()],
        "agents": list(registry.agents(game_id)),
        "sequence_of_play": list(game.sequence_of_play()),
        "coverage": info.coverage,
    }


def cmd_info(args: argparse.Namespace, registry: Registry) -> int:
    d = game_details(registry, args.game)
    info = registry.game(args.game).info
    if args.json:
        _print_json(d)
        return EXIT_OK
    lines = [
        f"{d['name']} ({d['id']}), version {d['version']}",
        d["description"],
        f"Rules in brief: {d['rules_summary']}",
        f"Players: {info.players_text}",
        f"Factions: {', '.join(d['factions'])}",
        f"Hidden information: {'yes' if d['hidden_information'] else 'no'}",
        f"Longest game: {d['max_decisions']} decisions at most (the bound the game declares)",
        "Scenarios (--scenario NAME; the first is the default):",
        *(f"  {s['name']}: {s['description']}" for s in d["scenarios"]),
    ]
    lines.append("Options (--option NAME=VALUE):" if d["options"] else "Options: none")
    for o, spec in zip(d["options"], info.options):  # game_details lists them in the same order
        choices = f" (choices: {', '.join(str(c) for c in o['choices'])})" if o["choices"] else ""
        lines.append(f"  {o['name']} = {spec.shown_default}{choices}: {o['help']}")
    lines.append(f"House-rule variants (--option {engine.VARIANT_OPTION}=NAME):" if d["variants"] else "House-rule variants: none installed")
    lines += [f"  {v['name']}: {v['description']}" for v in d["variants"]]
    lines.append(f"Agents (--seat FACTION=AGENT): {', '.join(d['agents'])}")
    lines.append("Sequence of play:")
    lines += [f"  {line}" for line in d["sequence_of_play"]] or ["  (not declared)"]
    lines.append(f"Rules coverage: {d['coverage'] or 'not stated'}")
    print("\n".join(lines))
    return EXIT_OK


def _setup(args: argparse.Namespace) -> tuple[dict[str, str], dict[str, str]]:
    return (
        _pairs(args.option, "--option", "KEY=VALUE", OptionError),
        _pairs(args.seat, "--seat", "FACTION=KIND", SeatError),
    )


def cmd_play(args: argparse.Namespace, registry: Registry) -> int:
    options, seats = _setup(args)
    if args.load:
        given = [n for n, v in (("--seed", args.seed), ("--scenario", args.scenario),
                                ("--players", args.players), ("--option", args.option)) if v is not None]
        if given:
            raise OptionError(f"--load takes the set-up from the save file; drop {', '.join(given)}")
        match = Match.load(args.load, registry, seats)
        if args.game is not None and args.game != match.state.game_id:
            raise OptionError(f"{args.load} is a game of {match.state.game_id}, not {args.game}")
    else:
        if args.game is None:
            raise OptionError("name a game to play (see: banneret list), or use --load FILE")
        probe = engine.new_game(args.game, 0, None, options, args.scenario, args.players, registry=registry)
        chosen = engine.resolve_seats(registry, args.game, probe.factions, seats,
                                      base=default_seats(registry, args.game, probe.factions))
        seed = new_seed() if args.seed is None else args.seed
        match = Match.start(args.game, seed, chosen, options, args.scenario, args.players, registry=registry)
    if args.save is not None:
        check_writable(args.save)  # before the game, not after it
    return TerminalGame(match, ask=args.ask, out=args.out or print, save_to=args.save).run()


CHECKS_SAID = {
    "every": "checked after every step",
    "end": "checked on each game's final state only",
    "none": "not checked: --checks none",
}
"""How the text report of ``simulate`` says when invariants were checked."""


def cmd_simulate(args: argparse.Namespace, registry: Registry | None) -> int:
    options, seats = _setup(args)
    if args.games < 0:
        raise OptionError(f"--games must not be negative, not {args.games}")
    if args.jobs < 1:
        raise OptionError(f"--jobs must be at least 1, not {args.jobs}")
    progress = None
    on_game: Callable[[int], None] | None = None
    if not args.json and sys.stderr.isatty() and args.games:
        from rich.console import Console
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
        task = progress.add_task(f"{args.game}", total=args.games)
        on_game = lambda done: progress.update(task, completed=done)  # noqa: E731
    try:
        if progress is not None:
            progress.start()
        report = simulate(
            args.game, games=args.games, seed=args.seed, agent=args.agent, seats=seats, options=options,
            scenario=args.scenario, players=args.players, max_turns=args.max_turns, jobs=args.jobs,
            registry=registry, plugins=tuple(args.plugin or ()), on_game=on_game, own_process=registry is None,
            checks=args.checks, ray=args.ray,
        )
    finally:
        if progress is not None:
            progress.stop()
    r = report.as_dict()
    if args.json:
        _print_json(r)
        return EXIT_OK
    seats_text = ", ".join(f"{f} {k}" for f, k in r["seats"].items())
    options_text = "".join(f"{k}={v}; " for k, v in r["options"].items())
    print(f"{r['game']}: {r['games']} games from seed {r['seed']} ({r['scenario']}; {options_text}{seats_text})")
    print(f"  {r['seconds']} s: {r['games_per_second']} games/s, {r['decisions_per_second']} decisions/s")
    print(f"  finished {r['finished']}, capped {r['capped']} (turns {r['capped_by_turns']}, "
          f"decisions {r['capped_by_decisions']}), errors {r['errors']}")
    _print_reruns(r)
    wins = ", ".join(f"{f} {n}" for f, n in r["wins"].items())
    print(f"  ended by the rules {r['ended_by_rules']}, by the game's own limit {r['ended_by_cap']}")
    print(f"  wins: {wins}; draws {r['draws']}")
    ranked = {f: s for f, s in r["standings"].items() if s["ranked"]}
    if ranked:
        scored = f" (mean {r['score_name']})" if r["score_name"] else ""
        print(f"  mean rank{scored}: " + ", ".join(
            f"{f} {s['mean_rank']}" + (f" ({s['mean_score']})" if s["mean_score"] is not None else "")
            for f, s in ranked.items()))
    print(f"  decisions: {r['decisions']} (mean {r['mean_decisions']}, longest {r['longest_game']}); "
          f"mean turns {r['mean_turns']}")
    if r["events_by_kind"]:
        print("  events: " + ", ".join(f"{k} {n}" for k, n in r["events_by_kind"].items()))
    print(f"  invariant violations: {r['invariant_violations']} ({CHECKS_SAID[r['checks']]})")
    for text in r["invariant_messages"]:
        print(f"    {text}")
    for text in r["error_messages"]:
        print(f"  error: {text}")
    return EXIT_OK


def _print_reruns(report: dict[str, Any]) -> None:
    """The line saying which chunks ran again after a lost Ray worker (none: no line)."""
    chunks, games = report["rerun_chunks"], report["rerun_games"]
    if chunks:
        print(f"  rerun after a lost Ray worker: {chunks} chunk{'s' * (chunks != 1)} ({games} game{'s' * (games != 1)}); "
              "the results are those of a run without loss")


def cmd_tournament(args: argparse.Namespace, registry: Registry | None) -> int:
    agents = [a.strip() for a in _split_agents(args.agents)]
    if not all(agents):
        raise OptionError(f"--agents takes agent names separated by commas, not {args.agents!r}")
    if args.plot is not None:
        pyplot_for(args.plot)  # a missing matplotlib is said before the games, not after
    progress = None
    on_game: Callable[[int, int], None] | None = None
    if not args.json and sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
        task = progress.add_task(f"{args.game} tournament", total=None)
        on_game = lambda done, total: progress.update(task, completed=done, total=total)  # noqa: E731
    try:
        if progress is not None:
            progress.start()
        summary = tournament(
            args.game, agents, args.games, seed=args.seed, scenario=args.scenario, jobs=args.jobs,
            registry=registry, plugins=tuple(args.plugin or ()), on_game=on_game, ray=args.ray,
        )
    finally:
        if progress is not None:
            progress.stop()
    if args.plot is not None:
        plot_ratings(summary, args.plot)
    if args.json:
        _print_json(summary)
        return EXIT_OK
    print(f"{summary['game']} ({summary['scenario']}): {len(summary['pairings'])} pairings x "
          f"{summary['games_per_pairing']} games from seed {summary['seed']}; finished {summary['finished']} "
          f"of {summary['games']}, draws {summary['draws']}; invariants {CHECKS_SAID[summary['checks']]}")
    _print_reruns(summary)
    seats = list(next(iter(summary["agents_table"].values()))["seats"])

    def cell(rate: dict[str, Any]) -> str:
        if not rate["games"]:
            return "-"
        return f"{rate['win_rate']:.0%} [{rate['wilson_low']:.0%}, {rate['wilson_high']:.0%}] of {rate['games']}"

    rows = []
    for agent, line in summary["agents_table"].items():
        rating = summary["ratings"][agent]
        rows.append((agent, f"{rating['elo']:.0f} [{rating['low']:.0f}, {rating['high']:.0f}]", cell(line),
                     *(cell(line["seats"][f]) for f in seats)))
    _table(("agent", "rating", "wins", *(f"as {f}" for f in seats)), rows,
           "Win rates (95 % Wilson intervals) and ratings (Elo scale, 95 % intervals)")
    if args.plot is not None:
        print(f"ratings plotted to {args.plot}")
    return EXIT_OK


def _split_agents(text: str) -> list[str]:
    """``random,ismcts:iterations=50,depth=20`` -> ``["random", "ismcts:iterations=50,depth=20"]``:
    a comma starts a new agent unless the part after it is a parameter (``NAME=VALUE``)."""
    agents: list[str] = []
    for part in text.split(","):
        if agents and ":" in agents[-1] and "=" in part:
            agents[-1] += "," + part
        else:
            agents.append(part)
    return agents


def cmd_replay(args: argparse.Namespace, registry: Registry) -> int:
    interactive = args.ask is not None or sys.stdin.isatty()
    return replay(args.file, registry, viewer=args.as_faction, step=args.step and interactive,
                  ask=args.ask, out=args.out or print)


def cmd_migrate(args: argparse.Namespace, registry: Registry) -> int:
    migration = migrate(args.file, args.out_file, registry)
    target = args.out_file or args.file
    print(f"{args.file}: {migration.summary()}; written to {target}")
    return EXIT_OK


def cmd_serve(args: argparse.Namespace, registry: Registry) -> int:
    from banneret.web.server import serve  # the web stack loads only for this command

    return serve(registry, host=args.host, port=args.port, database=args.database, open_browser=args.open,
                 out=args.out or print)


def cmd_launcher(args: argparse.Namespace, registry: Registry) -> int:
    if args.ask is None and not sys.stdin.isatty():
        print("banneret: the launcher needs an interactive terminal; "
              "use a command instead (banneret --help)", file=sys.stderr)
        return EXIT_USAGE
    return launcher(registry, ask=args.ask, out=args.out or print)


# --- the parser -----------------------------------------------------------------------------------

def _nonneg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    value = _nonneg(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected a number of 1 or more")
    return value


def _port(text: str) -> int:
    value = _nonneg(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {value}")
    return value


def _add_ray_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ray", nargs="?", const=LOCAL, metavar="ADDRESS",
        help="run the games as Ray tasks on the cluster at ADDRESS, or alone on a Ray started for "
        "the run (in place of --jobs; needs pip install 'banneret[cluster]'); same results as --jobs 1",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banneret",
        description="Play and simulate historical board games. Without a command, "
        "an interactive launcher lets you choose a game, its set-up and seats.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"banneret {__version__}")
    parser.set_defaults(run=cmd_launcher, plugin=None)

    plugins = argparse.ArgumentParser(add_help=False)
    plugins.add_argument(
        "--plugin", action="append", metavar="MODULE",
        help="use only the plugins in this importable module instead of the installed ones "
        "(repeatable; for trying a game before packaging it)",
    )
    setup = argparse.ArgumentParser(add_help=False)
    setup.add_argument("--players", type=_positive, metavar="N", help="number of players (default: the most the game allows)")
    setup.add_argument("--scenario", metavar="NAME", help="scenario (default: the game's first; see banneret info)")
    setup.add_argument(
        "--option", action="append", metavar="KEY=VALUE",
        help=f"set a game option (repeatable); {engine.VARIANT_OPTION}=NAME[,NAME] picks house-rule variants",
    )

    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("list", parents=[plugins], help="list the installed games and broken plugins",
                       description="List the installed games, then plugins that failed to load with their error.")
    p.add_argument("--json", action="store_true", help='print {"games": [...], "broken": [...]} as JSON')
    p.set_defaults(run=cmd_list)

    p = sub.add_parser(
        "info", parents=[plugins], help="describe one game",
        description="A game's description, players, factions, scenarios, options, house-rule "
        "variants, computer players, sequence of play and rules coverage.",
        epilog="example:\n  banneret info richard3 --json", formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help="game id (see banneret list)")
    p.add_argument("--json", action="store_true", help="print the details as JSON")
    p.set_defaults(run=cmd_info)

    p = sub.add_parser(
        "play", parents=[setup, plugins], help="play a game in the terminal",
        description="Play in the terminal. Each time a human seat must decide you see the board, "
        "what happened since your last decision, the prompt and the numbered legal actions; "
        "answer with a number or a label, or with undo, save FILE, board, log, help or quit. "
        "Computer seats move on their own.",
        epilog="examples:\n  banneret play richard3 --seed 7\n"
        "  banneret play hex_kingdoms --players 3 --seat red=human --seat blue=random\n"
        "  banneret play --load mygame.json --seat york=human",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", nargs="?", help="game id (optional with --load)")
    p.add_argument("--seed", type=int, metavar="N", help="seed of the game's dice and shuffles (default: a fresh one, printed)")
    p.add_argument(
        "--seat", action="append", metavar="FACTION=KIND",
        help="who plays a faction: human, random or an agent the game offers (repeatable; "
        "default: the first faction human, the others the game's heuristic agent, else random)",
    )
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--save", metavar="FILE", help="save the game to FILE when it ends, you leave, the terminal closes or the process is stopped (checked writable first)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser(
        "simulate", parents=[setup, plugins], help="play many computer games and report",
        description="Batch playouts between computer players. Game i uses seed S+i; the same "
        "seed gives the same report (apart from its timing fields) for any number of jobs. "
        "The plugin's invariants are checked after every step (see --checks); broken "
        "invariants and errors are counted and the batch goes on.",
        epilog="examples:\n  banneret simulate hex_kingdoms --games 1000 --jobs 4\n"
        "  banneret simulate richard3 --agent heuristic --seat york=random --max-turns 3 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help="game id (see banneret list)")
    p.add_argument("--games", type=_nonneg, default=100, metavar="N", help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--agent", default="random", metavar="AGENT", help="agent for every faction (default random)")
    p.add_argument("--seat", action="append", metavar="FACTION=AGENT", help="a different agent for one faction (repeatable)")
    p.add_argument("--max-turns", type=_positive, metavar="T", help="stop a game after T game turns (counted as capped)")
    p.add_argument("--jobs", type=_positive, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument(
        "--checks", choices=CHECKS, default="every",
        help="when to check the plugin's invariants: after every step (default; for Richard III "
        "random games about three quarters of the time), once on each game's final state ('end', "
        "almost free), or never ('none'); errors are caught and counted either way, and the "
        "games and results are the same, only the invariant counts differ",
    )
    _add_ray_option(p)
    p.add_argument("--json", action="store_true", help="print the report as one JSON object (no progress bar)")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser(
        "tournament", parents=[plugins], help="rate computer players against each other",
        description="Play every pairing of the agents from every seat (two players: each ordered "
        "pair of distinct agents; more: each agent in each seat, the next agents round-robin in "
        "the others), N games each from seed S (game i uses seed S+i, the same for any number of "
        "jobs; invariants checked on each game's final state only), and print win rates per agent "
        "and seat with 95 % Wilson intervals and Bradley-Terry ratings on the Elo scale (mean 1500).",
        epilog="examples:\n  banneret tournament richard3 --agents random,heuristic --games 20\n"
        "  banneret tournament richard3 --agents heuristic,ismcts:iterations=50,depth=20 --games 10 --plot elo.png",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="GAME", help="game id (see banneret list)")
    p.add_argument("--agents", required=True, metavar="A,B,...",
                   help="the agents, comma-separated; parameters as in ismcts:iterations=50,depth=20")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games per pairing (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of each pairing's first game (default 0)")
    p.add_argument("--jobs", type=_positive, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--scenario", metavar="NAME", help="scenario (default: the game's first)")
    _add_ray_option(p)
    p.add_argument("--json", action="store_true", help="print the results as one JSON object (no progress bar)")
    p.add_argument("--plot", metavar="FILE", help="draw the ratings to FILE (.png or .svg; needs matplotlib: pip install 'banneret[plot]')")
    p.set_defaults(run=cmd_tournament)

    p = sub.add_parser(
        "replay", parents=[plugins], help="step through a saved game",
        description="Show a saved game action by action, with the events as one faction may "
        "read them (default: everything), and the board at the end.",
        epilog="example:\n  banneret replay mygame.json --as york --step",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a save file (written by save FILE while playing)")
    p.add_argument("--as", dest="as_faction", metavar="FACTION", help="see the game as this faction sees it")
    p.add_argument("--step", action="store_true", help="wait for Enter after each action (on a terminal)")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser(
        "migrate", parents=[plugins], help="bring a save up to date with the installed game",
        description="Replay a save under the installed rules and rewrite its per-step hashes and "
        "game version. If an action no longer replays, say which step (number, player, action "
        "and why) and write nothing.",
        epilog="examples:\n  banneret migrate mygame.json\n  banneret migrate old.json --out new.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a save file")
    p.add_argument("--out", dest="out_file", metavar="FILE", help="write the migrated save here (default: over FILE)")
    p.set_defaults(run=cmd_migrate)

    p = sub.add_parser(
        "serve", parents=[plugins], help="play in the browser: start the local web server",
        description="Start a web server for playing in the browser: a launcher page to set up a "
        "game (seats for people in this browser, people with their own link, or computer "
        "players) and a page per seat with the board. Games are kept in a database and survive "
        "a restart.",
        epilog="examples:\n  banneret serve --open\n  banneret serve --host 0.0.0.0 --port 8080",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 lets "
                   "other machines connect)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000; 0 picks a free one)")
    p.add_argument("--database", metavar="FILE",
                   help="where games are kept (default: banneret/games.sqlite3 in your data folder)")
    p.add_argument("--open", action="store_true", help="open the launcher in your web browser")
    p.set_defaults(run=cmd_serve)
    return parser


@contextlib.contextmanager
def _save_notices(out: Callable[[str], None]) -> Iterator[None]:
    """Show every SaveNotice as one ``note:`` line through ``out``; other warnings as usual."""
    with warnings.catch_warnings():
        warnings.simplefilter("always", SaveNotice)
        shown = warnings.showwarning

        def show(message: Any, category: type[Warning], *rest: Any, **kw: Any) -> None:
            if issubclass(category, SaveNotice):
                out(f"note: {message}")
            else:
                shown(message, category, *rest, **kw)

        warnings.showwarning = show
        yield


def main(
    argv: Sequence[str] | None = None,
    registry: Registry | None = None,
    *,
    ask: Callable[[str], str] | None = None,
    out: Callable[[str], None] | None = None,
) -> int:
    """Run the ``banneret`` command with ``argv`` (default: the process's arguments).

    ``ask`` and ``out`` replace ``input`` and ``print`` for the interactive commands (play,
    replay and the launcher); ``ask`` raises ``EOFError`` when its input ends."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else (EXIT_OK if exc.code is None else EXIT_USAGE)
    args.ask, args.out = ask, out
    if args.plugin and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like python -m: modules in the current folder
    try:
        reg = registry if registry is not None else registry_for(args.plugin or ())
        if hasattr(args, "game"):
            args.game = _game_id(reg, args.game)
        if args.run in (cmd_simulate, cmd_tournament):
            # given no registry, simulate builds its own the way worker processes will
            return args.run(args, registry)
        with _save_notices(out or print):
            return args.run(args, reg)
    except BanneretError as exc:
        print(f"banneret: error: {shorten_quoted(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nbanneret: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (banneret list | head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_UNEXPECTED
    except Exception as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        print(f"banneret: unexpected error: {type(exc).__name__}: {exc} "
              f"(set {DEBUG_ENV}=1 to see where; please report it)", file=sys.stderr)
        return EXIT_UNEXPECTED


if __name__ == "__main__":
    sys.exit(main())
