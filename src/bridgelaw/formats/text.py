"""Bytes to text for every reader: the encodings club files really come in.

Scoring programs and spreadsheets write UTF-8 with or without a byte-order mark, UTF-16 (Excel's
"Unicode text", with a mark), and older programs ISO-8859-1, the character set PBN 2.1 names.
Line ends may be CRLF, CR or LF. One function decides, so every reader agrees:

1. a byte-order mark names the encoding (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE);
2. without one, a file whose bytes alternate with NULs is UTF-16 without a mark;
3. otherwise UTF-8 if the bytes are valid UTF-8, else ISO-8859-1 (which never fails).

Line ends become ``\\n`` and the mark is dropped, so line numbers in problems count the way an
editor counts them.

>>> decode_text(b"\\xef\\xbb\\xbf[Event \\"x\\"]\\r\\n").text
'[Event "x"]\\n'
>>> decoded = decode_text("Bärbel".encode("utf-16"))
>>> decoded.text, decoded.encoding
('Bärbel', 'utf-16')
>>> decode_text("Gdańsk".encode("utf-8")).encoding, decode_text(b"J\\xe9r\\xf4me").text
('utf-8', 'Jérôme')
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path

from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.access_db import is_access_database

_MARKS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32"),
    (codecs.BOM_UTF8, "utf-8", "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16"),
)


@dataclass(frozen=True, slots=True)
class DecodedText:
    """The text of a file, with the encoding it was read in (for reports)."""

    text: str
    encoding: str


class UndecodableText(BridgeLawError, ValueError):
    """Bytes that claim an encoding (a mark, NUL patterns) but do not decode in it."""


def decode_text(data: bytes, filename: str = "<input>") -> DecodedText:
    """Decode a file's bytes by the rules in the module docstring; see :class:`DecodedText`.

    A Microsoft Access database (a Bridgemate ``.bws``) is not text: it is refused by what it
    is, not by the first byte that fails to decode."""
    if is_access_database(data):
        raise UndecodableText(f"{filename}: a Microsoft Access database (a Bridgemate .bws?), "
                              "not text: score-event, convert, records, analyse and movement "
                              "read Bridgemate databases")  # fmt: skip
    for mark, codec, label in _MARKS:
        if data.startswith(mark):
            return DecodedText(_lines(_strict(data[len(mark) :], codec, filename)), label)
    sample = data[:4096]
    if len(sample) >= 2 and sample.count(0) * 3 >= len(sample):
        # Text in UTF-16 without a mark: every other byte of ASCII text is NUL.
        codec = "utf-16-le" if sample[1::2].count(0) > sample[0::2].count(0) else "utf-16-be"
        return DecodedText(_lines(_strict(data, codec, filename)), codec)
    try:
        return DecodedText(_lines(data.decode("utf-8")), "utf-8")
    except UnicodeDecodeError:
        return DecodedText(_lines(data.decode("latin-1")), "latin-1")


def read_text_file(path: str | Path) -> DecodedText:
    """Read a file and decode it with :func:`decode_text` (``OSError`` is the caller's)."""
    return decode_text(Path(path).read_bytes(), str(path))


def _strict(data: bytes, codec: str, filename: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        raise UndecodableText(f"{filename}: not valid {codec} text at byte {error.start}") from None


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
