"""The open matters moved into ``bridgelaw.table.rules``: each declares every
clause it applies once (``DECLARED``), applies them only through those declarations, and the
law book's index reads the declarations instead of the source."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path
from types import ModuleType

from bridgelaw.laws import CLAUSE_PATTERN, CLAUSES, cited
from bridgelaw.laws.index import code_citations, script_citations, variants
from bridgelaw.table.messages import CATALOG
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.registry import DECLARED

RULES = Path(__file__).parents[2] / "src" / "bridgelaw" / "table" / "rules"
#: the modules that hold the declarations and the protocols, not a matter
NOT_MATTERS = {"__init__", "declared", "registry", "layer"}
DECLARING = ("Applies", "Varies", "Declared")


def _module(d: Declared) -> ModuleType:
    return importlib.import_module(d.module)


def _tree(d: Declared) -> ast.Module:
    return ast.parse((Path(__file__).parents[2] / d.path).read_text(encoding="utf-8"))


def test_the_registry_lists_every_matter_module_once() -> None:
    modules = sorted(
        "bridgelaw." + p.relative_to(RULES.parents[1]).with_suffix("").as_posix().replace("/", ".")
        for p in RULES.rglob("*.py")
        if p.stem not in NOT_MATTERS
    )
    assert sorted(d.module for d in DECLARED) == modules
    assert modules  # not vacuous: Law 27 at least


def _declarations(value: object) -> list[Applies | Varies]:
    """The declarations a module-level value is or holds (a tuple of them, a dataclass of
    them: 23A's ``Comparison``)."""
    if isinstance(value, (Applies, Varies)):
        return [value]
    if isinstance(value, tuple):
        return [d for v in value for d in _declarations(v)]
    if dataclasses.is_dataclass(value) and not isinstance(value, (type, Declared)):
        return [d for f in dataclasses.fields(value) for d in _declarations(getattr(value, f.name))]
    return []


def test_each_matter_declares_every_clause_it_names_and_nothing_else() -> None:
    for d in DECLARED:
        module = _module(d)
        named = list(
            dict.fromkeys(  # one declaration may be reached twice (a constant and a tuple)
                x for v in vars(module).values() for x in _declarations(v)
            )
        )
        assert sorted(map(repr, named)) == sorted(map(repr, (*d.applies, *d.varies))), d.module
        assert module.DECLARED is d
        for matter in (d.matter, *d.stages):
            assert hasattr(getattr(module, matter), "answer"), matter
        for v in d.varies:
            assert callable(getattr(getattr(module, d.matter), v.where)), v


def test_each_declared_clause_is_in_the_book_and_each_message_in_the_catalog() -> None:
    for d in DECLARED:
        tags = {v.tag for v in d.varies}
        for a in d.applies:
            # a 2007-only procedure's clause by its 2007 number, else a law book key
            assert cited(a.clause, a.edition) if a.edition else a.clause in CLAUSES, a
            assert not a.within or a.within in tags, a  # inside a variant the matter declares
            assert not a.edition or a.within, a  # a 2007-only clause only inside a variant
            assert (a.message in CATALOG) == (a.does in ("rule", "review")), a
            assert not a.options or a.does == "offer", a
        for v in d.varies:
            for key in v.tag.split():
                assert CLAUSES[key].differs, v


def test_a_matter_module_names_a_clause_only_in_its_declarations() -> None:
    """A clause number written anywhere else in the module (a ruling's law, a bar's, an offer's)
    would be a second declaration the index does not read. Error messages aside: they are
    prose (``(Law 27C)``)."""
    for d in DECLARED:
        tree = _tree(d)
        declaring: set[int] = set()
        docstrings: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "Applies",
                "Varies",
                "Declared",
                "Means",  # an answer's clause, declared with its offer (or shared by two)
            ):
                declaring.update(id(n) for n in ast.walk(node))
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docstrings.add(id(first.value))
        stray = [
            (node.lineno, node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and CLAUSE_PATTERN.fullmatch(node.value)
            and id(node) not in declaring | docstrings
        ]
        assert stray == [], d.module
        # every declaration is made once, at the module's level (not built in a function,
        # where the index could not see it)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                built = [
                    n
                    for n in ast.walk(node)
                    if isinstance(n, ast.Call) and getattr(n.func, "id", "") in DECLARING
                ]
                assert built == [], (d.module, node.name)


def test_no_message_has_a_parameter_named_as_a_declaration_s_own() -> None:
    """``Applies.rule(at, ruled_on, **params)``: a message parameter of either name would be
    taken for the table or the seat in the compiled build (mypyc), whatever ``/`` says."""
    names = {n for m in CATALOG.values() for n, _ in m.params}
    assert names.isdisjoint({"at", "ruled_on"})
    assert "seat" in names  # not vacuous: the name that once collided


