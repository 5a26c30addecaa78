"""Uploaded word lists: decoding, unpacking and parsing a file into a WordList with a report of what was kept and
rejected."""
from __future__ import annotations

import csv
import io
import zlib
from dataclasses import dataclass
from pathlib import Path

from core.words.lists import (MAX_UPLOAD_BYTES, MAX_WORDS, UTF16_BOMS, Word, WordList, WordListError, normalise,
                              rejection_reason)

@dataclass(frozen=True)
class Rejection:
    """One rejected line of an upload."""

    line: int
    text: str
    reason: str


@dataclass(frozen=True)
class UploadReport:
    """What validating an uploaded list found."""

    encoding: str
    lines: int
    accepted: int
    duplicates: int
    rejected: int
    examples: tuple[Rejection, ...]
    notes: tuple[str, ...] = ()
    blank: int = 0  # empty lines skipped

    def summary(self, keeps_repeats: bool = False) -> str:
        """A one-paragraph plain-language summary; `keeps_repeats` for the page that plays a repeated word as often as
        it is listed (the tip game), where the other pages count it once."""
        parts = [f"{counted(self.accepted, 'word')} accepted from {counted(self.lines, 'line')} (read as {self.encoding})."]
        if self.duplicates and keeps_repeats:
            parts.append(f"{counted(self.duplicates, 'repeated line')} kept: the tip game draws a word as often as it is "
                         "listed (the other games count it once).")
        elif self.duplicates:
            parts.append(f"{counted(self.duplicates, 'repeated line')} dropped (a word listed again counts once here; "
                         "the tip game draws it as often as it is listed).")
        if self.rejected:
            parts.append(f"{counted(self.rejected, 'line')} rejected.")
        if self.blank:
            parts.append(f"{counted(self.blank, 'empty line')} skipped.")
        parts.extend(self.notes)
        return " ".join(parts)


