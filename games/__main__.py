"""Command line: `python -m games replay FILE` and `python -m games play GAME` (hot seat)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from games.protocol import StateFormatError
from games.registry import kind_names
from games.replay import ReplayStopped, load_file, replay


def _replay(path: str) -> int:
    try:
        data = load_file(path)
    except OSError as error:
        print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
        return 1
    except StateFormatError as error:
        print(f"{path} cannot be replayed: {error}", file=sys.stderr)
        return 1
    try:
        game = replay(data)
    except StateFormatError as error:
        print(f"{path} is not a valid replay file: {error}", file=sys.stderr)
        return 1
    except ReplayStopped as stop:
        print(f"action {stop.index} is illegal: {stop.error}", file=sys.stderr)
        return 2
    try:
        json.dump(game.state_json(), sys.stdout, indent=1)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Read by `head` or a pager that quit early: not an error. Python's docs advise
        # pointing stdout at devnull so the flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line's parser; the games `play` offers are the registered kinds."""
    top = argparse.ArgumentParser(prog="python -m games")
    commands = top.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="apply a replay file, print the state")
    replay_cmd.add_argument("file")
    play_cmd = commands.add_parser("play", help="a hot-seat game in this terminal")
    play_cmd.add_argument("game", choices=kind_names())
    play_cmd.add_argument("--players", default="ann,bob,cy")
    play_cmd.add_argument("--seed", type=int, default=None)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    from games.cli import play

    return play(args.game, args.players.split(","), args.seed)


if __name__ == "__main__":
    sys.exit(main())