def test_every_ruling_and_review_a_matter_makes_gives_its_message_s_parameters() -> None:
    """``X.rule(table, seat, **params)`` and ``X.review(table, **params)``: the keywords are
    the parameters of X's declared message, read from the source (a ruling no script reaches
    is checked too)."""
    calls = 0
    for d in DECLARED:
        module = _module(d)
        for node in ast.walk(_tree(d)):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("rule", "review")
                and isinstance(node.func.value, ast.Name)
            ):
                continue
            declared = getattr(module, node.func.value.id, None)
            if not isinstance(declared, Applies):
                continue
            assert declared.does == node.func.attr, (d.module, node.lineno)
            given = {k.arg for k in node.keywords}
            assert given == {n for n, _ in CATALOG[declared.message].params}, node.lineno
            calls += 1
    assert calls >= 11  # Law 27: nine rulings, two reviews


def test_the_index_reads_the_declarations() -> None:
    citations = code_citations()
    for d in DECLARED:
        here = {(c.number, c.kind, c.text) for c in citations if c.file == d.path}
        for a in d.applies:
            assert any(n == a.clause and k == a.does for n, k, _ in here), a
        offers = {t for n, k, t in here if k == "offer" and n == "27A1"}
        if d.law == "27":
            assert offers == {"accept, decline"}
            assert ("27B1a", "variant", "") in here
        mine = [v for v in variants() if v.file == d.path]
        assert sorted((v.tag, v.edition) for v in mine) == sorted(
            (v.tag, e) for v in d.varies for e in (2017, 2007)
        )
        assert all(v.line > 1 and v.function.startswith(d.matter + ".") for v in mine)
    # and nothing of rules/ is read from its source any more
    assert not [c for c in citations if "table/rules/" in c.file and c.kind == ""]


def test_every_offer_ruling_and_review_declared_is_expected_by_a_script() -> None:
    scripts = script_citations()
    if scripts is None:  # an installed package without its checkout
        return
    expected = {c.key for s in scripts for c in cited(s.number, s.edition)}
    for d in DECLARED:
        missing = [
            a
            for a in d.applies
            if a.does in ("rule", "review")
            and not {c.key for c in cited(a.clause, a.edition or 2017)} & expected
        ]
        assert missing == [], d.module


def test_each_offer_declares_its_title_once() -> None:
    """An offer's title (what the director announces) is declared with the offer, once per
    offered clause in its matter's module, and nothing but an offer has one; the offers' titles
    (``meanings.TITLES``) are these, read by clause, beside the few offers a layer makes."""
    from bridgelaw.table.meanings import LAYER_TITLES, TITLES

    titled = 0
    for d in DECLARED:
        offers = [a for a in d.applies if a.does == "offer"]
        titles = [a.clause for a in offers if a.title]
        assert sorted(titles) == sorted({a.clause for a in offers}), d.module
        assert all(not a.title for a in d.applies if a.does != "offer"), d.module
        for a in offers:
            if a.title:
                assert TITLES[a.clause] == a.title, a
                titled += 1
    assert titled >= 40  # not vacuous: every open matter's offer
    assert not set(LAYER_TITLES) & {a.clause for d in DECLARED for a in d.applies if a.title}


def test_an_offer_of_fixed_answers_declares_what_each_answer_does() -> None:
    """``Applies.means``: on an offer only, one entry per answer word (accept, decline; 54's
    spread), each with a clause of the law book and words;
    ``meanings.ANSWERS`` is read from them, and an offer with fixed options declares every
    answer among them (none left to words kept elsewhere)."""
    from bridgelaw.table.meanings import ANSWERS

    answers = {"accept", "decline", "spread"}
    declared = 0
    for d in DECLARED:
        for a in d.applies:
            if not a.means:
                continue
            words = [m.word for m in a.means]
            assert a.does == "offer" and a.title, a
            assert len(set(words)) == len(words) and set(words) <= answers, a
            assert all(m.clause in CLAUSES and m.consequence for m in a.means), a
            if a.options:  # every fixed answer is declared
                assert set(a.options) & answers == set(words), a
            said = ANSWERS[a.clause]
            assert {w: said[w][1] for w in words} == {m.word: m.consequence for m in a.means}, a
            declared += 1
    assert declared >= 18  # not vacuous: 21B, 25, 27, 29A, 36B, 37, 38, 45C4b, 52, 54-56...
    # the offers the explainers once knew by their clause: now declared like every other
    for clause in ("54", "38", "36B2", "36B4"):
        assert clause in ANSWERS, clause