def counted(n: int, noun: str) -> str:
    """'1 word', '2,000 words': a count with its noun in the right number."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


MAX_WORD_LETTERS = 45  # no dictionary word is longer (pneumonoultramicroscopicsilicovolcanoconiosis): a longer line is junk
NOT_UTF8 = "is not valid UTF-8 (a stray byte)"


def decode_bytes(data: bytes) -> tuple[str, str]:
    """The text of uploaded bytes and the encoding used (see decode_lines)."""
    text, encoding, _ = decode_lines(data)
    return text, encoding


def decode_lines(data: bytes) -> tuple[str, str, frozenset[int]]:
    """(text, encoding, numbers of the lines that are not valid UTF-8): UTF-16 with its byte-order mark; UTF-8 (with or
    without BOM); a file whose every line with a byte above 127 fails UTF-8 is Latin-1; otherwise each line is read
    as UTF-8 on its own, so one stray byte spoils one line (its number returned, its text with the byte replaced),
    never the whole file ("naïve" stays naïve)."""
    if data.startswith(UTF16_BOMS):
        try:
            return data.decode("utf-16"), "UTF-16", frozenset()
        except UnicodeDecodeError:
            pass
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        return body.decode("utf-8"), "UTF-8 with BOM" if bom else "UTF-8", frozenset()
    except UnicodeDecodeError:
        pass
    lines = body.split(b"\n")
    bad = frozenset(i + 1 for i, line in enumerate(lines) if not _is_utf8(line))
    good_non_ascii = any(not line.isascii() and _is_utf8(line) for line in lines)
    if not good_non_ascii:
        note = "the file starts with a UTF-8 mark but is not valid UTF-8" if bom else "the file is not valid UTF-8"
        return body.decode("latin-1"), f"Latin-1 ({note})", frozenset()
    text = "\n".join(line.decode("utf-8", errors="replace") for line in lines)
    return text, "UTF-8, line by line", bad


def _is_utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def looks_binary(data: bytes) -> bool:
    """True when bytes look like a binary file rather than text."""
    head = data[:8192]
    if head.startswith(UTF16_BOMS):  # text in UTF-16 (Windows Notepad's "Unicode"): NUL bytes are expected
        return False
    if b"\x00" in head:
        return True
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 13))
    return bool(head) and control / len(head) > 0.05


def _gunzip(data: bytes, limit: int) -> bytes:
    try:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        out = d.decompress(data, limit + 1)
    except zlib.error as err:
        raise WordListError(f"The gzip file is damaged or truncated ({err}).") from None
    if len(out) > limit:
        raise WordListError(f"The unpacked file is over the {limit // (1024 * 1024)} MB limit.")
    if not d.eof:
        raise WordListError("The gzip file is truncated.")
    return out


def _rows(text: str, filename: str) -> tuple[list[tuple[int, str, str | None]], list[str]]:
    """(line number, word text, frequency text) rows of an upload, and notes."""
    lower = filename.lower().removesuffix(".gz")
    notes: list[str] = []
    lines = text.splitlines()
    if not (lower.endswith(".csv") or lower.endswith(".tsv")):
        return [(i + 1, line, None) for i, line in enumerate(lines)], notes
    delimiter = "\t" if lower.endswith(".tsv") else ","
    reader = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not reader:
        return [], notes
    header = [h.strip().lower() for h in reader[0]]
    word_col, freq_col, start = 0, None, 0
    if any(h in ("word", "words", "answer", "term") for h in header):
        word_col = next(i for i, h in enumerate(header) if h in ("word", "words", "answer", "term"))
        freq_col = next((i for i, h in enumerate(header) if h in ("frequency", "freq", "count", "weight", "score")), None)
        start = 1
        notes.append(f"Read column {reader[0][word_col]!r} as the words" + (f" and {reader[0][freq_col]!r} as frequencies." if freq_col is not None else "."))
    elif len(header) > 1 and _is_number(header[1]):
        freq_col = 1
        notes.append("No header: read the first column as words and the second as frequencies.")
    rows = []
    for i, rec in enumerate(reader[start:], start=start + 1):
        if not rec:
            rows.append((i, "", None))
            continue
        word = rec[word_col] if word_col < len(rec) else ""
        freq = rec[freq_col] if freq_col is not None and freq_col < len(rec) else None
        rows.append((i, word, freq))
    return rows, notes


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def parse_upload(data: bytes, filename: str, name: str | None = None, extra: str = "",
                 max_bytes: int = MAX_UPLOAD_BYTES, max_words: int = MAX_WORDS) -> tuple[WordList, UploadReport]:
    """A validated WordList from uploaded bytes (.txt, .csv, .tsv, or gzip of them), and its report.

    Raises WordListError with a plain message for a file that cannot give any word.
    """
    if len(data) > max_bytes:
        raise WordListError(f"The file is {len(data) / 1e6:.1f} MB, over the {max_bytes // (1024 * 1024)} MB limit.")
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, max_bytes)
    elif filename.lower().endswith(".gz"):
        raise WordListError("The file is named .gz but is not gzip data.")
    if not data.strip():
        raise WordListError("The file is empty.")
    if looks_binary(data):
        raise WordListError("The file looks binary, not text: upload a .txt, .csv or .tsv word list.")
    text, encoding, not_utf8 = decode_lines(data)
    rows, notes = _rows(text, filename)
    words: dict[Word, float] = {}
    has_freq = any(f is not None for _, _, f in rows)
    rejected: list[Rejection] = []
    duplicates = blank = 0
    for line_no, raw, freq in rows:
        if not raw.strip():
            blank += 1
            continue
        word = normalise(raw)
        reason = NOT_UTF8 if line_no in not_utf8 else rejection_reason(word, extra)
        if reason is None and len(word) > MAX_WORD_LETTERS:
            reason = f"is {len(word):,} characters long: no word has over {MAX_WORD_LETTERS} letters"
        if reason is None and freq is not None and not _is_number(freq):
            reason = f"frequency {freq!r} is not a number"
        if reason is not None:
            rejected.append(Rejection(line_no, raw.strip()[:40], reason))
            continue
        if word in words:
            duplicates += 1
            continue
        words[word] = float(freq) if freq is not None else 0.0
        if len(words) > max_words:
            raise WordListError(f"The list has over {max_words:,} words, the most the lab takes.")
    if not words:
        first = f" First problem: line {rejected[0].line}, {rejected[0].text!r} {rejected[0].reason}." if rejected else ""
        raise WordListError(f"No valid word found in the file ({len(rejected):,} lines rejected).{first}")
    if any(raw != raw.strip().lower() for _, raw, _ in rows[:1000] if raw.strip()):
        notes.append("Mixed case and surrounding spaces were normalised to lower case.")
    wl = WordList(
        name=name or Path(filename).name,
        words=tuple(words),
        source=f"uploaded file {Path(filename).name}",
        frequencies=tuple(words.values()) if has_freq else None,
    )
    report = UploadReport(encoding, len(rows), len(words), duplicates, len(rejected), tuple(rejected[:10]), tuple(notes),
                          blank)
    return wl, report


def read_file(path: str | Path, name: str | None = None) -> WordList:
    """A WordList from a file on disk, validated like an upload (raises WordListError)."""
    p = Path(path)
    if not p.is_file():
        raise WordListError(f"No such word-list file: {p}")
    wl, _ = parse_upload(p.read_bytes(), p.name, name=name or p.stem, max_bytes=10 * MAX_UPLOAD_BYTES)
    return wl
