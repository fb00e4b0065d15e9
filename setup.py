"""Build script. The package is pure Python; with BRIDGELAW_COMPILE=1 the strict core (value
types, auction, play, Law 77) and the table engine are compiled with mypyc for speed. Both
builds pass the same tests.
"""

import os
from pathlib import Path

from setuptools import setup

CORE_MODULES = ["cards", "calls", "errors", "boards", "auction", "play", "scoring/law77"]

# The table engine: every module of table/, its open matters in table/rules/ included, but the
# packages' __init__ files and script.py (reading YAML scripts: not on an event's path, and
# PyYAML has no stubs in the build environment). Compiled, whole boards through Table run 2-3.5
# times faster (docs/benchmarks.md); the build takes about a minute longer.
TABLE = Path(__file__).parent.joinpath("src/bridgelaw")
TABLE_MODULES = sorted(
    p.relative_to(TABLE).with_suffix("").as_posix()
    for p in TABLE.joinpath("table").rglob("*.py")
    if p.stem not in ("__init__", "script")
)


def extension_modules() -> list[object]:
    if os.environ.get("BRIDGELAW_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    paths = [f"src/bridgelaw/{m}.py" for m in CORE_MODULES + TABLE_MODULES]
    # Two groups, each a C file of its own, so that build_ext compiles them at once on two
    # cores (``parallel`` below): one group is a single 23 MB C file that gcc compiles alone in
    # about 3.5 minutes; two take about 2 on two cores. Calls between the groups go through
    # mypyc's exported tables, a little slower than within one.
    half = len(paths) // 2
    groups = [(paths[:half], "bridgelaw_native_a"), (paths[half:], "bridgelaw_native_b")]
    return list(mypycify(paths, opt_level="3", separate=groups))


setup(ext_modules=extension_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
