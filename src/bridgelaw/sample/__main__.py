"""``python -m bridgelaw.sample [--check] [PATH]``: rewrite (or check) the sample session."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bridgelaw.sample import sample_session_path, session_text, write_session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bridgelaw.sample",
        description="Write the bundled sample pairs session (PBN) deterministically.",
    )
    parser.add_argument("path", nargs="?", type=Path, help="where to write (default: bundled)")
    parser.add_argument(
        "--check", action="store_true", help="only report whether the file is up to date"
    )
    args = parser.parse_args(argv)
    path: Path = args.path or sample_session_path()
    if args.check:
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current != session_text():
            sys.stderr.write(f"{path} is out of date: run python -m bridgelaw.sample\n")
            return 1
        sys.stdout.write(f"{path} is up to date\n")
        return 0
    written = write_session(path)
    sys.stdout.write(f"wrote {written}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
