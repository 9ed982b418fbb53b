"""`python -m bot.health [--wait SECONDS]`: whether the bot process on this machine can
serve players, from its `/readyz` (docs/operations.md). For a container's HEALTHCHECK and
systemd's ExecStartPost, where curl may not be installed: standard library only.

It asks http://127.0.0.1:METRICS_PORT/readyz (METRICS_HOST instead, when the bot listens
on one address only). Exit status 0 when the answer is 200; else 1, with the answer or
why none came. `--wait N` asks again every second for up to N seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence

TIMEOUT = 5.0
"""Seconds one question may take: `/readyz` gives the database 2 seconds."""
# The bot is on this machine: an HTTP_PROXY set for the bot's own traffic must not carry this.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def ask(url: str) -> tuple[bool, str]:
    """Whether `url` answered 200, and what it said (or why it said nothing)."""
    try:
        with OPENER.open(url, timeout=TIMEOUT) as answer:
            return answer.status == 200, answer.read().decode(errors="replace").strip()
    except urllib.error.HTTPError as error:  # 503: the bot says why it is not ready
        return False, error.read().decode(errors="replace").strip() or str(error)
    except (OSError, ValueError) as error:
        return False, f"no answer from {url}: {error}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.health", description=__doc__)
    parser.add_argument("--wait", type=float, default=0.0, metavar="SECONDS")
    args = parser.parse_args(argv)
    port = os.environ.get("METRICS_PORT", "").strip()
    if not port:
        print("METRICS_PORT is not set: the bot serves no health checks", file=sys.stderr)
        return 1
    host = os.environ.get("METRICS_HOST", "").strip()
    host = "127.0.0.1" if host in ("", "0.0.0.0", "::") else host
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}/readyz"
    deadline = time.monotonic() + args.wait
    ready, said = ask(url)
    while not ready and (left := deadline - time.monotonic()) > 0:
        time.sleep(min(1.0, left))
        ready, said = ask(url)
    print(said, file=sys.stdout if ready else sys.stderr)
    return 0 if ready else 1


if __name__ == "__main__":
    sys.exit(main())
