"""Nothing of the user's is lost: ``--site`` never deletes a file it did not
write, the outputs of one run are written together or not at all, and what is written can be
served by a web server (permissions from the umask)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.formats import files
from bridgelaw.formats.files import MANIFEST, Outputs

RESULTS: dict[str, Any] = {
    "event": "Club pairs",
    "scoring": "matchpoints",
    "results": [
        {"board": 1, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10},
        {"board": 1, "ns": "3", "ew": "4", "contract": "4S", "declarer": "N", "tricks": 9},
        {"board": 2, "ns": "1", "ew": "4", "contract": "3NT", "declarer": "S", "tricks": 9},
        {"board": 2, "ns": "3", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 8},
    ],
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (relative name -> text)."""
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def results(tmp_path: Path) -> Path:
    path = tmp_path / "input" / "results.json"
    path.parent.mkdir()
    path.write_text(json.dumps(RESULTS), encoding="utf-8")
    return path


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


def test_site_in_the_working_directory_keeps_the_users_files(
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    work = tmp_path / "work"
    (work / "boards").mkdir(parents=True)
    (work / "notes.txt").write_text("my notes\n", encoding="utf-8")
    (work / "boards" / "mine.txt").write_text("my board notes\n", encoding="utf-8")
    (work / "private").mkdir()
    (work / "private" / "a.pbn").write_text('[Board "1"]\n', encoding="utf-8")
    before = tree(work)
    monkeypatch.chdir(work)
    for _ in range(2):  # and again over its own pages
        code, _, err = run(capsys, "score-event", str(results), "--site", ".")
        assert code == 0, err
        after = tree(work)
        assert {name: after[name] for name in before} == before
        assert "index.html" in after and "boards/board-1.html" in after
        assert "pairs/pair-1.html" in after
        leftovers = [p.name for p in work.rglob("*") if p.name.endswith((".tmp", ".old"))]
        assert leftovers == []


def test_a_page_of_an_earlier_run_goes_but_nothing_else(
    tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    code, _, err = run(capsys, "score-event", str(results), "--site", str(site))
    assert code == 0, err
    (site / "pairs" / "pair-keep.html").write_text("the user's page\n", encoding="utf-8")
    smaller = dict(RESULTS, results=RESULTS["results"][:1])  # pairs 1 and 2, board 1
    results.write_text(json.dumps(smaller), encoding="utf-8")
    code, _, err = run(capsys, "score-event", str(results), "--site", str(site))
    assert code == 0, err
    pages = tree(site)
    assert "pairs/pair-3.html" not in pages  # written by the first run, gone from the tournament
    assert "boards/board-2.html" not in pages
    assert pages["pairs/pair-keep.html"] == "the user's page\n"  # never written by the site
    assert "pairs/pair-1.html" in pages
    assert pages[MANIFEST].splitlines() == sorted(
        n for n in pages if n not in (MANIFEST, "pairs/pair-keep.html")
    )


def test_a_failure_in_the_last_output_leaves_no_output(
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    old_pbn = out / "event.pbn"
    old_pbn.write_text("the user's old file\n", encoding="utf-8")
    from bridgelaw.formats import results_html

    def no_space(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(results_html, "_pair_page", no_space)  # the site is written last
    code, _, err = run(
        capsys,
        "score-event",
        str(results),
        "--pbn",
        str(old_pbn),
        "--usebio",
        str(out / "event.xml"),
        "--site",
        str(out / "site"),
    )
    assert code != 0 and "No space left on device" in err and "Traceback" not in err
    assert tree(out) == {"event.pbn": "the user's old file\n"}  # nothing new, nothing lost
    assert sorted(p.name for p in out.iterdir()) == ["event.pbn"]


def test_a_failure_while_moving_into_place_puts_everything_back(
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "event.pbn").write_text("old pbn\n", encoding="utf-8")
    code, _, err = run(capsys, "score-event", str(results), "--site", str(out / "site"))
    assert code == 0, err
    (out / "site" / "mine.txt").write_text("mine\n", encoding="utf-8")
    changed = json.loads(json.dumps(RESULTS))
    changed["results"][0]["tricks"] = 11  # a new run with a changed result
    results.write_text(json.dumps(changed), encoding="utf-8")
    before = tree(out)
    place = files._place

    def fail_on_style(source: Path, target: Path, undo: list[tuple[Path, Path | None]]) -> None:
        if target.name == "style.css":
            raise OSError(5, "Input/output error", str(target))
        place(source, target, undo)

    monkeypatch.setattr(files, "_place", fail_on_style)
    code, _, err = run(
        capsys,
        "score-event",
        str(results),
        "--pbn",
        str(out / "event.pbn"),
        "--usebio",
        str(out / "event.xml"),
        "--site",
        str(out / "site"),
    )
    assert code != 0 and "Input/output error" in err
    assert tree(out) == before  # the PBN and the pages put back, nothing new left
    assert not (out / "event.xml").exists()


def modes(folder: Path) -> set[tuple[str, int]]:
    return {
        ("dir" if p.is_dir() else "file", stat.S_IMODE(p.stat().st_mode))
        for p in [folder, *folder.rglob("*")]
    }


@pytest.mark.parametrize(
    ("mask", "file_mode", "dir_mode"), [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700)]
)
def test_permissions_follow_the_umask(
    tmp_path: Path,
    results: Path,
    capsys: pytest.CaptureFixture[str],
    umask: None,
    mask: int,
    file_mode: int,
    dir_mode: int,
) -> None:
    os.umask(mask)
    new_site, old_site = tmp_path / "new", tmp_path / "old"
    old_site.mkdir(mode=dir_mode)
    os.chmod(old_site, dir_mode)
    pbn, xml = tmp_path / "r.pbn", tmp_path / "r.xml"
    pbn.write_text("old\n", encoding="utf-8")  # replaced: the new file's mode is the umask's
    os.chmod(pbn, 0o600)
    for site in (new_site, old_site):
        code, _, err = run(
            capsys, "score-event", str(results), "--site", str(site), "--pbn", str(pbn),
            "--usebio", str(xml),
        )  # fmt: skip
        assert code == 0, err
        assert modes(site) == {("dir", dir_mode), ("file", file_mode)}
        for path in (pbn, xml):
            assert stat.S_IMODE(path.stat().st_mode) == file_mode


def test_outputs_left_without_commit_leave_nothing(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("keep\n", encoding="utf-8")
    with Outputs() as outputs:
        outputs.write(tmp_path / "a.txt", "a\n")
        outputs.tree(tmp_path).write("index.html", "x\n")
        outputs.tree(tmp_path / "new").write("pairs/p.html", "y\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_a_tree_name_cannot_leave_its_folder(tmp_path: Path) -> None:
    with Outputs() as outputs:
        site = outputs.tree(tmp_path / "site")
        for name in ("../escape.html", "/etc/passwd", MANIFEST):
            with pytest.raises(ValueError):
                site.write(name, "x")
    assert list(tmp_path.iterdir()) == []


def test_a_users_file_in_the_way_of_a_page_stops_the_run(
    tmp_path: Path, results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    (site / "boards").mkdir(parents=True)
    (site / "boards" / "board-2.html").write_text("my own page\n", encoding="utf-8")
    pbn = tmp_path / "out.pbn"
    code, _, err = run(capsys, "score-event", str(results), "--site", str(site), "--pbn", str(pbn))
    assert code == 2 and "did not write" in err and "board-2.html" in err
    assert tree(site) == {"boards/board-2.html": "my own page\n"}
    assert not pbn.exists()  # all outputs or none
