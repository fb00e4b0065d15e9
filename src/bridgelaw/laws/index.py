"""Where the project cites each clause: the code that applies it and the scripts that test it.

The table's open matters moved into ``bridgelaw.table.rules`` (the board's, Laws
13-15 with 2007's 17D; the auction period's, 21B-38; the play's, 42-47, 50D2-58, 61B, 62,
65-71) are indexed from
their declarations (:data:`bridgelaw.table.rules.registry.DECLARED`: each clause a matter
applies, what it gives, its edition variants), not from their source: a matter applies a
clause through its declaration, so the two are one thing. The index points at the module's
``DECLARED`` (its line is looked up by that name; nothing else in the file is read).

The rest of the package is still read from its source, so it cannot drift from it: the Python
files (installed with the package) are read with :mod:`ast`, and the table scripts of a source
checkout (``tests/scripts/**/*.yaml``) with their expectations and notes. A clause number in the
code is a string literal where the code names a law: an argument of ``rule``, ``review``,
``Pending``, ``Awaiting``, ``IllegalCall``... or a ``law=`` keyword, a value assigned to a
``law`` name, the clause asked of :func:`bridgelaw.laws.number`. A lettered number (``27B1a``)
counts anywhere outside docstrings; a bare law number (``37``) only in those places.
"""

from __future__ import annotations

import ast
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import bridgelaw
from bridgelaw.laws import CLAUSE_PATTERN, Clause, cited

PACKAGE = Path(bridgelaw.__file__).resolve().parent
"""The installed package (in a checkout: ``src/bridgelaw``)."""
DECLARING = PACKAGE / "table" / "rules"
"""The open matters indexed from their declarations, not read from their source."""
LAW_CALLS = frozenset({
    "rule", "review", "mark_unauthorized", "Pending", "Awaiting", "CallRecord",
    "NextCallRule", "LeadRestriction", "Obligation", "IllegalCall", "IllegalCard",
    "law63a_establish", "number", "cite", "Ruling",
})  # fmt: skip
LETTERED = re.compile(r"\d{1,2}[A-H]")
IN_TEXT = re.compile(r"(?<![\w.])(\d{1,2}[A-H](?:\d{1,2}(?:[a-z](?:\d|[ivx]+)?)?)?)(?![\w])")
"""A lettered clause number inside prose (a script's note)."""


@dataclass(frozen=True, slots=True)
class Citation:
    """A clause number cited at a place: a file (relative to the repository) and line."""

    number: str
    edition: int | None
    """The edition the place cites it in, when the code says (a 2007 branch); else None."""
    file: str
    line: int
    kind: str = ""
    """What cites it: ``rule`` (a ruling), ``review``, ``offer`` (an ``Awaiting``),
    ``refusal`` (the strict machines' ``IllegalCall``/``IllegalCard``), or the
    name of the call the number is given to; empty for an assignment or a comparison."""
    text: str = ""
    """For a ruling or a review: its sentence, with ``…`` for what the table fills in; for
    an offer: its options."""
    variant: str = ""
    """The tag of the edition variant (``by_edition``) it is cited in or declares, if any."""


