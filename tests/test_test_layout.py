"""The tests' own layout: no test module imports from another test module. What several of
them share lives in a support module next to them (``tests/table/support.py``,
``tests/strategies.py``...), so each test module stands on its own and no test is collected
again where it is imported."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def imports_of_tests(source: str) -> list[tuple[int, str]]:
    """The imports in ``source`` of a test module or of a name ``test_*``: their lines and what
    they import."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [(node.lineno, n) for n in names if n.rsplit(".", 1)[-1].startswith("test_")]
    return sorted(found)


def test_no_test_module_imports_from_another() -> None:
    modules = sorted(TESTS.rglob("test_*.py"))
    assert len(modules) > 100
    found = [
        f"{path.relative_to(TESTS)}:{line}: {name}"
        for path in modules
        for line, name in imports_of_tests(path.read_text(encoding="utf-8"))
    ]
    assert not found, "move what they share into a support module:\n" + "\n".join(found)


def test_the_check_finds_each_form_of_import() -> None:
    source = (
        "from .test_a import x\n"
        "from ..table.test_b import y\n"
        "from . import test_c\n"
        "import tests.test_d\n"
        "def f() -> None:\n"
        "    from .test_e import z\n"
        "from .support import SCRIPTS, check\n"
        "from ..helpers import SAMPLE_DEAL\n"
    )
    assert imports_of_tests(source) == [
        (1, "test_a"),
        (2, "table.test_b"),
        (3, "test_c"),
        (4, "tests.test_d"),
        (6, "test_e"),
    ]
