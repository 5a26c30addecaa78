"""Wordle rules: feedback as base-3 integers, pattern matrices, hard-mode validity, multigraph encoding."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import numpy as np

from core import artefacts
from core.cache import cache_dir, content_hash
from core.progress import no_progress

Word = str
Pattern = int  # sum of colour_i * 3**i; grey 0, yellow 1, green 2
RULES = ("standard", "harsh")
GREY, YELLOW, GREEN = 0, 1, 2
MIN_LENGTH, MAX_LENGTH = 2, 12
COLOUR_NAMES = {GREY: "grey", YELLOW: "yellow", GREEN: "green"}
COLOUR_EMOJI = {GREY: "⬜", YELLOW: "🟨", GREEN: "🟩"}


def check_rule(rule: str) -> str:
    """The rule name, or ValueError for an unknown one."""
    if rule not in RULES:
        raise ValueError(f"unknown feedback rule {rule!r}; choose from {', '.join(RULES)}")
    return rule


def colours(answer: Word, guess: Word, rule: str = "standard") -> tuple[int, ...]:
    """The colour of each guessed letter (0 grey, 1 yellow, 2 green) under a rule."""
    check_rule(rule)
    if len(answer) != len(guess):
        raise ValueError(f"guess {guess!r} and answer {answer!r} differ in length")
    out = [GREEN if g == a else GREY for g, a in zip(guess, answer)]
    if rule == "harsh":
        present = set(answer)
        return tuple(c if c == GREEN or g not in present else YELLOW for c, g in zip(out, guess))
    left: dict[str, int] = {}
    for a, c in zip(answer, out):
        if c != GREEN:
            left[a] = left.get(a, 0) + 1
    for i, g in enumerate(guess):
        if out[i] != GREEN and left.get(g, 0) > 0:
            out[i] = YELLOW
            left[g] -= 1
    return tuple(out)


def pattern_of(cols: Sequence[int]) -> Pattern:
    """The base-3 code of a colour sequence (position 0 is the lowest digit)."""
    return sum(int(c) * 3**i for i, c in enumerate(cols))


def colours_of(pattern: Pattern, length: int) -> tuple[int, ...]:
    """The colour sequence of a base-3 code."""
    return tuple((int(pattern) // 3**i) % 3 for i in range(length))


def feedback(answer: Word, guess: Word, rule: str = "standard") -> Pattern:
    """The feedback code for a guess against an answer."""
    return pattern_of(colours(answer, guess, rule))


def all_green(length: int) -> Pattern:
    """The code of a solved guess."""
    return 3**length - 1


def pattern_dtype(length: int) -> type:
    """The smallest unsigned integer type holding every code of a word length."""
    return np.uint8 if 3**length <= 256 else np.uint16 if 3**length <= 65536 else np.uint32


# ---------------------------------------------------------------- matrices


def symbol_array(words: Sequence[Word], symbols: str) -> np.ndarray:
    """Words as a (words, length) array of symbol indices."""
    index = {c: i for i, c in enumerate(symbols)}
    length = len(words[0]) if words else 0
    return np.array([[index[c] for c in w] for w in words], dtype=np.int16).reshape(len(words), length)


def symbols_of(*lists: Iterable[Word]) -> str:
    """Every symbol the lists use, sorted."""
    return "".join(sorted({c for words in lists for w in words for c in w}))


def compute_pattern_matrix(guesses: Sequence[Word], answers: Sequence[Word], rule: str = "standard",
                           chunk: int = 256, progress: Callable[[int, int, str], None] = no_progress) -> np.ndarray:
    """The (guesses, answers) matrix of feedback codes, vectorised with numpy; progress(done, total, message) is
    told after each chunk of guesses."""
    check_rule(rule)
    lengths = {len(w) for w in guesses} | {len(w) for w in answers}
    if len(lengths) > 1:
        raise ValueError(f"words of several lengths: {sorted(lengths)}")
    length = lengths.pop() if lengths else 0
    symbols = symbols_of(guesses, answers)
    G, A = symbol_array(guesses, symbols), symbol_array(answers, symbols)
    out = np.zeros((len(guesses), len(answers)), dtype=pattern_dtype(length))
    powers = (3 ** np.arange(length)).astype(np.float32)
    counts = np.zeros((len(symbols), len(answers)), dtype=np.float32)  # counts[s, a]: copies of s in answer a
    for j in range(length):
        np.add.at(counts, (A[:, j], np.arange(len(answers))), 1)
    later = np.triu(np.ones((length, length), dtype=bool), k=1)  # later[k, i]: k < i
    for start in range(0, len(guesses), chunk):
        g = G[start:start + chunk]
        green = g[:, None, :] == A[None, :, :]  # (c, A, L)
        copies = counts[g].transpose(0, 2, 1)  # (c, A, L): copies of guess letter i in the answer
        if rule == "harsh":
            yellow = ~green & (copies > 0)
        else:
            same = (g[:, :, None] == g[:, None, :]).astype(np.float32)  # (c, k, i)
            matched = green.astype(np.float32) @ same  # greens using guess letter i's symbol
            prior = (~green).astype(np.float32) @ (same * later[None])  # earlier non-green copies of letter i
            yellow = ~green & (copies - matched > prior)
        codes = (green * np.float32(2) + yellow) @ powers
        out[start:start + chunk] = np.rint(codes).astype(out.dtype)
        progress(min(start + chunk, len(guesses)), len(guesses), "feedback of every guess against every answer")
    return out


def pattern_matrix(guesses: Sequence[Word], answers: Sequence[Word], rule: str = "standard",
                   progress: Callable[[int, int, str], None] = no_progress) -> np.ndarray:
    """The pattern matrix, cached on disk keyed by both lists' content and the rule."""
    key = artefacts.key("wordle-patterns", rule, content_hash("\n".join(guesses)), content_hash("\n".join(answers)))
    path = cache_dir("wordle") / f"patterns-{key}.npy"
    if path.is_file():
        try:
            return np.load(path, allow_pickle=False)
        except (ValueError, OSError):
            path.unlink(missing_ok=True)
    mat = compute_pattern_matrix(guesses, answers, rule, progress=progress)
    tmp = path.with_name(path.name + f".{id(mat)}.tmp")
    with open(tmp, "wb") as fh:
        np.save(fh, mat, allow_pickle=False)
    tmp.replace(path)
    return mat


