"""A non-editable install ships the data packs as package data (Foundation: layout and packaging)."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_SUFFIXES = {".toml", ".json"}


def shipped_data_files() -> set[str]:
    return {
        str(p.relative_to(ROOT)) for p in (ROOT / "data").rglob("*") if p.suffix in DATA_SUFFIXES and "__pycache__" not in p.parts
    }


@pytest.mark.slow
def test_a_built_wheel_installs_and_finds_every_data_file(tmp_path):
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert build.returncode == 0, build.stderr
    wheel = next(wheels.glob("runetable-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "data/runewars/factions.toml" in shipped_data_files()
    assert shipped_data_files() <= names
    assert {"bot/__main__.py", "engine/core/engine.py", "renderer/__init__.py"} <= names
    assert not any(n.startswith("tests/") for n in names)

    site = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
        capture_output=True, text=True, timeout=300,
    )
    assert install.returncode == 0, install.stderr
    probe = (
        "import data, sys; root = data.PACKAGE_ROOT;"
        "print(root); print('\\n'.join(sorted(str(p.relative_to(root.parent)) for p in root.rglob('*') if p.suffix in ('.toml', '.json'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    found = subprocess.run([sys.executable, "-P", "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    location, *files = filter(None, found.stdout.splitlines())
    assert Path(location).is_relative_to(site)
    assert set(files) == shipped_data_files()
