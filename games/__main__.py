"""Command line: `python -m games replay FILE` and `python -m games play GAME` (hot seat).

`python -m games replay FILE --animation OUT.gif` writes the game as the bot's animated
replay instead of printing its state (`--part N`: one hand or round; `--language`), and
`--html OUT.html` as the replay page, one web page that steps through the whole game
(`--language`). The drawing is the renderer's (render/animation.py, render/page.py),
named by a string as the registry names each kind's pictures, so that the rules never
import it."""

from __future__ import annotations

import argparse
import json
import os
import sys

from games.protocol import JSON, StateFormatError
from games.registry import kind_names, load
from games.replay import ReplayStopped, load_file, replay


def _replay(
    path: str,
    animation: str | None = None,
    part: int | None = None,
    language: str = "en",
    page: str | None = None,
) -> int:
    try:
        data = load_file(path)
    except OSError as error:
        print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
        return 1
    except StateFormatError as error:
        print(f"{path} cannot be replayed: {error}", file=sys.stderr)
        return 1
    if animation is not None:
        return _animate(path, data, animation, part, language)
    if page is not None:
        return _page(path, data, page, language)
    try:
        game = replay(data)
    except (StateFormatError, ReplayStopped) as error:
        return _refused(path, error)
    try:
        json.dump(game.state_json(), sys.stdout, indent=1)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Read by `head` or a pager that quit early: not an error. Python's docs advise
        # pointing stdout at devnull so the flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _refused(path: str, error: StateFormatError | ReplayStopped) -> int:
    """What is wrong with the replay file, on stderr; its exit status."""
    if isinstance(error, ReplayStopped):
        print(f"action {error.index} is illegal: {error.error}", file=sys.stderr)
        return 2
    print(f"{path} is not a valid replay file: {error}", file=sys.stderr)
    return 1


def _animate(path: str, data: JSON, out: str, part: int | None, language: str) -> int:
    """The replay file's game as an animated GIF at `out` (exit statuses as `_replay`'s)."""
    draw = load("render.animation:game_animation")
    try:
        made = draw(data, language, part)
    except (StateFormatError, ReplayStopped) as error:
        return _refused(path, error)
    except ValueError as error:  # a part the game did not have
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    try:
        with open(out, "wb") as file:
            file.write(made.data)
    except OSError as error:
        print(f"cannot write {out}: {error.strerror}", file=sys.stderr)
        return 1
    seconds = made.milliseconds / 1000
    size = len(made.data) / 1024
    print(f"{out}: {made.frames} frames, {seconds:.0f} s, {size:.0f} KB", file=sys.stderr)
    return 0


def _page(path: str, data: JSON, out: str, language: str) -> int:
    """The replay file's game as the replay page at `out` (exit statuses as `_replay`'s)."""
    write = load("render.page:replay_page")
    try:
        made = write(data, language).encode()
    except (StateFormatError, ReplayStopped) as error:
        return _refused(path, error)
    try:
        with open(out, "wb") as file:
            file.write(made)
    except OSError as error:
        print(f"cannot write {out}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"{out}: {len(made) / 1024:.0f} KB", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line's parser; the games `play` offers are the registered kinds."""
    top = argparse.ArgumentParser(prog="python -m games")
    commands = top.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="apply a replay file, print the state")
    replay_cmd.add_argument("file")
    drawn = replay_cmd.add_mutually_exclusive_group()
    drawn.add_argument(
        "--animation", metavar="OUT", help="write the game as an animated GIF instead"
    )
    drawn.add_argument(
        "--html", metavar="OUT", help="write the game as a web page to step through instead"
    )
    replay_cmd.add_argument(
        "--part", type=int, metavar="N", help="with --animation only: only the Nth hand or round"
    )
    replay_cmd.add_argument(
        "--language", default="en", help="with --animation or --html: the language of its words"
    )
    play_cmd = commands.add_parser("play", help="a hot-seat game in this terminal")
    play_cmd.add_argument("game", choices=kind_names())
    play_cmd.add_argument("--players", default="ann,bob,cy")
    play_cmd.add_argument("--seed", type=int, default=None)
    return top


def main(argv: list[str] | None = None) -> int:
    top = parser()
    args = top.parse_args(argv)
    if args.command == "replay":
        if args.part is not None and args.animation is None:
            top.error("--part applies to --animation only: a page holds the whole game")
        return _replay(args.file, args.animation, args.part, args.language, args.html)
    from games.cli import play

    return play(args.game, args.players.split(","), args.seed)


if __name__ == "__main__":
    sys.exit(main())
