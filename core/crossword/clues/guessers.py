"""Clue guessers: guess(clue, pattern, k) -> [(answer, confidence)] fitting the slot's length and known letters."""
from __future__ import annotations

import math
from typing import Protocol, runtime_checkable

import numpy as np

from core.crossword.clues import cluetypes
from core.crossword.knowledge.table import clue_tokens, normalise_clue
from core.crossword.clues.source import GUESSERS, Guess, NamedSource
from core.crossword.knowledge.models import ClueModels

NEIGHBOURS = 60
WIDE = 10  # with known letters, this many times the neighbours are searched for ones whose answers fit


def fits(answer: str, pattern: str) -> bool:
    """Whether an answer fits a pattern ('_' or '.' or '?' for unknown cells)."""
    return len(answer) == len(pattern) and all(p in "_.?" or p == a for p, a in zip(pattern, answer))


def has_letters(pattern: str | None) -> bool:
    """Whether a pattern fixes any letter."""
    return bool(pattern) and any("A" <= ch <= "Z" for ch in pattern)


def fitting_mask(codes: np.ndarray, pattern: str) -> np.ndarray:
    """Rows of (n, L) letter codes that fit the pattern's known letters."""
    mask = np.ones(len(codes), bool)
    for i, ch in enumerate(pattern):
        if "A" <= ch <= "Z":
            mask &= codes[:, i] == ord(ch) - 65
    return mask


def fitting_rows(models: ClueModels, rows: np.ndarray, sims: np.ndarray, pattern: str | None,
                 k: int) -> tuple[np.ndarray, np.ndarray]:
    """The first k neighbour pair rows whose answers fit the pattern (all rows when it fixes no letter)."""
    if not has_letters(pattern):
        return rows[:k], sims[:k]
    answers, pair_answer = models.table.answers, models.table.pair_answer
    keep = [i for i, r in enumerate(rows) if fits(answers[pair_answer[r]], pattern)][:k]
    return rows[keep], sims[keep]


def in_clue(answer: str, clue: str) -> bool:
    """Whether the answer appears as a word of the clue (such answers are never right)."""
    return answer.lower() in clue_tokens(clue)


def _ranked(scores: dict, clue: str, pattern: str, k: int) -> list[Guess]:
    """The k best (answer, confidence) fitting the pattern and not contained in the clue."""
    out = [(a, c) for a, c in scores.items() if fits(a, pattern) and not in_clue(a, clue)]
    out.sort(key=lambda t: (-t[1], t[0]))
    return out[:k]


def neighbour_confidences(models: ClueModels, rows: np.ndarray, sims: np.ndarray,
                          exclude: tuple[str, str] | None = None, best: dict | None = None) -> dict[str, float]:
    """Answer -> 1 - prod(1 - 0.5 exp(-distance)) over neighbour pair rows (a row seen n times counts n times).

    `exclude` (clue, answer) removes one occurrence of that pair (leave-one-out for calibration);
    `best`, when given, receives each answer's highest similarity.
    """
    table = models.table
    out: dict[str, float] = {}
    skip = (table.clue_id.get(exclude[0], -1), table.answer_id.get(exclude[1], -1)) if exclude else None
    for r, s in zip(rows, sims):
        count = int(table.pair_count[r])
        if skip and table.pair_clue[r] == skip[0] and table.pair_answer[r] == skip[1]:
            count -= 1
            if count <= 0:
                continue
        c = 0.5 * math.exp(-(1.0 - float(s)))
        a = table.answers[table.pair_answer[r]]
        keep = 1.0 - out.get(a, 0.0)
        out[a] = 1.0 - keep * (1.0 - c) ** count
        if best is not None and s > best.get(a, -1.0):
            best[a] = float(s)
    return out