def template(node: ast.expr) -> str:
    """A sentence the code builds, with ``…`` for the parts it fills in at the table."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(template(v) if isinstance(v, ast.Constant) else "…" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return template(node.left) + template(node.right)
    if isinstance(node, ast.Tuple):
        return ", ".join(template(e) for e in node.elts)
    if isinstance(node, ast.Call) and _call_name(node) == "say" and node.args:
        return said_template(node.args[0])
    return "…"


def said_template(node: ast.expr) -> str:
    """A ruling said as a message (``say("law27b-barring", ...)``): its English template in
    the catalog, with ``…`` for its parameters."""
    from bridgelaw.table.messages import CATALOG  # the table package imports this one's

    if isinstance(node, ast.Constant) and str(node.value) in CATALOG:
        return re.sub(r"\{\w+\}", "…", CATALOG[str(node.value)].template)
    return "…"


def repository() -> Path | None:
    """The source checkout whose scripts are listed: the one the package runs from, else the
    checkout the working folder is in (an installed or compiled build run inside a clone);
    ``None`` when there is none."""
    places = [PACKAGE.parent.parent]
    try:
        here = Path.cwd()
        places += [here, *here.parents]
    except OSError:  # the working folder is gone
        pass
    for root in places:
        if (root / "tests" / "scripts").is_dir() and (root / "src" / "bridgelaw").is_dir():
            return root
    return None


def _relative(path: Path) -> str:
    return "src/bridgelaw/" + path.relative_to(PACKAGE).as_posix()


def _edition_of_test(test: ast.expr) -> int | None:
    """The edition an ``if`` test selects for its body: ``edition == 2007``, ``old``..."""
    text = ast.unparse(test)
    for only, edition in (("e2017=False, e2007=True", 2007), ("e2017=True, e2007=False", 2017)):
        if only in text:  # by_edition(tag, e2017=False, e2007=True): a rule of one edition
            return (2017 + 2007 - edition) if text.startswith("not ") else edition
    if "== 2007" in text or text == "old" or text.startswith("old "):
        return 2007
    if "== 2017" in text or "!= 2007" in text:
        return 2017
    return None


def law_defaults(tree: ast.AST) -> dict[str, tuple[int, str]]:
    """Functions with a ``law`` parameter that defaults to a clause (``mark_unauthorized``:
    16C): their name, the parameter's position (after ``self``) and the clause. A call that
    leaves it out cites that clause."""
    found: dict[str, tuple[int, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            positional = [*node.args.posonlyargs, *node.args.args]  # the defaults cover both
            params = [a.arg for a in positional if a.arg != "self"]
            defaults = node.args.defaults
            for name, default in zip(params[len(params) - len(defaults) :], defaults, strict=True):
                if (
                    name == "law"
                    and isinstance(default, ast.Constant)
                    and CLAUSE_PATTERN.fullmatch(str(default.value))
                ):
                    found[node.name] = (params.index(name), str(default.value))
    return found


def _names(node: ast.expr) -> str:
    """The names and attributes an assignment target or an operand is made of (cheaper than
    unparsing it)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_names(node.value)}.{node.attr}"
    if isinstance(node, (ast.Tuple, ast.List)):
        return " ".join(_names(e) for e in node.elts)
    if isinstance(node, ast.Subscript):
        return _names(node.value)
    return ""


VARIANT = "by_edition"
"""The call that declares a rule's edition variants (:mod:`bridgelaw.laws.editions`)."""
EDITION_KEYWORDS = {"e2017": 2017, "e2007": 2007}


@dataclass(frozen=True, slots=True)
class Variant:
    """One edition's variant of a rule, as the code declares it with ``by_edition``."""

    tag: str
    """The clause(s) it is tagged with: ``"64B2"``, or several: ``"30 31 32"``."""
    edition: int
    file: str
    line: int
    """Where the variant is: the method it names (``self._law50e_2007``), else its value."""
    function: str = ""
    """The method the variant is, or else the function it is written in."""

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(self.tag.split())


