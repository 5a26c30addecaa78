"""The progress-callback contract shared by fitting, search and benchmarks."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

RECENT_SHARE = 1 / 3  # the recent pace is measured over the last third of the phase's time so far
LEAST_ERROR_SHARE, LEAST_ERROR_SECONDS = 0.2, 1.0  # an estimate is never said to be surer than ±20% or ±1 s


class Progress(Protocol):
    """Called as progress(done, total, message); must be cheap and never raise."""

    def __call__(self, done: int, total: int, message: str = "") -> None: ...


def no_progress(done: int, total: int, message: str = "") -> None:
    """A progress callback that ignores every report."""


def shifted(progress: Progress, start: int, total: int) -> Progress:
    """A callback that reports step i of a phase as step start + i of `total` (a bar over phases never steps back)."""
    return lambda i, _n, message="": progress(start + i, total, message)


def terminal_progress(stream=None, width: int = 30) -> Callable[[int, int, str], None]:
    """A progress callback that draws a one-line bar on stderr."""
    import sys

    out = stream or sys.stderr

    def report(done: int, total: int, message: str = "") -> None:
        frac = done / total if total else 1.0
        filled = int(round(frac * width))
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {message[:40]:<40}")
        if done >= total:
            out.write("\n")
        out.flush()

    return report


@dataclass(frozen=True)
class TimeLeft:
    """An estimate of the seconds left and its error: the work should end within seconds ± error."""

    seconds: float
    error: float

    @property
    def most(self) -> float:
        """The latest the work should end by, as this estimate says."""
        return self.seconds + self.error


def time_left(samples: list[tuple[float, float]], now: float) -> TimeLeft | None:
    """The time left from (time, share done) samples of one phase: the mean of the whole phase's pace and the recent
    pace, with an error covering both (None before any progress or once done)."""
    start, _ = samples[0]
    _, frac = samples[-1]
    if not 0 < frac < 1:
        return None
    whole = (now - start) * (1 - frac) / frac
    since = now - (now - start) * RECENT_SHARE
    ref_t, ref_f = next(((t, f) for t, f in reversed(samples) if t <= since), samples[0])
    recent = (now - ref_t) * (1 - frac) / (frac - ref_f) if frac > ref_f else whole
    seconds = (whole + recent) / 2
    error = max(abs(whole - recent) / 2, LEAST_ERROR_SHARE * seconds, LEAST_ERROR_SECONDS)
    return TimeLeft(seconds, error)


@dataclass(frozen=True)
class Reading:
    """What a bar says of its time left at one moment: a range to show (or none) and whether the work runs later
    than a range shown before said it would."""

    estimate: TimeLeft | None
    late: bool


@dataclass
class PaceClock:
    """A bar's time left measured from its own pace (share done over the seconds it took), keeping its word.

    Each range shown promises an end (now + its most); a later estimate is shown as on time only if its middle ends by
    the earliest such promise, so a time left never grows by more than its own error unless the bar says so. When the
    pace says the work will end later, the bar says at once that it is taking longer than estimated, with a new range
    measured from the work done so far, which keeps its own word from then on (so a loaded machine never shows
    "taking longer than estimated" without a figure).
    """

    start: float
    least_fraction: float = 0.0  # below this share done, no estimate yet (too little to go on)
    least_seconds: float = 0.0  # nor before this many seconds of work (a pace measured over a moment misleads)
    samples: list[tuple[float, float]] = field(default_factory=list)
    promise: float | None = None  # the earliest end any range shown since the last new start promised
    late: bool = False  # a range shown before was passed: the work runs later than estimated

    def record(self, fraction: float, now: float) -> None:
        """Note the share done at a moment (a report from the work)."""
        if not self.samples:
            self.samples.append((self.start, 0.0))
        self.samples.append((now, fraction))

    def reading(self, now: float) -> Reading:
        """What to say of the time left now."""
        fraction = self.samples[-1][1] if self.samples else 0.0
        enough = fraction >= self.least_fraction and now - self.start >= self.least_seconds
        new = time_left(self.samples, now) if self.samples and enough else None
        if new is None:
            return Reading(None, self.late and fraction < 1)
        if self.promise is not None and now + new.seconds > self.promise:
            self.late, self.promise = True, None  # later than promised: the pace's own range at once, said late
        self.promise = now + new.most if self.promise is None else min(self.promise, now + new.most)
        return Reading(new, self.late)


def share_progress(progress: Progress, shares: dict[str, float], start: int = 0) -> Callable[[str], Progress]:
    """stage(name) -> a callback reporting that stage's done/total as its share of one bar of 1,000 steps.

    Shares are the stages' expected seconds, so a bar that moves by them gives an honest time-left estimate; the
    stages fill the bar from `start` (steps already done) to its end.
    """
    total = sum(shares.values()) or 1.0
    starts, acc = {}, 0.0
    for name, share in shares.items():
        starts[name], acc = acc, acc + share

    def stage(name: str) -> Progress:
        begin, span = starts[name], shares[name]

        def report(done: int, total_: int, message: str = "") -> None:
            frac = min(1.0, done / total_) if total_ else 1.0
            progress(start + int(round((1000 - start) * (begin + span * frac) / total)), 1000, message)

        return report

    return stage
