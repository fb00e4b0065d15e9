"""Writing outputs so that nothing of the user's is lost and nobody sees half of anything.

Every output of one run (a PBN file, a USEBIO file, a results site...) is first written in full
to a temporary file or folder next to its target, on the same file system. Only when all of them
are complete are they renamed into place, one rename each; if anything fails before or during
that, every output already moved is put back as it was and the temporaries are removed. So a
run writes all its outputs or none.

A site goes into its folder file by file, and every other file in the folder stays as it was.
The names the site wrote are kept in a small list in the folder (``.bridgelaw-site``): a later
run replaces those pages, and removes one it no longer makes (a pair that left the tournament). A
file the site did not write is never replaced nor deleted: if one has the name of a page, the
run stops before anything is moved and says which.

Files are made readable like any file the user creates (``0666`` less the umask: ``0644``
under the usual umask 022), folders likewise (``0755``), so a web server can serve a site.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import TextIO

MANIFEST = ".bridgelaw-site"
"""The list, inside a site's folder, of the files the site wrote there."""


def _umask() -> int:
    mask = os.umask(0o022)  # the only way to read it is to set it; put it straight back
    os.umask(mask)
    return mask


@dataclass
class TreeWriter:
    """A folder being built in a temporary place: files are added by relative name."""

    root: Path
    file_mode: int
    names: list[str] = field(default_factory=list)
    folders: set[Path] = field(default_factory=set)
    """The folders made so far (a site of a thousand pages has three)."""

    def _target(self, name: str) -> Path:
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts or not relative.parts:
            raise ValueError(f"not a relative file name inside the folder: {name!r}")
        if relative.name == MANIFEST:
            raise ValueError(f"{MANIFEST} is the site's own list of files")
        target = self.root.joinpath(*relative.parts)
        if target.parent not in self.folders:
            target.parent.mkdir(parents=True, exist_ok=True)  # folders get 0777 less the umask
            self.folders.add(target.parent)
        self.names.append(relative.as_posix())
        return target

    @contextmanager
    def open(self, name: str) -> Iterator[TextIO]:
        """A text stream for the file ``name`` (UTF-8, ``\\n`` line ends)."""
        target = self._target(name)
        with target.open("w", encoding="utf-8", newline="\n") as stream:
            yield stream
        target.chmod(self.file_mode)

    def write(self, name: str, text: str) -> None:
        with self.open(name) as stream:
            stream.write(text)


@dataclass
class _File:
    target: Path
    temporary: Path


@dataclass
class _Tree:
    target: Path
    temporary: Path
    writer: TreeWriter
    inside: bool
    """Whether the temporary folder is inside the (existing) target folder."""


