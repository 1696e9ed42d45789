"""``python -m bot``: help, the missing-token explanation, and clear start-up errors."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL")}
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean, capture_output=True, text=True, timeout=60)


def test_without_a_token_it_explains_and_exits_2(tmp_path):
    done = run_bot(cwd=tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "Reset Token" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_the_token_can_come_from_an_env_file_and_a_bad_guild_id_is_explained(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=my-server\n")
    done = run_bot(cwd=tmp_path)
    assert done.returncode == 2
    assert "DEV_GUILD_ID must be a server id" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_corrupt_database_stops_start_up_with_a_clear_message(tmp_path):
    database = tmp_path / "games.sqlite3"
    database.write_bytes(os.urandom(8192))
    done = run_bot("run", cwd=tmp_path, DISCORD_TOKEN="not-used", DATABASE_PATH=str(database))
    assert done.returncode == 2
    assert str(database) in done.stderr
    assert "Traceback" not in done.stderr


def test_help_lists_the_commands(tmp_path):
    done = run_bot("--help", cwd=tmp_path)
    assert done.returncode == 0
    assert "run" in done.stdout and "python -m bot" in done.stdout