# ---------------------------------------------------------------- hard mode


def hard_requirements(guess: Word, pattern: Pattern, rule: str = "standard") -> tuple[dict[int, str], dict[str, int]]:
    """(greens by position, least count of each revealed letter) that later guesses must keep."""
    cols = colours_of(pattern, len(guess))
    greens = {i: g for i, (g, c) in enumerate(zip(guess, cols)) if c == GREEN}
    counts: dict[str, int] = {}
    for g, c in zip(guess, cols):
        if c != GREY:
            counts[g] = counts.get(g, 0) + 1
    if rule == "harsh":  # harsh yellows may repeat beyond the answer's copies: only greens count exactly
        counts = {g: max(1, sum(1 for x in greens.values() if x == g)) for g in counts}
    return greens, counts


def hard_mode_violation(word: Word, history: Sequence[tuple[Word, Pattern]], rule: str = "standard") -> str | None:
    """Why a guess breaks hard mode after the history (None when it is allowed)."""
    for guess, pattern in history:
        greens, counts = hard_requirements(guess, pattern, rule)
        for i, letter in greens.items():
            if i < len(word) and word[i] != letter:
                return f"position {i + 1} must be {letter!r}"
        for letter, n in counts.items():
            if word.count(letter) < n:
                return f"the guess must contain {letter!r}" + (f" {n} times" if n > 1 else "")
    return None


def hard_mode_mask(words_array: np.ndarray, letter_counts: np.ndarray, guess_row: np.ndarray,
                   pattern: Pattern, rule: str = "standard") -> np.ndarray:
    """A boolean mask of the words (as symbol arrays with per-symbol counts) allowed after one guess in hard mode."""
    length = words_array.shape[1]
    cols = colours_of(pattern, length)
    ok = np.ones(len(words_array), dtype=bool)
    need: dict[int, int] = {}
    green_need: dict[int, int] = {}
    for i, c in enumerate(cols):
        s = int(guess_row[i])
        if c == GREEN:
            ok &= words_array[:, i] == s
            green_need[s] = green_need.get(s, 0) + 1
        if c != GREY:
            need[s] = need.get(s, 0) + 1
    if rule == "harsh":
        need = {s: max(1, green_need.get(s, 0)) for s in need}
    for s, n in need.items():
        ok &= letter_counts[:, s] >= n
    return ok


