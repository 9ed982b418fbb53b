"""Settings from the environment and `.env`; the token never shows; the entry point's
exit status and message when the token is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.settings import Secret, SettingsError, load_settings, read_env_file


def test_env_file_is_read_and_the_environment_wins(tmp_path):
    env = tmp_path / ".env"
    env.write_text(
        "# comment\nDISCORD_TOKEN='abc.def'\nexport DEV_GUILD_ID=42\nLOG_LEVEL=debug\n\n"
        'DATABASE_PATH="x/y.sqlite3"\n',
        encoding="utf-8",
    )
    settings = load_settings({"LOG_LEVEL": "warning"}, env)
    assert settings.token is not None and settings.token.reveal() == "abc.def"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "WARNING"
    assert settings.database_path == Path("x/y.sqlite3")


def test_defaults_without_any_file(tmp_path):
    settings = load_settings({}, tmp_path / "missing.env")
    assert settings.token is None
    assert settings.database_path == Path("data/bot.sqlite3")
    assert settings.dev_guild_id is None and settings.log_level == "INFO"


def test_the_hard_computer_thinks_within_a_second(tmp_path):
    """Its decisions stay within the one second a decision may take on one core: 0.9 s
    of search by default, and a longer setting is cut to a second."""
    assert load_settings({}, tmp_path / "none").ai_seconds == 0.9
    assert load_settings({"AI_SECONDS": "0.3"}, tmp_path / "none").ai_seconds == 0.3
    assert load_settings({"AI_SECONDS": "5"}, tmp_path / "none").ai_seconds == 1.0


def test_the_computer_players_workers_are_one_per_core_unless_set(tmp_path):
    assert load_settings({}, tmp_path / "none").ai_workers is None  # one per core
    assert load_settings({"AI_WORKERS": "3"}, tmp_path / "none").ai_workers == 3
    for wrong in ("0", "65", "two"):
        with pytest.raises(SettingsError, match="AI_WORKERS must be"):
            load_settings({"AI_WORKERS": wrong}, tmp_path / "none")


def test_metrics_are_off_unless_a_port_is_set_and_served_on_this_machine_by_default(tmp_path):
    off = load_settings({}, tmp_path / "none")
    assert off.metrics_port is None and off.metrics_host == "127.0.0.1"
    on = load_settings({"METRICS_PORT": "9464", "METRICS_HOST": "0.0.0.0"}, tmp_path / "none")
    assert on.metrics_port == 9464 and on.metrics_host == "0.0.0.0"
    assert load_settings({"METRICS_PORT": "0"}, tmp_path / "none").metrics_port == 0
    for wrong in ("65536", "-1", "http"):
        with pytest.raises(SettingsError, match="METRICS_PORT must be"):
            load_settings({"METRICS_PORT": wrong}, tmp_path / "none")


def test_the_token_never_appears_in_repr_or_str(tmp_path):
    settings = load_settings({"DISCORD_TOKEN": "very-secret-token"}, tmp_path / "none")
    assert "very-secret-token" not in repr(settings)
    assert "very-secret-token" not in str(settings.token) + f"{settings.token}"
    assert repr(Secret("x")) == "Secret('********')"


@pytest.mark.parametrize(
    ("environ", "word"),
    [({"DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"), ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL")],
)
def test_bad_values_are_refused_with_the_setting_named(tmp_path, environ, word):
    with pytest.raises(SettingsError, match=word):
        load_settings(environ, tmp_path / "none")


def test_a_malformed_env_line_names_its_line(tmp_path):
    env = tmp_path / ".env"
    env.write_text("OK=1\nnot a setting\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="line 2"):
        read_env_file(env)


def test_a_missing_token_explains_the_set_up_and_exits_2(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).parents[3])},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    for words in ("DISCORD_TOKEN", "privileged intents", "applications.commands", "Attach Files"):
        assert words in result.stderr


def test_database_url_chooses_the_database_and_wins_over_the_path(tmp_path):
    none = tmp_path / "none"
    relative = load_settings({"DATABASE_URL": "sqlite:///data/other.sqlite3"}, none)
    assert relative.database == relative.database_path == Path("data/other.sqlite3")
    absolute = load_settings({"DATABASE_URL": "sqlite:////srv/bot.sqlite3"}, none)
    assert absolute.database_path == Path("/srv/bot.sqlite3")
    url = "postgresql://bot:hunter2@db.example:5432/games"
    postgres = load_settings({"DATABASE_URL": url, "DATABASE_PATH": "x.sqlite3"}, none)
    assert postgres.database == url and postgres.database_url is not None
    assert "hunter2" not in repr(postgres)
    with pytest.raises(SettingsError, match="DATABASE_URL must be sqlite") as error:
        load_settings({"DATABASE_URL": "mysql://root:hunter2@db/games"}, none)
    assert "hunter2" not in str(error.value)


def test_shard_settings(tmp_path):
    none = tmp_path / "none"
    url = "postgresql://bot@db/games"
    settings = load_settings({"SHARD_COUNT": "8", "SHARD_IDS": "0-2, 6", "DATABASE_URL": url}, none)
    assert (settings.shard_count, settings.shard_ids) == (8, (0, 1, 2, 6))
    every = load_settings({"SHARD_COUNT": "2", "SHARD_IDS": "0-1"}, none)  # SQLite: all shards
    assert every.shard_ids == (0, 1)
    refusals = {
        "SHARD_IDS needs SHARD_COUNT": {"SHARD_IDS": "0"},
        "numbered 0 to 3": {"SHARD_COUNT": "4", "SHARD_IDS": "2-4", "DATABASE_URL": url},
        "like 0-3": {"SHARD_COUNT": "4", "SHARD_IDS": "one", "DATABASE_URL": url},
        "SQLite serves one process only": {"SHARD_COUNT": "2", "SHARD_IDS": "1"},
        "SHARD_COUNT must be between": {"SHARD_COUNT": "0"},
    }
    for message, environ in refusals.items():
        with pytest.raises(SettingsError, match=message):
            load_settings(environ, none)


def test_the_rest_limit_is_discords_unless_raised(tmp_path):
    none = tmp_path / "none"
    assert load_settings({}, none).rest_per_second == 50
    assert load_settings({"REST_PER_SECOND": "500"}, none).rest_per_second == 500
    with pytest.raises(SettingsError, match="REST_PER_SECOND must be between"):
        load_settings({"REST_PER_SECOND": "0"}, none)
