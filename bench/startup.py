"""Start-up figures: a fresh `python3 main.py` until its first menu frame, and
`main.py play GAME` until its first game frame, on a warm start (one untimed
run first fills the disk caches). The figure judged is the child's CPU time
(user + system), steadier than wall time on a shared machine; wall time is
printed beside it. Compiled bytecode is kept between the runs (in a temporary
folder), as an installed app has it, even where PYTHONDONTWRITEBYTECODE is set."""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.report import limit_row

ROOT = Path(__file__).resolve().parent.parent
MENU_TARGET_S = 0.3
GAME_TARGET_S = 0.4
PYCACHE = tempfile.mkdtemp(prefix="railtable-bench-pyc-")


def _child_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def time_process(args: list[str], runs: int) -> tuple[float, float]:
    """Median (CPU seconds, wall seconds) of `main.py ARGS` over `runs` runs after one warm-up."""
    command = [sys.executable, str(ROOT / "main.py"), "--quit-after-frames", "1", *args]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    cpu, wall = [], []
    for _ in range(runs):
        before, start = _child_cpu(), time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        wall.append(time.perf_counter() - start)
        cpu.append(_child_cpu() - before)
    return statistics.median(cpu), statistics.median(wall)


def menu_row(runs: int) -> bool:
    cpu, wall = time_process([], runs)
    return limit_row("first menu frame, new process (CPU)", cpu, MENU_TARGET_S, "s", 2, f"({wall:.2f} s wall)")


def game_row(game_id: str, runs: int) -> bool:
    cpu, wall = time_process(["play", game_id, "--seed", "1"], runs)
    return limit_row("first game frame, new process (CPU)", cpu, GAME_TARGET_S, "s", 2, f"({wall:.2f} s wall)")