class Outputs:
    """All the outputs of one run, written together or not at all.

    >>> import tempfile, pathlib
    >>> where = pathlib.Path(tempfile.mkdtemp())
    >>> with Outputs() as outputs:
    ...     with outputs.file(where / "a.txt") as stream:
    ...         _ = stream.write("one\\n")
    ...     outputs.tree(where / "site").write("index.html", "<p>two</p>\\n")
    ...     outputs.commit()
    >>> sorted(p.name for p in where.iterdir()), (where / "a.txt").read_text()
    (['a.txt', 'site'], 'one\\n')

    Leaving the ``with`` block without :meth:`commit` (an error on the way) removes every
    temporary and leaves every target as it was.
    """

    def __init__(self) -> None:
        mask = _umask()
        self.file_mode = 0o666 & ~mask
        self.folder_mode = 0o777 & ~mask
        self._files: list[_File] = []
        self._trees: list[_Tree] = []

    def __enter__(self) -> Outputs:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.discard()

    # -- staging -------------------------------------------------------------------------------

    @contextmanager
    def file(self, path: Path) -> Iterator[TextIO]:
        """A text stream whose text becomes ``path`` at :meth:`commit`."""
        target = Path(path).absolute()
        if target.is_dir():
            raise IsADirectoryError(21, "is a directory", str(target))
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        staged = _File(target, Path(name))
        self._files.append(staged)  # registered first: removed on failure whatever happens
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
        os.chmod(staged.temporary, self.file_mode)

    def write(self, path: Path, text: str) -> None:
        with self.file(path) as stream:
            stream.write(text)

    def tree(self, directory: Path) -> TreeWriter:
        """A folder of files whose files go into ``directory`` at :meth:`commit`; other files
        already in ``directory`` are left alone."""
        target = Path(directory).absolute()
        if target.exists() and not target.is_dir():
            raise NotADirectoryError(20, "not a directory", str(target))
        inside = target.is_dir()
        if not inside:
            target.parent.mkdir(parents=True, exist_ok=True)
        where = target if inside else target.parent
        temporary = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=where))
        writer = TreeWriter(temporary, self.file_mode)
        self._trees.append(_Tree(target, temporary, writer, inside))
        return writer

    # -- committing ----------------------------------------------------------------------------

    def commit(self) -> None:
        """Move every output into place; on any failure put everything back and re-raise."""
        for tree in self._trees:
            if tree.inside:
                _refuse_foreign(tree)
        undo: list[tuple[Path, Path | None]] = []  # (target now ours, the user's old file)
        made: list[Path] = []  # folders made for the outputs, removed again on failure
        stale: list[Path] = []
        try:
            for staged in self._files:
                _place(staged.temporary, staged.target, undo)
            for tree in self._trees:
                if not tree.inside:
                    tree.temporary.chmod(self.folder_mode)
                    _write_manifest(tree.temporary, tree.writer.names, self.file_mode)
                    os.rename(tree.temporary, tree.target)  # a new folder: one rename
                    made.append(tree.target)
                    continue
                old = _read_manifest(tree.target)
                for name in tree.writer.names:
                    source = tree.temporary.joinpath(*PurePosixPath(name).parts)
                    target = tree.target.joinpath(*PurePosixPath(name).parts)
                    _make_parents(target.parent, tree.target, self.folder_mode, made)
                    _place(source, target, undo)
                manifest = tree.temporary / MANIFEST
                _write_manifest(tree.temporary, tree.writer.names, self.file_mode)
                _place(manifest, tree.target / MANIFEST, undo)
                for name in sorted(set(old) - set(tree.writer.names)):
                    page = tree.target.joinpath(*PurePosixPath(name).parts)
                    if page.is_file() and not page.is_symlink():
                        stale.append(page)
        except BaseException:
            for target, backup in reversed(undo):
                if backup is not None:
                    os.replace(backup, target)
                else:
                    target.unlink(missing_ok=True)
            new_trees = {t.target for t in self._trees if not t.inside}
            for folder in reversed(made):
                if folder in new_trees:
                    shutil.rmtree(folder, ignore_errors=True)  # wholly ours: renamed in above
                else:
                    _rmdir_quietly(folder)
            raise
        for _, backup in undo:
            if backup is not None:
                backup.unlink(missing_ok=True)
        for page in stale:
            page.unlink(missing_ok=True)
        self.discard()

    def discard(self) -> None:
        """Remove every temporary (all of them after a failure, what is left after success)."""
        for staged in self._files:
            staged.temporary.unlink(missing_ok=True)
        for tree in self._trees:
            if tree.temporary.exists():
                shutil.rmtree(tree.temporary, ignore_errors=True)
        self._files, self._trees = [], []


def _refuse_foreign(tree: _Tree) -> None:
    """A page may replace only a file the site wrote before (listed in its manifest): a file
    of the user's with the same name stops the run before anything is moved."""
    ours = set(_read_manifest(tree.target))
    for name in tree.writer.names:
        target = tree.target.joinpath(*PurePosixPath(name).parts)
        if name not in ours and (target.exists() or target.is_symlink()):
            raise FileExistsError(
                errno.EEXIST,
                "a file the results site did not write is in the way (it is left alone: "
                "move it, or write the site to another folder)",
                str(target),
            )


def _rmdir_quietly(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not empty: something else is in it; never delete it
        folder.rmdir()


def _make_parents(folder: Path, top: Path, mode: int, made: list[Path]) -> None:
    missing = []
    while folder != top and not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for new in reversed(missing):
        new.mkdir()
        new.chmod(mode)
        made.append(new)


def _place(source: Path, target: Path, undo: list[tuple[Path, Path | None]]) -> None:
    """Rename ``source`` to ``target``, keeping a previous ``target`` aside until the end."""
    backup: Path | None = None
    if target.exists() or target.is_symlink():
        if target.is_dir() and not target.is_symlink():
            raise IsADirectoryError(21, "a folder is in the way of a file", str(target))
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent)
        os.close(handle)
        backup = Path(name)
        try:
            os.replace(target, backup)
        except BaseException:
            backup.unlink(missing_ok=True)
            raise
        undo.append((target, backup))  # from here on, undo puts the old file back
        os.replace(source, target)
        return
    os.rename(source, target)
    undo.append((target, None))


def _read_manifest(folder: Path) -> list[str]:
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    names = []
    for line in text.splitlines():
        name = PurePosixPath(line.strip())
        if line.strip() and not name.is_absolute() and ".." not in name.parts:
            names.append(name.as_posix())
    return names


def _write_manifest(folder: Path, names: list[str], mode: int) -> None:
    manifest = folder / MANIFEST
    manifest.write_text("".join(f"{n}\n" for n in sorted(set(names))), encoding="utf-8")
    manifest.chmod(mode)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory."""
    with Outputs() as outputs:
        outputs.write(path, text)
        outputs.commit()
