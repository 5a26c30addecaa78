"""Dataset statistics over archive records: by year and weekday, top answers, lengths, repeat rate."""
from __future__ import annotations

from collections import Counter

from core.crossword.knowledge.table import ClueTable, normalise_clue

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def dataset_stats(records: list[dict]) -> dict:
    """Counts by year and weekday, answer frequencies and answer lengths of the records."""
    years, days, answers = Counter(), Counter(), Counter()
    for rec in records:
        years[str(rec.get("date", ""))[:4]] += 1
        days[str(rec.get("dow", ""))] += 1
        for d in ("across", "down"):
            answers.update(str(a).upper() for a in (rec.get("answers") or {}).get(d, []))
    lengths = Counter()
    for a, n in answers.items():
        lengths[len(a)] += n
    week = {d: i for i, d in enumerate(WEEKDAYS)}
    by_weekday = dict(sorted(days.items(), key=lambda kv: (week.get(kv[0], len(week)), kv[0])))  # Monday first
    return {"puzzles": len(records), "by_year": dict(sorted(years.items())), "by_weekday": by_weekday,
            "answers": answers, "lengths": dict(sorted(lengths.items()))}


def repeat_rate(table: ClueTable, records: list[dict]) -> dict:
    """How often a test clue-answer pair, and a test answer, was already seen in training."""
    seen_pair = seen_answer = total = 0
    for rec in records:
        for d in ("across", "down"):
            for item, answer in zip((rec.get("clues") or {}).get(d, []), (rec.get("answers") or {}).get(d, [])):
                total += 1
                answer = str(answer).upper()
                exact = table.exact(normalise_clue(item[1])) if isinstance(item, (list, tuple)) else {}
                seen_pair += answer in exact
                seen_answer += answer in table.answer_id
    return {"test_clues": total, "pair_seen": seen_pair / total if total else 0.0,
            "answer_seen": seen_answer / total if total else 0.0}
