"""XML read without the dangers of XML: no entities, no external files, bounded work.

A results file is someone else's file. Three features of XML let such a file make a reader do
far more than read it, and none of them is needed by any results format:

* entity declarations (``<!ENTITY a "&b;&b;...">``): nested expansions grow a few hundred bytes
  into gigabytes ("billion laughs"); any declaration is refused, internal or external;
* external entities and the external DTD subset (``<!ENTITY x SYSTEM "file:///etc/passwd">``,
  ``<!DOCTYPE USEBIO SYSTEM "http://...">``): never fetched -- parameter entities are not parsed
  and an external reference is refused, so the reader opens no file and no connection;
* nesting without end: more than :data:`MAX_DEPTH` open elements is refused.

This is the guard ``defusedxml`` puts around the standard library's expat parser, written out
here (the handlers below) so that the parser can also say on which line each element starts.
A ``DOCTYPE`` naming a DTD, as USEBIO files do, is accepted: it is read as a name, not loaded.

The document is read as a stream: the caller decides, as each element ends, whether it is kept
in its parent (see :func:`read_xml`), so a large file is never held whole as a tree.

>>> root, problems = read_xml(b'<a x="1"><b>text</b><?app {"k": 1}?></a>')
>>> root.tag, root.attrs, root.children[0].text, root.instructions, problems
('a', {'x': '1'}, 'text', [(1, 'app', '{"k": 1}')], [])
>>> read_xml(b'<!DOCTYPE a [<!ENTITY e "boom">]><a>&e;</a>')[1]
[(1, 'the document declares the entity e: entities are refused (they can expand without end)')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

MAX_DEPTH = 64
"""No results format nests this deep; a deeper document is refused, not followed."""


@dataclass(slots=True)
class Node:
    """One element: its tag, attributes, text, the line its start tag is on, the children kept
    and the processing instructions inside it (``(line, target, data)``)."""

    tag: str
    attrs: dict[str, str]
    line: int
    parts: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    instructions: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's own text, spaces around it removed."""
        return "".join(self.parts).strip()

    def child(self, tag: str) -> Node | None:
        """The first child with this tag (any case), if any."""
        wanted = tag.upper()
        return next((c for c in self.children if c.tag.upper() == wanted), None)

    def value(self, tag: str) -> str | None:
        """The text of the first child with this tag; ``None`` when there is no such child."""
        found = self.child(tag)
        return None if found is None else found.text


Problem = tuple[int, str]
"""A line and what is wrong there."""


class _Refused(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def read_xml(
    data: bytes, keep: Callable[[Node, list[Node]], bool] | None = None
) -> tuple[Node | None, list[Problem]]:
    """The document's root element, and the problem that stopped reading if any (the root is
    then ``None``). ``keep(node, open_ancestors)`` is called as each element ends; the element
    stays in its parent's children only when it returns true (by default every element does).
    An exception raised by ``keep`` is the caller's."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    # the external DTD subset and parameter entities are never read
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = []
    roots: list[Node] = []

    def refuse(message: str) -> None:
        raise _Refused(parser.CurrentLineNumber, message)

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            refuse(f"elements nested more than {MAX_DEPTH} deep: refused")
        stack.append(Node(tag, attrs, parser.CurrentLineNumber))

    def end(_tag: str) -> None:
        node = stack.pop()
        if keep is not None and not keep(node, stack):
            return
        (stack[-1].children if stack else roots).append(node)

    def text(data: str) -> None:
        if stack:
            stack[-1].parts.append(data)

    def instruction(target: str, data: str) -> None:
        if stack:
            stack[-1].instructions.append((parser.CurrentLineNumber, target, data))

    def entity(name: str, *_: object) -> None:
        refuse(
            f"the document declares the entity {name}: entities are refused "
            "(they can expand without end)"
        )

    def external(*_: object) -> int:
        refuse("the document refers to an external entity: refused (no file is opened)")
        return 0  # never reached: refuse raises

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.ProcessingInstructionHandler = instruction
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    try:
        parser.Parse(data, True)
    except _Refused as refused:
        return None, [(refused.line, refused.message)]
    except expat.ExpatError as error:
        return None, [
            (
                error.lineno,
                f"not valid XML: {expat.errors.messages[error.code]} (column {error.offset + 1})",
            )
        ]
    except (RecursionError, MemoryError):
        return None, [(parser.CurrentLineNumber, "not valid XML: too large to read")]
    except LookupError as error:  # the declaration names an encoding nobody knows
        return None, [(1, f"not readable XML: the XML declaration names {error}")]
    if not roots:
        return None, [(1, "not valid XML: no element")]
    return roots[0], []