def _top(sims: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest values, best first."""
    if len(sims) <= k:
        return np.argsort(-sims, kind="stable")
    idx = np.argpartition(-sims, k)[:k]
    return idx[np.argsort(-sims[idx], kind="stable")]


class NeighbourGuesser(NamedSource):
    """Answers of the nearest training clues; subclasses say how near (`neighbours_of`)."""

    def __init__(self, models: ClueModels, neighbours: int = NEIGHBOURS) -> None:
        self.models, self.neighbours = models, neighbours

    def neighbours_of(self, clue: str, length: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(pair rows, similarities) of the k nearest training clues with answers of this length."""
        raise NotImplementedError

    def candidates(self, clue: str, length: int, exclude=None, best=None, pattern: str | None = None) -> dict[str, float]:
        """Answer -> confidence for the nearest clues (with a pattern: the nearest whose answers fit it)."""
        k = self.neighbours + (1 if exclude else 0)
        rows, sims = self.neighbours_of(normalise_clue(clue), length, k * (WIDE if has_letters(pattern) else 1))
        rows, sims = fitting_rows(self.models, rows, sims, pattern, k)
        return neighbour_confidences(self.models, rows, sims, exclude, best)

    def guess(self, clue: str, pattern: str, k: int = 20) -> list[Guess]:
        """The k best answers fitting the pattern."""
        return _ranked(self.candidates(clue, len(pattern), pattern=pattern), normalise_clue(clue), pattern, k)


class TfidfGuesser(NeighbourGuesser):
    """Nearest training clues by TF-IDF cosine, answers of the right length."""

    name = "tfidf"

    def neighbours_of(self, clue: str, length: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(pair rows, cosine similarities) of the k nearest training clues with answers of this length."""
        xt = self.models.tfidf_by_length.get(length)
        if xt is None:
            return np.zeros(0, np.int64), np.zeros(0)
        q = self.models.vectorizer.transform([clue])
        if q.nnz == 0:
            return np.zeros(0, np.int64), np.zeros(0)
        res = (q @ xt).tocsr()
        if res.nnz == 0:
            return np.zeros(0, np.int64), np.zeros(0)
        top = _top(res.data, k)
        return self.models.rows_by_length[length][res.indices[top]], res.data[top]


class Word2VecGuesser(NeighbourGuesser):
    """A clue as the mean of its Word2Vec word vectors, nearest training clues."""

    name = "word2vec"

    def neighbours_of(self, clue: str, length: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(pair rows, cosine similarities) of the k nearest training clues with answers of this length."""
        rows = self.models.rows_by_length.get(length)
        v = self.models.clue_vector(clue)
        if rows is None or v is None:
            return np.zeros(0, np.int64), np.zeros(0)
        sims = self.models.vecs_by_length[length] @ v
        top = _top(sims, k)
        return rows[top], sims[top]


@runtime_checkable
class ReadsOwnMeaning(Protocol):
    """Models that read a clue's meaning with a source of their own (the full model's vectors)."""

    def clue_meaning(self, clue: str) -> np.ndarray:
        """The clue's unit meaning vector."""


def meaning_vector(models: ClueModels, clue: str) -> np.ndarray:
    """A clue's vector from the models' meaning source: the full model's when they read with it, else the static
    table's."""
    if isinstance(models, ReadsOwnMeaning):  # core.crossword.knowledge.fullmeaning.FullMeaningModels
        return models.clue_meaning(clue)
    from core.crossword.knowledge.meaning import clue_meaning

    return clue_meaning(clue)


ROUGH_SLACK = 64  # extra rows re-scored exactly beyond the k a float16 index's rough ranking keeps


def rough_cosines(matrix: np.ndarray, v: np.ndarray) -> np.ndarray:
    """matrix @ v for a float16 matrix, rounded to float16: by torch's half-precision product when torch is loaded
    already (the full meaning model loads it; 10 ms for 150,000 x 384 where numpy's float16 takes 300-500 ms), else
    by numpy."""
    import sys

    torch = sys.modules.get("torch")
    if torch is not None:
        with torch.no_grad():
            return torch.mv(torch.from_numpy(matrix), torch.from_numpy(v.astype(np.float16))).numpy()
    return matrix @ v.astype(np.float16)


def nearest(matrix: np.ndarray, v: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(rows, float32 cosines) of the k rows of a unit-vector index nearest to v, best first. A float16 index (the
    full meaning model's, half the memory of float32) is ranked roughly, then its best k + ROUGH_SLACK rows are
    re-scored exactly in float32, so the cosines returned are those of a float32 index of the same rows."""
    v = np.asarray(v, np.float32)
    if matrix.dtype != np.float16:
        sims = matrix @ v
        top = _top(sims, k)
        return top, sims[top]
    top = _top(rough_cosines(matrix, v).astype(np.float32), k + ROUGH_SLACK)
    exact = matrix[top].astype(np.float32) @ v
    order = np.argsort(-exact, kind="stable")[:k]
    return top[order], exact[order]


class MeaningGuesser(NeighbourGuesser):
    """Nearest training clues by meaning: a sentence-embedding model's cosine (core.crossword.knowledge.meaning)."""

    name = "meaning"
    MEMO = 4096  # (clue, length) searches kept per guesser: a solve asks a clue again with crossing letters

    def __init__(self, models: ClueModels, neighbours: int = NEIGHBOURS) -> None:
        super().__init__(models, neighbours)
        self.memo: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}

    def neighbours_of(self, clue: str, length: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(pair rows, cosine similarities) of the k nearest training clues by meaning with answers of this length."""
        rows = self.models.rows_by_length.get(length)
        if rows is None or not clue.strip():
            return np.zeros(0, np.int64), np.zeros(0)
        deepest = (self.neighbours + 1) * WIDE
        found = self.memo.get((clue, length))
        if found is None or k > deepest:
            top, sims = nearest(self.models.meaning_by_length[length], meaning_vector(self.models, clue),
                                max(k, deepest))
            found = rows[top], sims
            if len(self.memo) >= self.MEMO:
                self.memo.clear()
            self.memo[(clue, length)] = found
        return found[0][:k], found[1][:k]


class DictionaryGuesser(NamedSource):
    """The fallback: dictionary words and training answers fitting the crossing letters, by prior weight."""

    name = "dictionary"

    def __init__(self, models: ClueModels, scale: float = 0.05) -> None:
        self.models, self.scale = models, scale

    def candidates(self, clue: str, length: int, pattern: str | None = None) -> dict[str, float]:
        """The NEIGHBOURS commonest words of the length (fitting the pattern when given) and their confidences."""
        return dict(self.guess(clue, pattern or "?" * length, NEIGHBOURS))

    def guess(self, clue: str, pattern: str, k: int = 20) -> list[Guess]:
        """The k most common words fitting the pattern, confidence = scale x share of the fitting prior."""
        words, letters, prior = self.models.dictionary.of_length(len(pattern))
        if not len(words):
            return []
        idx = np.flatnonzero(fitting_mask(letters, pattern))
        if not len(idx):
            return []
        p = prior[idx] / prior[idx].sum()
        norm = normalise_clue(clue)
        top = _top(p, k + 5)
        return [(words[idx[j]], float(self.scale * p[j])) for j in top if not in_clue(words[idx[j]], norm)][:k]


class HybridGuesser:
    """Exact-clue lookup, TF-IDF and Word2Vec neighbours, answer documents and WordNet, by a calibrated logistic model."""

    name = "hybrid"
    FEATURES = ("exact share", "log(1+exact count)", "tfidf confidence", "tfidf best cosine",
                "word2vec confidence", "word2vec best cosine", "log answer frequency", "answer-document cosine",
                "WordNet synonym of the clue", "WordNet relative of the clue", "WordNet relative of a clue word",
                "ends in S, clue plural", "ends in S, clue not plural", "ends in ED, clue past tense",
                "share of the clue's words in the answer's document",
                "fill-in-the-blank phrase", "abbreviation for an Abbr. clue", "word of the clue's language",
                "cross-reference clue: similar-clue confidence", "wordplay clue (?): dictionary evidence",
                "inflected like the clue")
    # appended after FEATURES (and after a subclass's own columns) when the meaning source is on
    MEANING_FEATURES = ("meaning confidence", "meaning best cosine")
    MEANING_WEIGHTS = (1.0, 2.0)
    FEATURE_VERSION = "v4"
    # fallback weights when no calibration was fitted (see calibrate())
    DEFAULT_WEIGHTS = (3.0, 0.5, 2.0, 4.0, 1.0, 2.0, 0.1, 3.0, 2.0, 1.0, 0.5, 0.3, -0.3, 0.3, 3.0,
                       3.0, 2.0, 1.0, -2.0, -1.0, 1.0)
    ALL_CLUE_TYPES = ("blank", "abbreviation", "foreign", "cross-reference", "wordplay", "inflected")
    # the handlers on by default (archive models): each measured alone on dev (2011-2012, 3 puzzles a weekday,
    # trained to 2010), only the inflected one gained letters (85.3% against 84.9%); the packaged models turn
    # them all on (see core.crossword.preparation.wordnet_models and research/crossword/README.md, "Clue types"); "archive blank"
    # completes blanks from the training clues' own phrases (cluetypes.archive_blank_answers)
    CLUE_TYPES = ("inflected", "archive blank")
    DEFAULT_BIAS = -8.0
    CALIBRATION_TOL = 1e-4  # the logistic fit's stopping tolerance (scikit-learn's default)

    def __init__(self, models: ClueModels, weights=None, bias: float | None = None,
                 neighbours: int = NEIGHBOURS, answer_documents: int = 30, wordnet: bool = True,
                 clue_types: tuple | None = None, meaning: bool | None = None) -> None:
        self.models = models
        # the meaning source (sentence embeddings of the training clues): on for the archive models
        self.meaning = MeaningGuesser(models, neighbours) if (
            meaning if meaning is not None else models.info.get("meaning", True)) else None
        # the clue-type handlers in use (core.crossword.clues.cluetypes); the models may carry a narrower set
        self.clue_types = frozenset(clue_types if clue_types is not None
                                    else models.info.get("clue_types", self.CLUE_TYPES))
        self.tfidf = TfidfGuesser(models, neighbours)
        self.word2vec = Word2VecGuesser(models, neighbours) if models.w2v is not None else None
        self.answer_documents, self.use_wordnet = answer_documents, wordnet
        fitted = models.info.get("hybrid_calibration") or {}
        if len(fitted.get("weights", ())) != len(self.feature_names):
            fitted = {}
        self.weights = np.array(weights if weights is not None else fitted.get("weights", self.default_weights), float)
        self.bias = float(bias if bias is not None else fitted.get("bias", self.DEFAULT_BIAS))

    @property
    def feature_names(self) -> tuple[str, ...]:
        """The names of the feature columns this guesser computes, in order."""
        return self.FEATURES + (self.MEANING_FEATURES if self.meaning else ())

    @property
    def default_weights(self) -> tuple[float, ...]:
        """The fallback weights of this guesser's columns (no calibration fitted)."""
        return self.DEFAULT_WEIGHTS + (self.MEANING_WEIGHTS if self.meaning else ())

    def wordnet_answers(self, clue: str, length: int) -> tuple[dict, dict, dict]:
        """(synonyms, relatives, relatives of single words) of a normalised clue in WordNet, of this length."""
        if not self.use_wordnet:
            return {}, {}, {}
        from core.words.wordnet import related_answers

        graph = self.models.wordnet
        if "abbreviation" in self.clue_types and cluetypes.is_abbreviation(clue):
            clue = cluetypes.strip_abbreviation(clue)
        words = [w for w in clue_tokens(clue) if w != "___"]
        syn, rel = related_answers(graph, " ".join(words))
        loose: dict = {}
        if 1 < len(words) <= 4:
            for w in words:
                if len(w) > 2:
                    for d in related_answers(graph, w):
                        loose.update(d)
        return tuple({a: 1 for a in d if len(a) == length} for d in (syn, rel, loose))

    def features(self, clue: str, length: int, exclude: str | None = None,
                 pattern: str | None = None) -> tuple[list[str], np.ndarray]:
        """(answers, feature matrix) for every candidate any source proposes; `exclude` = the true answer, left out once.

        With a pattern, the sources are searched for answers that fit it (deeper than without).
        """
        norm = normalise_clue(clue)
        keep = (lambda a: fits(a, pattern)) if has_letters(pattern) else (lambda a: True)
        exact = {a: n for a, n in self.models.table.exact(norm).items() if len(a) == length}
        if exclude and exclude in exact:
            exact[exclude] -= 1
            exact = {a: n for a, n in exact.items() if n > 0}
        total = sum(exact.values())
        pair = (norm, exclude) if exclude else None
        tf_best, wv_best = {}, {}
        tf = self.tfidf.candidates(norm, length, pair, tf_best, pattern)
        wv = self.word2vec.candidates(norm, length, pair, wv_best, pattern) if self.word2vec else {}
        mn_best: dict = {}
        mn = self.meaning.candidates(norm, length, pair, mn_best, pattern) if self.meaning else {}
        docs, doc_local, doc_sims, doc_cover = {}, {}, np.zeros(0), np.zeros(0)
        if self.answer_documents:
            ad = self.models.answer_docs
            doc_local, doc_sims = ad.scores(norm, length, exclude)
            cover = self.models.info.get("coverage", False)  # on for the packaged models only (see harness)
            doc_cover = ad.coverage(norm, length, exclude)[1] if cover else np.zeros_like(doc_sims)
            if len(doc_sims):
                ids = ad.by_length[length][0]
                fit = fitting_mask(ad.codes[length], pattern) if has_letters(pattern) else np.ones(len(ids), bool)
                for ranking in ((doc_sims, doc_cover + 0.1 * doc_sims) if cover else (doc_sims,)):
                    sims = np.where(fit, ranking, 0)
                    k = min(self.answer_documents, len(sims) - 1)
                    top = np.argpartition(-sims, k)[:k] if len(sims) > k else np.arange(len(sims))
                    docs.update({self.models.table.answers[ids[i]]: 1 for i in top if sims[i] > 0})
        syn, rel, loose = self.wordnet_answers(norm, length)
        kinds = {name: {a: c for a, c in d.items() if len(a) == length and a.isascii() and a.isalpha()}
                 for name, d in self.clue_type_proposals(norm, length, pattern, syn, rel, exclude).items()}
        answers = [a for a in dict.fromkeys([*exact, *tf, *wv, *mn, *docs, *syn, *rel, *loose,
                                             *(a for d in kinds.values() for a in d)])
                   if keep(a) and not in_clue(a, norm)]
        counts = self.models.table.answer_counts
        aid = self.models.table.answer_id
        plural, past = clue_number(norm)
        feats = np.array([[exact.get(a, 0) / total if total else 0.0, math.log1p(exact.get(a, 0)),
                           tf.get(a, 0.0), tf_best.get(a, 0.0), wv.get(a, 0.0), wv_best.get(a, 0.0),
                           math.log1p(counts[aid[a]]) if a in aid else 0.0,
                           float(doc_sims[doc_local[a]]) if a in doc_local else 0.0,
                           float(a in syn), float(a in rel), float(a in loose),
                           float(plural and a.endswith("S")), float(not plural and a.endswith("S")),
                           float(past and a.endswith("ED")),
                           float(doc_cover[doc_local[a]]) if a in doc_local else 0.0] for a in answers])
        feats = feats.reshape(len(answers), 15)
        columns = [feats, self.clue_type_features(norm, answers, feats, kinds, exclude)]
        if self.meaning:
            columns.append(np.array([[mn.get(a, 0.0), mn_best.get(a, 0.0)] for a in answers]).reshape(len(answers), 2))
        return answers, np.hstack(columns)

    def clue_type_proposals(self, clue: str, length: int, pattern: str | None, syn: dict, rel: dict,
                            exclude: str | None = None) -> dict:
        """Handler name -> {answer: confidence} from the clue-type handlers that recognise this normalised clue."""
        on, out = self.clue_types, {}
        if "blank" in on and cluetypes.is_blank(clue):
            out["blank"] = cluetypes.blank_answers(clue, length, cluetypes.phrase_counts(), pattern=pattern)
        if "archive blank" in on and cluetypes.is_blank(clue):  # the training clues' own phrases (names, titles)
            for a, c in cluetypes.archive_blank_answers(self.models.table, clue, length, pattern, exclude).items():
                out.setdefault("blank", {})[a] = max(out.get("blank", {}).get(a, 0.0), c)
        if "abbreviation" in on and cluetypes.is_abbreviation(clue):
            from core.words.wordnet import wordnet_abbreviations

            out["abbreviation"] = cluetypes.abbreviation_answers(clue, length, {**syn, **rel}, wordnet_abbreviations())
        if "foreign" in on:
            out["foreign"] = cluetypes.foreign_answers(clue, length, pattern=pattern)
        if "inflected" in on:
            out["inflected"] = self.inflected(clue, length)
        return {k: v for k, v in out.items() if v}

    def inflected(self, clue: str, length: int) -> dict:
        """Answers to the clue made plain (singular, present), inflected like the clue ('dogs' -> DOG -> DOGS)."""
        out: dict = {}
        for base_clue, ending in cluetypes.base_clues(clue):
            for n in cluetypes.base_lengths(length, ending):
                if n < 3:
                    continue
                bases = {a: min(1.0, c) for a, c in self.models.table.exact(base_clue).items() if len(a) == n}
                for a, c in self.tfidf.candidates(base_clue, n).items():
                    bases[a] = max(bases.get(a, 0.0), c)
                for a, c in cluetypes.inflected_answers(bases, ending, length).items():
                    out[a] = max(out.get(a, 0.0), c)
        return dict(sorted(out.items(), key=lambda t: -t[1])[:60])

    def clue_type_features(self, clue: str, answers: list[str], feats: np.ndarray, kinds: dict,
                           exclude: str | None) -> np.ndarray:
        """The clue-type feature columns (see FEATURES from 'fill-in-the-blank phrase' on) for the candidates."""
        on = self.clue_types
        out = np.zeros((len(answers), 6))
        if not answers:
            return out
        blank = kinds.get("blank", {})
        out[:, 0] = [cluetypes.confidence_of(blank.get(a, 0.0)) for a in answers]
        if "abbreviation" in on and cluetypes.is_abbreviation(clue):
            from core.words.wordnet import wordnet_abbreviations

            share = self.clue_word_share(answers, ("abbr", "abbrev"), clue, exclude)
            wn = wordnet_abbreviations()
            out[:, 1] = [max(float(a in wn), s, kinds.get("abbreviation", {}).get(a, 0.0)) for a, s in zip(answers, share)]
        language = cluetypes.language_of(clue) if "foreign" in on else ""
        if language:
            words = tuple(w for w, code in cluetypes.LANGUAGES.items() if code == language)
            share = self.clue_word_share(answers, words, clue, exclude)
            foreign = kinds.get("foreign", {})
            out[:, 2] = [max(cluetypes.confidence_of(foreign.get(a, 0.0)), s) for a, s in zip(answers, share)]
        if "cross-reference" in on and cluetypes.is_cross_reference(clue):
            out[:, 3] = feats[:, 2] + feats[:, 4]
        if "wordplay" in on and cluetypes.is_wordplay(clue):
            out[:, 4] = feats[:, 7] + feats[:, 8] + feats[:, 9] + feats[:, 10]
        inflected = kinds.get("inflected", {})
        out[:, 5] = [inflected.get(a, 0.0) for a in answers]
        return out

    def clue_word_share(self, answers: list[str], words: tuple, clue: str, exclude: str | None) -> np.ndarray:
        """Share of each answer's training clues that hold one of the words (how often it was clued that way).

        `exclude` (the true answer, in calibration) drops this clue's own occurrences from its counts.
        """
        ad = self.models.answer_docs
        terms = [ad.vectorizer.vocabulary[w] for w in words if w in ad.vectorizer.vocabulary]
        aid = self.models.table.answer_id
        ids = [aid.get(a, -1) for a in answers]
        if not terms:
            return np.zeros(len(answers))
        known = [i for i in ids if i >= 0]
        hits = np.zeros(len(answers))
        if known:
            column = np.asarray(ad.raw[known][:, terms].sum(axis=1)).ravel()
            hits[[j for j, i in enumerate(ids) if i >= 0]] = column
        counts = np.array([float(self.models.table.answer_counts[i]) if i >= 0 else 0.0 for i in ids])
        if exclude and exclude in aid and exclude in answers:
            j = answers.index(exclude)
            seen = self.models.table.exact(clue).get(exclude, 0)
            mine = sum(t in clue_tokens(clue) for t in words)
            hits[j] = max(0.0, hits[j] - seen * mine)
            counts[j] = max(0.0, counts[j] - seen)
        return np.where(counts > 0, np.minimum(1.0, hits / np.maximum(counts, 1.0)), 0.0)

    def probabilities(self, feats: np.ndarray) -> np.ndarray:
        """Calibrated probability that each candidate is the answer."""
        return 1.0 / (1.0 + np.exp(-(feats @ self.weights + self.bias)))

    def candidates(self, clue: str, length: int, pattern: str | None = None) -> dict[str, float]:
        """Answer -> calibrated confidence (with a pattern: searched among answers that fit it)."""
        answers, feats = self.features(clue, length, pattern=pattern)
        if not answers:
            return {}
        return dict(zip(answers, self.probabilities(feats).tolist()))

    def candidates_with_sources(self, clue: str, length: int,
                                pattern: str | None = None) -> tuple[dict[str, float], dict[str, tuple]]:
        """(answer -> calibrated confidence, answer -> the sources that proposed it, strongest first)."""
        answers, feats = self.features(clue, length, pattern=pattern)
        if not answers:
            return {}, {}
        tags = [feature_sources(row, CLOSE_SOURCE_COLUMNS) for row in feats]
        return dict(zip(answers, self.probabilities(feats).tolist())), dict(zip(answers, tags))

    def guess(self, clue: str, pattern: str, k: int = 20) -> list[Guess]:
        """The k best answers fitting the pattern."""
        return _ranked(self.candidates(clue, len(pattern), pattern), normalise_clue(clue), pattern, k)


# source tag -> the feature columns that say it proposed an answer (strongest evidence first): (column, floor)
# pairs, the tag shown when any column is above its floor
SOURCE_COLUMNS = (("exact", ((0, 0),)), ("synonym", ((8, 0),)), ("blank", ((15, 0),)), ("abbreviation", ((16, 0),)),
                  ("similar", ((2, 0), (4, 0))), ("words", ((7, 0),)), ("related", ((9, 0),)),
                  ("related word", ((10, 0),)), ("inflected", ((20, 0),)), ("foreign", ((17, 0),)))
# The archive's similarity sources give most candidates some similarity, so their tags said little: on dev
# (2011-2012 top-10 candidates, trained to 2010; 6.3% right) "similar clues" sat on 75% of them (8.0% right) and
# the meaning source on 99.8%. Each tag now needs the similarity at which its candidates are right at least 20% of
# the time: TF-IDF cosine 0.4, answer-document cosine 0.3, meaning cosine 0.7 (research/crossword/meaning_tag.py;
# Word2Vec's never reaches it). A candidate below every floor reads as loosely related ("loose").
CLOSE_FLOORS = {"similar": ((3, 0.4),), "words": ((7, 0.3),)}  # 3: TF-IDF best cosine; 7: answer-document cosine
CLOSE_SOURCE_COLUMNS = tuple((tag, CLOSE_FLOORS.get(tag, cols)) for tag, cols in SOURCE_COLUMNS) + (
    ("meaning", ((22, 0.7),)),)  # 22: meaning best cosine
LOOSE_COLUMNS = (2, 4, 7, 21)  # any similarity at all: TF-IDF, Word2Vec, answer documents, meaning


def feature_sources(row: np.ndarray, columns: tuple = SOURCE_COLUMNS) -> tuple[str, ...]:
    """The source tags of one candidate's feature row (see core.crossword.explain for their words)."""
    tags = tuple(tag for tag, cols in columns if any(c < len(row) and row[c] > floor for c, floor in cols))
    if tags or row[14] >= 0.5:
        return tags or ("words",)
    return ("loose",) if any(c < len(row) and row[c] > 0 for c in LOOSE_COLUMNS) else ()


def clue_number(clue: str) -> tuple[bool, bool]:
    """(looks plural, looks past tense) of a normalised clue: its last word ends in -s, a leading word in -ed."""
    words = [w for w in clue_tokens(clue) if w != "___"]
    if not words:
        return False, False
    last = words[-1]
    plural = len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is"))
    past = any(len(w) > 4 and w.endswith("ed") for w in words[:2])
    return plural, past


def calibration_data(guesser: HybridGuesser, puzzles) -> tuple[np.ndarray, np.ndarray]:
    """(features, is-the-answer labels) for every candidate of every slot, leaving each slot's own pair out."""
    xs, ys = [], []
    for p in puzzles:
        for s in p.slots.values():
            if not s.answer:
                continue
            answers, feats = guesser.features(s.clue, s.length, exclude=s.answer)
            if len(answers):
                xs.append(feats)
                ys.append(np.array([a == s.answer for a in answers]))
    if not xs:
        return np.zeros((0, len(guesser.feature_names))), np.zeros(0, bool)
    return np.vstack(xs), np.concatenate(ys)


def calibrate(guesser: HybridGuesser, puzzles) -> tuple[np.ndarray, float]:
    """Logistic-regression weights and bias so the hybrid's confidences are probabilities (leave-one-out dev data)."""
    from sklearn.linear_model import LogisticRegression

    x, y = calibration_data(guesser, puzzles)
    if len(y) == 0 or y.all() or not y.any():
        return np.array(guesser.default_weights, float), guesser.DEFAULT_BIAS
    lr = LogisticRegression(C=1.0, max_iter=5000, tol=guesser.CALIBRATION_TOL).fit(x, y)
    return lr.coef_[0].astype(float), float(lr.intercept_[0])


@GUESSERS.register("tfidf", help="TF-IDF nearest training clues")
def _tfidf(models: ClueModels, **kw) -> TfidfGuesser:
    return TfidfGuesser(models, **kw)


@GUESSERS.register("word2vec", help="Word2Vec mean-vector nearest training clues")
def _w2v(models: ClueModels, **kw) -> Word2VecGuesser:
    return Word2VecGuesser(models, **kw)


@GUESSERS.register("hybrid", help="exact lookup + TF-IDF + Word2Vec, calibrated")
def _hybrid(models: ClueModels, **kw) -> HybridGuesser:
    return HybridGuesser(models, **kw)


@GUESSERS.register("meaning", help="nearest training clues by meaning (a sentence-embedding model)")
def _meaning(models: ClueModels, **kw) -> MeaningGuesser:
    return MeaningGuesser(models, **kw)


@GUESSERS.register("dictionary", help="fallback: common words fitting the crossing letters")
def _dict(models: ClueModels, **kw) -> DictionaryGuesser:
    return DictionaryGuesser(models, **kw)
