"""How the bench prints a figure: the value beside its target and a ✓/✗
mark, so a regression shows at a glance. Targets come from issue 13; they are
notes for people, never assertions."""
from __future__ import annotations

import statistics
from typing import Sequence

FRAME_MEDIAN_MS = 8.0
FRAME_P99_MS = 16.0
MARK = {True: "✓", False: "✗"}


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def row(metric: str, value: str, target: str = "", ok: bool | None = None) -> None:
    mark = "" if ok is None else MARK[ok]
    print(f"  {metric:<44} {value:<30} {target:<18} {mark}".rstrip(), flush=True)


def heading(text: str) -> None:
    print(text, flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def frames_row(metric: str, times: Sequence[float], median_ms: float = FRAME_MEDIAN_MS,
               p99_ms: float = FRAME_P99_MS, note: str = "") -> bool:
    """Median / p99 / max of frame times (seconds) against the frame targets."""
    if not times:
        row(metric, "(no frames)")
        return True
    med, p99 = statistics.median(times), percentile(times, 99)
    ok = med * 1000 < median_ms and p99 * 1000 < p99_ms
    value = f"{ms(med)} / {ms(p99)} / {ms(max(times))} ms" + (f" {note}" if note else "")
    row(metric, value, f"< {median_ms:g} / < {p99_ms:g} ms", ok)
    return ok


def limit_row(metric: str, value: float, limit: float, unit: str, digits: int = 1, extra: str = "") -> bool:
    """One figure that must stay under `limit`."""
    ok = value < limit
    row(metric, f"{value:.{digits}f} {unit}" + (f" {extra}" if extra else ""), f"< {limit:g} {unit}", ok)
    return ok


def spread_row(metric: str, times: Sequence[float], targets: tuple[float | None, float | None, float | None],
               extra: str = "") -> bool:
    """Median / p99 / max in ms against optional targets for each."""
    if not times:
        row(metric, "(none)")
        return True
    values = (statistics.median(times), percentile(times, 99), max(times))
    parts = [f"{'' if t is None else '< ' + format(t, 'g')}" for t in targets]
    ok = all(t is None or v * 1000 < t for v, t in zip(values, targets))
    judged = any(t is not None for t in targets)
    row(metric, " / ".join(ms(v) for v in values) + " ms" + (f" {extra}" if extra else ""),
        (" / ".join(p or "–" for p in parts) + " ms") if judged else "", ok if judged else None)
    return ok
