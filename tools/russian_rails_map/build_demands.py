"""Generate the Russian Rails demand deck (maps/russian_rails/demands.yaml).

Method (shared/reference/crayon_rails.md section 5, measured on the real
Eurorails deck): a demand pays about 1M per milepost of the shortest route
from the nearest city supplying the good. Here the payout is exactly that
distance: land mileposts, with the Caspian ferry counted as FERRY_MILEPOSTS.

Deck shape:
- 131 cards x 3 demands; no card repeats a city or a good;
- no city demands a good it supplies, and no demand is shorter than MIN_DISTANCE;
- destinations by size quota (DEST_QUOTA): majors twice as often as medium
  cities, medium twice as often as small ones;
- goods as evenly as possible (393 / 28 = 14 each);
- each card holds one short, one medium and one long demand (terciles).
The script is deterministic (SplitMix64 from game.core.rng, fixed SEED) and
prints the deck's statistics.

Usage: python3 -m tools.russian_rails_map.build_demands [map.tmx] [loads.yaml] [out.yaml]
"""
from __future__ import annotations

import heapq
import os
import statistics
import sys
from collections import Counter
from typing import Mapping

import yaml

from game.core.hexgrid import Hex
from game.core.rng import Rng
from game.crayon.board import CrayonBoard

HERE = os.path.dirname(os.path.abspath(__file__))
MAP_DIR = os.path.join(os.path.dirname(os.path.dirname(HERE)), "maps", "russian_rails")
CARDS = 131
DEMANDS_PER_CARD = 3
SEED = 2004  # the game's publication year; any fixed value gives a fixed deck
FERRY_MILEPOSTS = 6  # a ferry crossing counts as this many mileposts (reference section 5.1)
MIN_DISTANCE = 5  # shortest demand worth a card, in mileposts (ESTIMATED)
DEST_QUOTA = {"major": 20, "medium": 10, "small": 5}  # demands per destination city (ESTIMATED)
GOOD_SLACK = 1  # a good may be used this many times more than the least used one
Demand = tuple[str, str, int]  # city, good, payout


def distances_from(board: CrayonBoard, sources: list[Hex]) -> dict[Hex, int]:
    """Fewest mileposts from any source milepost; the ferry costs FERRY_MILEPOSTS."""
    ferry_links: dict[Hex, list[Hex]] = {}
    for f in board.ferries:
        ferry_links.setdefault(f.a, []).append(f.b)
        ferry_links.setdefault(f.b, []).append(f.a)
    dist = {s: 0 for s in sources}
    heap = [(0, s) for s in sorted(sources)]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        steps = [(n, 1) for n in board.neighbours(h)] + [(n, FERRY_MILEPOSTS) for n in ferry_links.get(h, ())]
        for n, w in steps:
            if d + w < dist.get(n, 1 << 30):
                dist[n] = d + w
                heapq.heappush(heap, (d + w, n))
    return dist


def payout_table(board: CrayonBoard, sources: Mapping[str, list[str]]) -> dict[tuple[str, str], int]:
    """(city, good) -> mileposts from the nearest supply city of the good."""
    table = {}
    for good, cities in sources.items():
        starts = [h for c in cities for h in board.cities[c].mileposts]
        dist = distances_from(board, starts)
        for name, city in board.cities.items():
            if name in cities:
                continue
            reach = [dist[h] for h in city.mileposts if h in dist]
            if reach:
                table[(name, good)] = min(reach)
    return table