# ---------------------------------------------------------------- multigraphs

PRIVATE_USE = 0xE000


@dataclass(frozen=True)
class Encoding:
    """A mapping of multigraphs to single symbols, applied longest match first."""

    pairs: tuple[tuple[str, str], ...] = ()

    def encode(self, word: Word) -> Word:
        """The word as symbols: the longest multigraph matching at each point becomes its symbol."""
        if not self.pairs:
            return word
        keys = sorted(self.pairs, key=lambda p: -len(p[0]))
        out, i = [], 0
        while i < len(word):
            for multi, sym in keys:
                if word.startswith(multi, i):
                    out.append(sym)
                    i += len(multi)
                    break
            else:
                out.append(word[i])
                i += 1
        return "".join(out)

    def decode(self, symbols: Word) -> Word:
        """The word spelled out again (each symbol back to its multigraph)."""
        if not self.pairs:
            return symbols
        back = {sym: multi for multi, sym in self.pairs}
        return "".join(back.get(c, c) for c in symbols)

    def units(self, symbols: Word) -> list[str]:
        """The spelled-out unit of each symbol (for drawing one tile per symbol)."""
        back = {sym: multi for multi, sym in self.pairs}
        return [back.get(c, c) for c in symbols]


def symbol_clashes(encoding: Encoding, words: Iterable[Word]) -> list[str]:
    """The mapping's symbols that already occur as plain letters in the words (decoding would be ambiguous)."""
    symbols = {sym for _, sym in encoding.pairs}
    seen = {c for w in words for c in w}
    return sorted(symbols & seen)


def multigraph_extra_letters(encoding: Encoding) -> str:
    """The non-letter characters the multigraphs use (like an apostrophe), to accept them in uploads."""
    return "".join(sorted({c for multi, _ in encoding.pairs for c in multi if not c.isalpha()}))


def parse_encoding(text: str) -> Encoding:
    """An Encoding from lines 'multigraph [symbol]' (comma, tab or space separated); symbols default to private-use characters.

    Raises ValueError with a plain message for a bad mapping.
    """
    pairs: list[tuple[str, str]] = []
    used: set[str] = set()
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.replace("\t", ",").replace(" ", ",").split(",") if p.strip()]
        multi = parts[0].lower()
        sym = parts[1] if len(parts) > 1 else ""
        if len(parts) > 2:
            raise ValueError(f"line {n}: expected 'multigraph symbol', got {raw.strip()!r}")
        if len(multi) < 2:
            raise ValueError(f"line {n}: {multi!r} is a single character, not a multigraph")
        if sym and len(sym) != 1:
            raise ValueError(f"line {n}: the symbol {sym!r} must be one character")
        if not sym:
            sym = chr(PRIVATE_USE + len(pairs))
        if sym in used:
            raise ValueError(f"line {n}: the symbol {sym!r} is used twice")
        used.add(sym)
        pairs.append((multi, sym))
    if any(m == other for i, (m, _) in enumerate(pairs) for other, _ in pairs[i + 1:]):
        raise ValueError("a multigraph is listed twice")
    return Encoding(tuple(pairs))


DENSE_CELLS = 1 << 25  # the largest (guesses, codes) count table built at once
SLICE_CELLS = 1 << 19  # guesses x candidates worked on at once (a whole 12,972 x 2,315 matrix at once is 10x slower)


def group_sizes(patterns: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """(guesses, groups) weight of each feedback group, from a (guesses, candidates) code matrix; the columns are the
    codes themselves, or, when 3^length codes would make the table too large, the codes that occur, renumbered."""
    g, n = patterns.shape
    width = int(patterns.max()) + 1 if patterns.size else 1
    if g * width > DENSE_CELLS:
        _, inverse = np.unique(patterns, return_inverse=True)
        patterns, width = inverse.reshape(g, n), int(inverse.max()) + 1
    flat = patterns.astype(np.int32 if g * width < 2**31 else np.int64)
    flat += (np.arange(g, dtype=flat.dtype) * width)[:, None]
    w = None if weights is None else np.broadcast_to(weights, patterns.shape).ravel()
    return np.bincount(flat.ravel(), weights=w, minlength=g * width).reshape(g, width)