def _variant_targets(tree: ast.AST) -> dict[str, tuple[int, str]]:
    """The methods a file names as an edition's variant (``e2007=self._law50e_2007``): their
    names, that edition and the tag, so that the clauses their bodies cite are read in it."""
    found: dict[str, tuple[int, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) == VARIANT:
            first = node.args[0] if node.args else None
            tag = first.value if isinstance(first, ast.Constant) else ""
            for keyword in node.keywords:
                value = keyword.value
                if keyword.arg in EDITION_KEYWORDS and isinstance(value, ast.Attribute):
                    found[value.attr] = (EDITION_KEYWORDS[keyword.arg], str(tag))
    return found


def _is_stub(node: ast.FunctionDef) -> bool:
    """A declaration whose only statement raises (a hook for a subclass to provide): not the
    code that applies a clause."""
    body = [
        s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]
    return len(body) == 1 and isinstance(body[0], ast.Raise)


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


class _Scanner(ast.NodeVisitor):
    def __init__(
        self,
        file: str,
        defaults: dict[str, tuple[int, str]] | None = None,
        targets: dict[str, tuple[int, str]] | None = None,
    ) -> None:
        self.file = file
        self.defaults = defaults or {}
        self.targets = targets or {}
        self.tags = [""]
        """The tag of the variant being read (its value, or the body of the method it is)."""
        self.is_sub = False
        """Reading one expression for the law it gives (a variant's tag is not one)."""
        self.variants: list[tuple[str, int, int, str, str]] = []
        """``by_edition`` declarations: tag, edition, line, the method named (or ""), the
        function it is written in."""
        self.found: list[Citation] = []
        self.edition: list[int | None] = [None]
        self.law_context = 0
        self.docstrings: set[int] = set()
        self.function: ast.FunctionDef | None = None
        self.assigned: dict[str, list[tuple[int, list[Citation]]]] | None = None

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._docstring(node)
        edition, tag = self.targets.get(node.name, (None, self.tags[-1]))
        if node.name.endswith("_2007"):
            edition = 2007
        self.edition.append(edition or self.edition[-1])
        self.tags.append(tag)
        outer = self.function, self.assigned
        self.function, self.assigned = node, None  # worked out when a ruling needs it
        self.generic_visit(node)
        self.function, self.assigned = outer
        self.edition.pop()
        self.tags.pop()

    def _sub(self, node: ast.expr, edition: int | None = None) -> list[Citation]:
        """The clause numbers in one expression, as a law (the law argument of a ruling)."""
        sub = _Scanner(self.file)
        sub.docstrings, sub.edition, sub.law_context = self.docstrings, list(self.edition), 1
        sub.tags = list(self.tags)
        sub.function = self.function
        # a law named by a local variable inside this expression resolves by the assignments
        # already worked out; while they are being worked out, to nothing: an assignment like
        # ``offer = Awaiting(who, law, ...)`` would otherwise work them out again, forever
        sub.assigned = self.assigned if self.assigned is not None else {}
        sub.is_sub, sub.variants = True, self.variants  # a variant given as a ruling's law
        sub._under(edition, node)
        return sub.found

    def _assignments(self, node: ast.FunctionDef) -> dict[str, list[tuple[int, list[Citation]]]]:
        """The clause numbers a function assigns to each local name (``law = ...``), by line."""
        found: dict[str, list[tuple[int, list[Citation]]]] = {}
        for statement in ast.walk(node):
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if isinstance(value, ast.Call) and _call_name(value) == VARIANT:
                # law, why = by_edition(tag, e2017=(law, why), e2007=(law, why))
                for keyword in value.keywords:
                    edition = EDITION_KEYWORDS.get(keyword.arg or "")
                    if edition is None:
                        continue
                    given = keyword.value
                    pairs = [(target, given)]
                    if isinstance(target, ast.Tuple) and isinstance(given, ast.Tuple):
                        pairs = list(zip(target.elts, given.elts, strict=False))
                    for name, expr in pairs:
                        if isinstance(name, ast.Name):
                            found.setdefault(name.id, []).append(
                                (statement.lineno, self._sub(expr, edition))
                            )
                continue
            pairs = [(target, value)]
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                pairs = list(zip(target.elts, value.elts, strict=False))
            for name, expr in pairs:
                if isinstance(name, ast.Name):
                    found.setdefault(name.id, []).append((statement.lineno, self._sub(expr)))
        return found

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def _docstring(self, node: ast.Module | ast.FunctionDef | ast.ClassDef) -> None:
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            self.docstrings.add(id(first.value))

    def visit_IfExp(self, node: ast.IfExp) -> None:
        edition = _edition_of_test(node.test)
        self.visit(node.test)
        self._under(edition, node.body)
        other = None if edition is None else (2017 if edition == 2007 else 2007)
        self._under(other, node.orelse)

    def visit_If(self, node: ast.If) -> None:
        edition = _edition_of_test(node.test)
        self.visit(node.test)
        for statement in node.body:
            self._under(edition, statement)
        for statement in node.orelse:
            self._under(None, statement)

    def _under(self, edition: int | None, node: ast.AST) -> None:
        self.edition.append(edition if edition is not None else self.edition[-1])
        self.visit(node)
        self.edition.pop()

    def _variant(self, node: ast.Call) -> None:
        """``by_edition("64B2", e2017=..., e2007=...)``: each value read in its edition."""
        first = node.args[0] if node.args else None
        tag = first.value if isinstance(first, ast.Constant) else None
        if isinstance(tag, str) and not self.is_sub:
            for key in tag.split():  # a law book key: a 2017 number, or 2007/N
                number, numbered = key.removeprefix("2007/"), 2007 if "/" in key else 2017
                self.found.append(
                    Citation(number, numbered, self.file, node.lineno, "variant", variant=tag)
                )
        for keyword in node.keywords:
            edition = EDITION_KEYWORDS.get(keyword.arg or "")
            if edition is None:
                self.visit(keyword.value)
                continue
            value = keyword.value
            method = value.attr if isinstance(value, ast.Attribute) else ""
            if isinstance(tag, str):
                where = self.function.name if self.function is not None else ""
                self.variants.append((tag, edition, value.lineno, method, where))
            self.tags.append(tag if isinstance(tag, str) else "")
            self._under(edition, value)
            self.tags.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == VARIANT:
            self._variant(node)
            return
        self.visit(func)
        args = list(node.args)
        if name in ("rule", "review", "Awaiting", "IllegalCall", "IllegalCard") and len(args) >= 2:
            at = 1 if name == "Awaiting" else 0
            law, said = args.pop(at), args[-1]
            kind = {"Awaiting": "offer", "IllegalCall": "refusal", "IllegalCard": "refusal"}.get(
                name, name
            )
            if isinstance(law, ast.Name):  # the last value given to it before the call
                if self.assigned is None and self.function is not None:
                    self.assigned = self._assignments(self.function)
                given = (self.assigned or {}).get(law.id, [])
                before = [(line, n) for line, n in given if line <= node.lineno]
                numbers = max(before, key=lambda pair: pair[0])[1] if before else []
            else:
                numbers = self._sub(law)
            for c in numbers:
                self.found.append(
                    Citation(
                        c.number,
                        c.edition,
                        self.file,
                        node.lineno,
                        kind,
                        template(said),
                        c.variant or self.tags[-1],
                    )
                )
        if name in self.defaults:
            at, default = self.defaults[name]
            if len(node.args) <= at and all(k.arg != "law" for k in node.keywords):
                unauthorized = name in ("mark_unauthorized", "mark_card_unauthorized")
                kind = "unauthorized" if unauthorized else name
                self.found.append(
                    Citation(
                        default, self.edition[-1], self.file, node.lineno, kind, "", self.tags[-1]
                    )
                )
        self._context(name in LAW_CALLS, args)
        for keyword in node.keywords:
            self._context(keyword.arg in ("law", "kind") or name in LAW_CALLS, [keyword.value])

    def visit_Assign(self, node: ast.Assign) -> None:
        names = " ".join(_names(t) for t in node.targets)
        self._context("law" in names or "bar" in names, [node.value])

    def visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            is_law = isinstance(key, ast.Constant) and key.value == "law"
            if key is not None:
                self.visit(key)
            self._context(is_law, [value])

    def visit_Compare(self, node: ast.Compare) -> None:
        self._context("law" in _names(node.left), [node.left, *node.comparators])

    def _context(self, is_law: bool, nodes: list[ast.expr]) -> None:
        self.law_context += is_law
        for n in nodes:
            self.visit(n)
        self.law_context -= is_law

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if not isinstance(value, str) or id(node) in self.docstrings:
            return
        if CLAUSE_PATTERN.fullmatch(value) and (self.law_context or LETTERED.match(value)):
            self.found.append(
                Citation(value, self.edition[-1], self.file, node.lineno, variant=self.tags[-1])
            )


def scan_source(
    path: Path,
    defaults: dict[str, tuple[int, str]] | None = None,
    targets: dict[str, tuple[int, str]] | None = None,
) -> list[Citation]:
    """The clause numbers one Python file cites, with their lines."""
    return _scan(path, defaults, targets).found


def _scan(
    path: Path,
    defaults: dict[str, tuple[int, str]] | None = None,
    targets: dict[str, tuple[int, str]] | None = None,
    tree: ast.AST | None = None,
) -> _Scanner:
    scanner = _Scanner(_relative(path), defaults, targets)
    scanner.visit(tree or ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return scanner


def _read_from_source(path: Path) -> bool:
    """Is ``path`` a file whose citations are read from its source (not the law book itself,
    not a declaring matter's module)?"""
    return path.parent.name != "laws" and not path.is_relative_to(DECLARING)


def _declaration_line(file: str) -> int:
    """The line of a matter module's ``DECLARED`` (1 if the source is not beside it)."""
    path = PACKAGE.parent.parent / file
    if not path.is_file():
        path = PACKAGE / file.removeprefix("src/bridgelaw/")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 1
    return next((i for i, text in enumerate(lines, 1) if text.startswith("DECLARED")), 1)


#: what a declared clause gives, as the citation's kind (the kinds the source reader gives)
_DECLARED_KINDS = {"rule": "rule", "review": "review", "offer": "offer"}


def declared() -> tuple[tuple[Citation, ...], tuple[Variant, ...]]:
    """The citations and variants the open matters declare (``bridgelaw.table.rules``)."""
    # imported here: the engine's matters are only loaded when the index is asked
    from bridgelaw.table.messages import CATALOG
    from bridgelaw.table.rules.registry import DECLARED

    found: list[Citation] = []
    variants: list[Variant] = []
    for matter in DECLARED:
        file = matter.path
        line = _declaration_line(file)
        for a in matter.applies:
            if a.does in ("rule", "review"):
                text = re.sub(r"\{\w+\}", "…", CATALOG[a.message].template)
            elif a.does == "offer":
                text = ", ".join(a.options) if a.options else "…"
            else:
                text = ""
            kind = _DECLARED_KINDS.get(a.does, a.does)
            found.append(Citation(a.clause, a.edition, file, line, kind, text, a.within))
        for v in matter.varies:
            for key in v.tag.split():  # a law book key: a 2017 number, or 2007/N
                number, numbered = key.removeprefix("2007/"), 2007 if "/" in key else 2017
                found.append(Citation(number, numbered, file, line, "variant", variant=v.tag))
            for edition in (2017, 2007):
                variants.append(Variant(v.tag, edition, file, line, f"{matter.matter}.{v.where}"))
    return tuple(found), tuple(variants)


@cache
def _scanned() -> tuple[tuple[Citation, ...], tuple[Variant, ...]]:
    paths = [p for p in sorted(PACKAGE.rglob("*.py")) if _read_from_source(p)]
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in paths}
    defaults: dict[str, tuple[int, str]] = {}
    targets: dict[str, tuple[int, str]] = {}
    defined: dict[str, tuple[str, int]] = {}
    for path, tree in trees.items():
        defaults.update(law_defaults(tree))
        targets.update(_variant_targets(tree))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and not _is_stub(node):
                defined.setdefault(node.name, (_relative(path), node.lineno))
    found: list[Citation] = []
    variants: list[Variant] = []
    for path, tree in trees.items():
        scanner = _scan(path, defaults, targets, tree)
        found.extend(scanner.found)
        for tag, edition, line, method, where in dict.fromkeys(scanner.variants):
            file, line = defined.get(method, (scanner.file, line))
            variants.append(Variant(tag, edition, file, line, method or where))
    matters, varied = declared()
    return tuple(found) + matters, tuple(variants) + varied


def code_citations() -> tuple[Citation, ...]:
    """Every clause number the package's code cites (the law book itself excluded)."""
    return _scanned()[0]


def variants() -> tuple[Variant, ...]:
    """Every edition variant the package's code declares (``by_edition``), in source order."""
    return _scanned()[1]


def variants_of(key: str) -> tuple[Variant, ...]:
    """The variants that rule clause ``key``: tagged with it, with a part of it (64B2 of 64B)
    or with a clause it is part of (30B1 of 30)."""
    return tuple(
        v
        for v in variants()
        if any(t == key or is_part(key, t) or is_part(t, key) for t in v.clauses)
    )


@cache
def cited_in_variants() -> frozenset[str]:
    """The clauses (law book keys) cited inside a variant: 2007 17D1 in the 2007 variant of
    15A, 64C2a in the 2017 variant of 64B2."""
    return frozenset(
        c.key for x in code_citations() if x.variant for c in resolve(x.number, x.edition)
    )


def scan_comments(path: Path) -> list[Citation]:
    """The lettered clause numbers a file's comments name (``# 57C1: ...``): the project marks
    where a rule is applied with its clause in a comment. A comment that says 2007 cites the
    2007 numbering."""
    found: list[Citation] = []
    with path.open("rb") as source:
        for token in tokenize.tokenize(source.readline):
            if token.type == tokenize.COMMENT:
                edition = 2007 if "2007" in token.string else None
                found.extend(
                    Citation(n, edition, _relative(path), token.start[0], "comment")
                    for n in IN_TEXT.findall(token.string)
                )
    return found


@cache
def comment_citations() -> tuple[Citation, ...]:
    """Every lettered clause number the package's comments name."""
    paths = [p for p in sorted(PACKAGE.rglob("*.py")) if _read_from_source(p)]
    return tuple(c for path in paths for c in scan_comments(path))


def is_part(key: str, whole: str) -> bool:
    """Is clause ``key`` a part of clause ``whole`` (64A1 of 64A, 30B1bii of 30B1b; not 20 of
    2)? Each level of a number is of another kind than the one before it."""
    rest = key.removeprefix(whole)
    if rest == key or not rest or not whole:
        return False
    last, first = whole[-1], rest[0]
    if last.islower():
        return bool(re.fullmatch(r"[ivx]+", rest))
    return last.isdigit() != first.isdigit() or (last.isupper() and first.isdigit())


def resolve(number: str, edition: int | None) -> tuple[Clause, ...]:
    """The clauses a number cited in ``edition`` (None: unknown, 2017 first) stands for."""
    if edition is not None:
        return cited(number, edition)
    return cited(number, 2017) or cited(number, 2007)


@dataclass(frozen=True, slots=True)
class ScriptCitation:
    number: str
    edition: int
    script: str
    """The script's path relative to the repository."""
    where: str
    """The expectation that cites it (``rulings_include``, ``awaiting``...) or ``note``."""


def _law_values(value: Any) -> Iterator[str]:
    """The ``law`` fields of an expected record or list of records."""
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, dict) and item.get("law") is not None:
            yield str(item["law"])