def read_sources(loads_path: str) -> dict[str, list[str]]:
    with open(loads_path, "r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return {d["name"]: list(d["sources"]) for d in data["loads"] if d.get("sources")}


def quotas(board: CrayonBoard, cards: int = CARDS, quota: Mapping[str, int] = DEST_QUOTA) -> dict[str, int]:
    total = cards * DEMANDS_PER_CARD
    out = {name: quota[c.size] for name, c in sorted(board.cities.items())}
    medium = sorted(n for n, c in board.cities.items() if c.size == "medium")
    for i in range(total - sum(out.values())):
        out[medium[i % len(medium)]] += 1
    return out


def pick_demands(table: Mapping[tuple[str, str], int], dest: Mapping[str, int], goods: list[str],
                 rng: Rng) -> list[Demand]:
    """Give every city its quota of distinct goods, taking among the allowed
    goods used at most once more than the least used, at random weighted by
    distance: goods stay balanced while long hauls are favoured a little, as
    on the printed cards (median payout in the low 20s)."""
    used: Counter[str] = Counter()
    cities = sorted(dest, key=lambda c: (-dest[c], c))
    out = []
    for city in cities:
        allowed = [g for g in goods if table.get((city, g), 0) >= MIN_DISTANCE]
        if len(allowed) < dest[city]:
            raise ValueError(f"{city} has only {len(allowed)} goods it may demand, needs {dest[city]}")
        chosen: list[str] = []
        for _ in range(dest[city]):
            pool = [g for g in allowed if g not in chosen]
            low = min(used[g] for g in pool)
            g = _weighted(rng, [(g, table[(city, g)]) for g in pool if used[g] <= low + GOOD_SLACK])
            chosen.append(g)
            used[g] += 1
            out.append((city, g, table[(city, g)]))
    return out


def _weighted(rng: Rng, items: list[tuple[str, int]]) -> str:
    total = sum(w for _, w in items)
    pick = rng.below(total)
    for item, w in items:
        if pick < w:
            return item
        pick -= w
    raise AssertionError("unreachable")


def deal_cards(demands: list[Demand], rng: Rng, cards: int = CARDS) -> list[list[Demand]]:
    """One demand from each payout tercile per card, repaired by swaps until
    no card repeats a city or a good."""
    ranked = sorted(demands, key=lambda d: (d[2], d[0], d[1]))
    thirds = [ranked[i * cards:(i + 1) * cards] for i in range(DEMANDS_PER_CARD)]
    for t in thirds:
        rng.shuffle(t)
    for _ in range(200):
        bad = [i for i in range(cards) if _clash([t[i] for t in thirds])]
        if not bad:
            return [[t[i] for t in thirds] for i in range(cards)]
        for i in bad:
            t = thirds[rng.below(DEMANDS_PER_CARD)]
            j = rng.below(cards)
            t[i], t[j] = t[j], t[i]
    raise ValueError("could not deal the demands into cards without repeats")


def _clash(card: list[Demand]) -> bool:
    return len({d[0] for d in card}) < len(card) or len({d[1] for d in card}) < len(card)


def write_deck(cards: list[list[Demand]], path: str) -> None:
    lines = ["# Russian Rails demand cards: generated by tools/russian_rails_map/build_demands.py",
             "# (do not edit by hand; change the generator or the map and run it again).",
             f"# payout = mileposts of the shortest land route from the nearest supply city "
             f"(ferry = {FERRY_MILEPOSTS}).",
             "cards:"]
    for n, card in enumerate(cards, start=1):
        lines.append(f"  - number: {n}")
        lines.append("    demands:")
        for city, good, pay in sorted(card, key=lambda d: -d[2]):
            lines.append(f"      - {{city: {city}, load: {good}, payout: {pay}}}")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


def statistics_text(board: CrayonBoard, cards: list[list[Demand]]) -> str:
    pays = sorted(d[2] for card in cards for d in card)
    by_city = Counter(d[0] for card in cards for d in card)
    by_good = Counter(d[1] for card in cards for d in card)
    sizes = {}
    for size in ("major", "medium", "small"):
        counts = [by_city[n] for n, c in board.cities.items() if c.size == size]
        sizes[size] = f"{size} {min(counts)}-{max(counts)} (mean {statistics.mean(counts):.1f})"
    card_sums = [sum(d[2] for d in card) for card in cards]
    return "\n".join([
        f"cards {len(cards)}, demands {len(pays)}",
        f"payout min {pays[0]}, median {statistics.median(pays)}, max {pays[-1]}, "
        f"quartiles {pays[len(pays) // 4]}-{pays[3 * len(pays) // 4]}, mean card total {statistics.mean(card_sums):.1f}",
        "destinations per city: " + "; ".join(sizes.values()),
        f"demands per good: {min(by_good.values())}-{max(by_good.values())} over {len(by_good)} goods",
    ])


def generate(board: CrayonBoard, sources: Mapping[str, list[str]]) -> list[list[Demand]]:
    rng = Rng(SEED)
    table = payout_table(board, sources)
    demands = pick_demands(table, quotas(board), sorted(sources), rng)
    return deal_cards(demands, rng)


def main(argv: list[str]) -> int:
    map_path = argv[1] if len(argv) > 1 else os.path.join(MAP_DIR, "russian_rails.tmx")
    loads_path = argv[2] if len(argv) > 2 else os.path.join(MAP_DIR, "loads.yaml")
    out_path = argv[3] if len(argv) > 3 else os.path.join(MAP_DIR, "demands.yaml")
    board = CrayonBoard.load(map_path)
    cards = generate(board, read_sources(loads_path))
    write_deck(cards, out_path)
    print(statistics_text(board, cards))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
