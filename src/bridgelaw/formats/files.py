"""Writing files so that nobody ever sees half of one: a temporary file (or directory) next to
the target, renamed into place only when complete."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory."""
    path = Path(path).resolve()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_tree_atomic(directory: Path, files: Mapping[str, str]) -> None:
    """Write ``files`` (relative name -> text) as ``directory``, replacing a previous one only
    once the new one is complete."""
    directory = Path(directory).resolve()
    if directory.exists() and not directory.is_dir():
        raise NotADirectoryError(20, "not a directory", str(directory))
    directory.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        for name, text in files.items():
            target = building / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if directory.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{directory.name}.old.", dir=directory.parent))
            old.rmdir()
            directory.rename(old)
            building.rename(directory)
            shutil.rmtree(old, ignore_errors=True)
        else:
            building.rename(directory)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