def scan_script(path: Path, root: Path) -> list[ScriptCitation]:
    """The clause numbers one table script cites in its expectations and its note."""
    import yaml  # only when scripts are read (`bridgelaw --help` stays light)

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader when built with it
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # a safe loader
    if not isinstance(data, dict):
        return []
    edition = int(str(data.get("edition", 2017)))
    expect = data.get("expect") or {}
    name = path.relative_to(root).as_posix()
    found: list[ScriptCitation] = []
    for key, value in expect.items() if isinstance(expect, dict) else ():
        if key in ("rulings", "rulings_include", "rulings_exclude", "reviews_include",
                   "reviews_exclude"):  # fmt: skip
            numbers = [str(v) for v in value or ()]
        elif key == "note":
            numbers = IN_TEXT.findall(str(value))
        else:
            numbers = list(_law_values(value))
        found.extend(ScriptCitation(n, edition, name, key) for n in numbers)
    return found


@cache
def script_citations() -> tuple[ScriptCitation, ...] | None:
    """Every clause the checkout's scripts cite; None from an installed package."""
    root = repository()
    if root is None:
        return None
    found: list[ScriptCitation] = []
    for path in sorted((root / "tests" / "scripts").rglob("*.yaml")):
        found.extend(scan_script(path, root))
    return tuple(found)


__all__ = [
    "PACKAGE",
    "Citation",
    "ScriptCitation",
    "Variant",
    "cited_in_variants",
    "code_citations",
    "comment_citations",
    "declared",
    "is_part",
    "repository",
    "resolve",
    "scan_script",
    "scan_source",
    "script_citations",
    "variants",
    "variants_of",
]
