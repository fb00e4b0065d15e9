"""The browser pages' own words: found in the pages' files, served per language.

The pages' scripts write their words with ``_("English {name}", {name: value})`` and
``ngettext("{n} trick", "{n} tricks", n, {n})`` (``server/static/i18n.js``); Babel's JavaScript
extractor finds those calls. The pages' HTML is translated by the same script, text node by
text node and in a few attributes (``aria-label``, ``title``, ``placeholder``, ``alt``), so its
text is collected here with the same rules (whitespace collapsed). Every entry has the context
:data:`~bridgelaw.i18n.catalogs.PAGE` and its English as the msgid; ``make catalogs`` puts them
in the template between the printed record's words and the application's phrases.

:func:`page_words` is what ``GET /api/page-words?lang=`` answers: the language's translated
entries (plural ones as their list of forms) and its catalog's plural rule.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.extract import extract

from bridgelaw.i18n.catalogs import PAGE, check_language, load

STATIC = Path(__file__).resolve().parent.parent / "server" / "static"

PAGE_FILES: tuple[str, ...] = (
    "i18n.js",
    "table.html",
    "table.js",
    "director.html",
    "director.js",
    "director-work.js",
    "session-words.js",
    "session-record.js",
    "session-console.html",
    "session-device.html",
    "session-play.html",
    "session-list.html",
    "poll.html",
    "poll.js",
)
"""The pages' files whose words are extracted, in the order the template lists them (a file
added at the end leaves the entries before it where they are). The session pages' other
scripts (``session-common.js``, ``-console``, ``-device``, ``-play``, ``-list``) take every word
from ``session-words.js``; ``results-live.js`` writes none (it carries ``?lang=``)."""

KEYWORDS: dict[str, Any] = {"_": None, "gettext": None, "ngettext": (1, 2)}
ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
WORDLIKE = re.compile(r"[a-z]{2,}")  # a word, not a call (XX) or a seat


@dataclass(frozen=True)
class PageWord:
    """One entry: its English (two forms for a plural one) and where it was first found."""

    english: str | tuple[str, str]
    where: str


def key(text: str) -> str:
    """A text as the pages look it up: whitespace collapsed and trimmed (i18n.js ``key``)."""
    return " ".join(text.split())


class _HtmlWords(HTMLParser):
    """The text nodes and translatable attributes of a page's HTML, outside ``<script>``,
    ``<style>`` and elements marked ``translate="no"``."""

    SKIP = frozenset({"script", "style"})
    VOID = frozenset({"meta", "link", "br", "input", "img", "hr", "source", "col", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.stack: list[bool] = []  # per open element: whether its text is skipped

    def skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skip = self.skipping() or tag in self.SKIP or values.get("translate") == "no"
        if not skip:
            for name in ATTRIBUTES:
                value = values.get(name)
                if value and WORDLIKE.search(value):
                    self.found.append(key(value))
        if tag not in self.VOID:
            self.stack.append(skip)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = key(data)
        if text and not self.skipping() and WORDLIKE.search(text):
            self.found.append(text)


def html_words(text: str) -> list[str]:
    parser = _HtmlWords()
    parser.feed(text)
    parser.close()
    return parser.found


def js_words(text: str, name: str) -> list[PageWord]:
    found: list[PageWord] = []
    for line, message, _comments, _context in extract(
        "javascript",
        io.BytesIO(text.encode("utf-8")),
        keywords=KEYWORDS,
        comment_tags=(),
        options={"parse_template_string": True},
    ):
        where = f"{name}:{line}"
        if isinstance(message, tuple):
            found.append(PageWord((message[0], message[1]), where))
        else:
            found.append(PageWord(message, where))
    return found


def page_strings(folder: Path = STATIC) -> list[PageWord]:
    """Every page word, each once, in the order of :data:`PAGE_FILES`."""
    seen: dict[str, PageWord] = {}
    for name in PAGE_FILES:
        text = (folder / name).read_text(encoding="utf-8")
        if name.endswith(".html"):
            words = [PageWord(w, name) for w in html_words(text)]
        else:
            words = js_words(text, name)
        for word in words:
            one = word.english if isinstance(word.english, str) else word.english[0]
            seen.setdefault(one, word)
    return list(seen.values())


@cache
def page_words(lang: str) -> dict[str, Any]:
    """The answer of ``/api/page-words?lang=``: ``lang``'s translated page words by their
    English (a plural entry: its forms, in the catalog's order), and its plural rule."""
    if check_language(lang) == "en":
        return {"lang": "en", "plural": "(n != 1)", "words": {}}
    catalog = load(lang)
    prefix = f"{PAGE}\x04"
    words: dict[str, str | list[str]] = {}
    for entry, value in catalog.entries.items():
        if entry.startswith(prefix):
            words[entry[len(prefix) :]] = value if isinstance(value, str) else list(value)
    return {"lang": lang, "plural": catalog.expression, "words": words}
