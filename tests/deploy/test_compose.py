"""compose.yaml read as compose reads it (anchors and merge keys resolved) and held
against the code it runs: no Docker engine runs in CI. `docker compose config` checks
its form where the client is installed (docs/operations.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from bot.core.settings import Secret, load_settings
from tests.deploy.files import ROOT, compose, healthcheck, instruction, stages

SERVICES: dict[str, dict[str, Any]] = compose()["services"]
BOTS = {name: s for name, s in SERVICES.items() if "SHARD_IDS" in s.get("environment", {})}


def run(command: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    inherited = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    return subprocess.run(
        [sys.executable, *command[1:]] if command[0] == "python" else command,
        cwd=ROOT,
        env={**inherited, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_two_shard_processes_run_every_shard_once_with_the_bot_s_own_settings():
    assert len(BOTS) == 2
    shards: list[int] = []
    for name, bot in BOTS.items():
        environment = {key: str(value) for key, value in bot["environment"].items()}
        settings = load_settings({**environment, "DISCORD_TOKEN": "x"}, Path("no.env"))
        assert settings.shard_ids is not None and settings.shard_count == 2, name
        assert isinstance(settings.database_url, Secret), "shards need PostgreSQL"
        assert settings.metrics_port is not None and settings.metrics_host == "0.0.0.0"
        shards += settings.shard_ids
    assert sorted(shards) == [0, 1]


def test_the_bots_wait_for_a_healthy_database_and_a_finished_migration():
    for name, bot in BOTS.items():
        assert bot["depends_on"] == {
            "db": {"condition": "service_healthy"},
            "migrate": {"condition": "service_completed_successfully"},
        }, name
        # Their health check is the image's: /readyz through bot.health.
        assert bot["healthcheck"]["test"] == ["CMD", *healthcheck()]
        assert bot["env_file"] == ".env"
    assert SERVICES["migrate"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert SERVICES["migrate"]["restart"] == "no"
    db = SERVICES["db"]
    assert db["image"].startswith(("postgres:16", "postgres:15"))
    assert "pg_isready" in db["healthcheck"]["test"][1]
    volumes = compose()["volumes"]
    assert any(
        v.split(":")[0] in volumes and v.endswith("/var/lib/postgresql/data") for v in db["volumes"]
    )


def test_the_database_is_reached_through_the_shared_socket_only():
    url = urlsplit(BOTS["bot-0"]["environment"]["DATABASE_URL"])
    socket = parse_qs(url.query)["host"][0]
    mounted = {v.split(":")[1]: v.split(":")[0] for v in SERVICES["db"]["volumes"]}
    assert mounted[socket] in compose()["volumes"]
    for name in [*BOTS, "migrate", "backup"]:
        assert f"{mounted[socket]}:{socket}" in SERVICES[name]["volumes"], name
    # No TCP: so that trusting whoever connects trusts only what mounts the socket.
    assert SERVICES["db"]["command"] == ["postgres", "-c", "listen_addresses="]
    assert "ports" not in SERVICES["db"]


def test_no_secret_is_written_in_the_file():
    for name, service in SERVICES.items():
        assert service.get("env_file", ".env") == ".env", name
        environment = service.get("environment", {})
        for key in environment:
            assert not key.endswith(("TOKEN", "PASSWORD", "SECRET")), f"{name}: {key}"
        url = environment.get("DATABASE_URL")
        if url is not None:
            assert urlsplit(url).password is None and "password" not in url, name


def test_the_migration_service_runs_the_project_s_migration(postgres_url):
    command = SERVICES["migrate"]["command"]
    socket_url = SERVICES["migrate"]["environment"]["DATABASE_URL"]
    assert socket_url == BOTS["bot-0"]["environment"]["DATABASE_URL"]
    done = run(command, DATABASE_URL=postgres_url)
    assert done.returncode == 0, done.stderr
    assert "is at schema version" in done.stdout


def test_the_backup_dumps_on_a_schedule_and_keeps_some_days():
    backup = SERVICES["backup"]
    script = backup["command"][0]
    assert "pg_dump --format=custom" in script and "sleep 86400" in script
    assert '-mtime "+$$BACKUP_KEEP_DAYS" -delete' in script
    assert backup["environment"]["BACKUP_KEEP_DAYS"].startswith("${BACKUP_KEEP_DAYS:-")
    assert any(v.startswith("backups:") for v in backup["volumes"])


def test_each_process_can_serve_the_activity_on_a_port_of_its_own_on_the_host():
    """Off until .env sets ACTIVITY_PORT (as .env.example offers it); then every process
    serves it on the image's address, and each is published on the host's loopback
    only, for the HTTPS host in front (docs/activity.md)."""
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    offered = dict(
        line.removeprefix("#").split("=", 1)
        for line in example.splitlines()
        if line.startswith(("#ACTIVITY_", "#DISCORD_CLIENT_SECRET"))
    )
    image = dict(
        word.split("=", 1)
        for parts in stages()[-1].arguments("ENV")
        for word in parts
        if "=" in word
    )
    (exposed,) = instruction("EXPOSE")
    port = offered["ACTIVITY_PORT"]
    assert port in exposed
    published: list[str] = []
    for name, bot in BOTS.items():
        environment = {key: str(value) for key, value in bot["environment"].items()}
        assert "ACTIVITY_PORT" not in environment, f"{name}: the Activity is the operator's choice"
        dotenv = {"DISCORD_TOKEN": "x", "ACTIVITY_PORT": port, "DISCORD_CLIENT_SECRET": "s"}
        settings = load_settings({**image, **dotenv, **environment}, Path("no.env"))
        assert settings.activity_port == int(port) and settings.activity_host == "0.0.0.0"
        (mapping,) = [m for m in bot["ports"] if m.endswith(f":{port}")]
        host, host_port, _ = mapping.split(":")
        assert host == "127.0.0.1", f"{name}: the Activity's plain HTTP is for the HTTPS host"
        published.append(host_port)
    assert len(set(published)) == len(BOTS)
