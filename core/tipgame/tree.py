"""Decision trees for the tip game: a tip, then a child per answer; JSON in and out; replay through the rules."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from core.tipgame.rules import ANSWER_NAMES, IS, Answer, Tip, Word, answer, answer_code

FORMAT = "tipgame-tree/1"


class TreeError(ValueError):
    """A tree that does not solve every word of a list, or a malformed tree file."""


@dataclass(frozen=True)
class Node:
    """A tip and, for every non-"is" answer it can get, the subtree to follow."""

    tip: Tip
    children: tuple[tuple[Answer, "Node"], ...] = ()

    def child(self, code: Answer) -> "Node | None":
        """The subtree after an answer (None when the tree has no branch for it)."""
        for c, node in self.children:
            if c == code:
                return node
        return None


def node_to_dict(node: Node) -> dict:
    """A tree as plain JSON data: {"tip": ..., "children": {answer words: subtree}}."""
    return {"tip": node.tip, "children": {ANSWER_NAMES[c]: node_to_dict(ch) for c, ch in node.children}}


def node_from_dict(data: dict, depth: int = 0) -> Node:
    """A tree from JSON data (TreeError for a malformed one)."""
    if depth > 200:
        raise TreeError("The tree is deeper than 200 levels.")
    if not isinstance(data, dict) or not isinstance(data.get("tip"), str) or not data["tip"]:
        raise TreeError("Every tree node needs a non-empty string 'tip'.")
    kids = data.get("children", {})
    if not isinstance(kids, dict):
        raise TreeError("A node's 'children' must be an object keyed by answer.")
    children = []
    for name, sub in kids.items():
        try:
            code = answer_code(name)
        except ValueError as err:
            raise TreeError(str(err)) from None
        if code == IS:
            raise TreeError("The answer 'is' ends the game and cannot have a child.")
        children.append((code, node_from_dict(sub, depth + 1)))
    return Node(data["tip"], tuple(sorted(children)))


def tree_document(root: Node, words: Sequence[Word], **meta) -> dict:
    """The JSON document saved for a tree: format, the words it was built for, its figures and the tree."""
    return {"format": FORMAT, **meta, "words": list(words), "tree": node_to_dict(root)}


def dumps(root: Node, words: Sequence[Word], **meta) -> str:
    """A tree document as JSON text."""
    return json.dumps(tree_document(root, words, **meta), ensure_ascii=False)


def loads(text: str) -> tuple[Node, list[Word], dict]:
    """(tree, words, metadata) from JSON text (TreeError when it is not a tip-game tree)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise TreeError(f"Not JSON: {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or "tree" not in doc:
        raise TreeError(f"Not a tip-game tree file (expected format {FORMAT!r}).")
    words = doc.get("words", [])
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise TreeError("'words' must be a list of strings.")
    meta = {k: v for k, v in doc.items() if k not in ("tree", "words", "format")}
    return node_from_dict(doc["tree"]), words, meta


def load_file(path: str | Path) -> tuple[Node, list[Word], dict]:
    """A tree document from a file."""
    return loads(Path(path).read_text(encoding="utf-8"))


def path_of(root: Node, word: Word, limit: int = 200) -> list[tuple[Tip, Answer]]:
    """The tips and answers a word meets, following the tree through the rules (TreeError if it falls off)."""
    node: Node | None = root
    steps: list[tuple[Tip, Answer]] = []
    while node is not None:
        code = answer(word, node.tip)
        steps.append((node.tip, code))
        if code == IS:
            return steps
        if len(steps) >= limit:
            break
        nxt = node.child(code)
        if nxt is None:
            raise TreeError(f"{word!r} gets {ANSWER_NAMES[code]!r} at tip {node.tip!r}, and the tree has no branch for it.")
        node = nxt
    raise TreeError(f"{word!r} is not found within {limit} tips.")


def replay(root: Node, words: Iterable[Word]) -> dict[Word, int]:
    """The tries every word takes when played through the rules against the tree (TreeError if one fails)."""
    return {w: len(path_of(root, w)) for w in dict.fromkeys(words)}


@dataclass(frozen=True)
class TreeScore:
    """A tree's verified figures over a list (duplicates drawn as often as they occur)."""

    mean: float
    max_tries: int
    total: int
    n: int
    distribution: dict[int, int]


def score(root: Node, words: Sequence[Word]) -> TreeScore:
    """The mean and distribution of tries over the list, measured by replaying every word."""
    if not words:
        raise TreeError("The word list is empty.")
    tries = replay(root, words)
    counts = Counter(words)
    dist: Counter[int] = Counter()
    for w, k in counts.items():
        dist[tries[w]] += k
    total = sum(t * k for t, k in dist.items())
    n = sum(counts.values())
    return TreeScore(total / n, max(dist), total, n, dict(sorted(dist.items())))


def walk(root: Node) -> Iterator[tuple[tuple[Answer, ...], Node]]:
    """Every node with the answers leading to it, depth first."""
    stack: list[tuple[tuple[Answer, ...], Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        yield path, node
        for code, child in reversed(node.children):
            stack.append((path + (code,), child))


def node_at(root: Node, path: Sequence[Answer]) -> Node:
    """The node reached by following answers from the root (TreeError if there is none)."""
    node = root
    for code in path:
        nxt = node.child(code)
        if nxt is None:
            raise TreeError(f"No branch {ANSWER_NAMES[code]!r} under tip {node.tip!r}.")
        node = nxt
    return node


def words_under(root: Node, words: Iterable[Word], path: Sequence[Answer]) -> list[Word]:
    """The words whose game passes through the node at a path."""
    out = []
    for w in words:
        steps = path_of(root, w)
        codes = tuple(c for _, c in steps)
        if codes[: len(path)] == tuple(path) and len(steps) > len(path):
            out.append(w)
    return out


def size(root: Node) -> int:
    """How many tips (nodes) the tree holds."""
    return sum(1 for _ in walk(root))
