"""A non-editable install ships the data packs as package data (Foundation: layout and packaging)."""

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_SUFFIXES = {".toml", ".json"}
#: what a copy of the source tree leaves out: version control, environments, caches, build output
NOT_SOURCE = (
    ".git",
    ".venv*",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "demo",
    "simulate-failures",
    "playtest-out",
)
#: the first setuptools that builds wheels by itself, without the `wheel` package (pyproject.toml requires it)
SETUPTOOLS_BUILDS_WHEELS = (70, 1)


def shipped_data_files() -> set[str]:
    return {
        str(p.relative_to(ROOT)) for p in (ROOT / "data").rglob("*") if p.suffix in DATA_SUFFIXES and "__pycache__" not in p.parts
    }


def test_this_environment_can_build_the_wheel():
    """`pip install ".[test]"` brings a setuptools that builds wheels without the `wheel` package."""
    try:
        installed = tuple(int(part) for part in version("setuptools").split(".")[:2])
    except PackageNotFoundError:
        installed = None
    assert installed is not None and installed >= SETUPTOOLS_BUILDS_WHEELS, (
        f"setuptools {installed} cannot build the wheel offline; pip install '.[test]' installs a new enough one"
    )


@pytest.mark.slow
def test_a_built_wheel_installs_and_finds_every_data_file(tmp_path):
    # Built from a copy: setuptools writes build/ and *.egg-info next to the sources, which a
    # concurrent run (another test worker, another checkout's CI) must not share.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
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
        capture_output=True,
        text=True,
        timeout=300,
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
