"""The part of a Lunar Rails game's state the shared crayon state does not
hold: the last meteor strikes (for the map), open contracts, loans, the
Golden Spike, loads left in cities, this turn's Light Engine bonus, late use
fees, Honeymoon promises, a track offer waiting for an answer, private
warehouses and a swap or sale asked at one, second trains, track kept for a
declared rental and rentals committed to by a declined restart."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Hex = tuple[int, int]


@dataclass
class Stored:
    """A load chip left in a city (Honeymoon, Field Warehousing): `until` is
    the dropper's count of finished turns at which it goes back to the tray
    (None: it stays until picked up)."""

    city: str
    load: str
    owner: int
    until: int | None

    def to_list(self) -> list[Any]:
        return [self.city, self.load, self.owner, self.until]

    @classmethod
    def from_list(cls, v: list[Any]) -> "Stored":
        return cls(str(v[0]), str(v[1]), int(v[2]), None if v[3] is None else int(v[3]))


@dataclass
class Warehouse:
    """Private Warehousing: a player's square round a mare milepost and the
    loads stored there (at most two)."""

    milepost: Hex
    loads: list[str] = field(default_factory=list)

    def to_list(self) -> list[Any]:
        return [list(self.milepost), list(self.loads)]

    @classmethod
    def from_list(cls, v: list[Any]) -> "Warehouse":
        return cls((int(v[0][0]), int(v[0][1])), [str(x) for x in v[1]])


@dataclass(frozen=True)
class TrackOffer:
    """Selling and Trading Track: `buyer` offers `price` (M) and its own
    sections `give` for `seller`'s sections `take`. A counter-offer keeps the
    roles (the purchase is the buyer's) and passes the answer to the other
    side; `counters` counts the counter-offers made so far."""

    buyer: int
    seller: int
    take: tuple[tuple[Hex, Hex], ...]
    give: tuple[tuple[Hex, Hex], ...]
    price: int
    counters: int = 0

    @property
    def answer_by(self) -> int:
        """Who answers now: the seller an offer, the buyer a counter-offer, and so on in turn."""
        return self.seller if self.counters % 2 == 0 else self.buyer

    def to_dict(self) -> dict[str, Any]:
        return {"buyer": self.buyer, "seller": self.seller, "take": [_pair_list(p) for p in self.take],
                "give": [_pair_list(p) for p in self.give], "price": self.price, "counters": self.counters}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "TrackOffer":
        return cls(int(d["buyer"]), int(d["seller"]), tuple(_pair(v) for v in d["take"]),
                   tuple(_pair(v) for v in d["give"]), int(d["price"]), int(d.get("counters", 0)))


@dataclass(frozen=True)
class TradeRequest:
    """Private Warehousing: `visitor`'s train at `owner`'s warehouse asks for
    `load`, giving the carried load `give` in exchange (or buying it when
    `give` is empty); the owner accepts or refuses."""

    visitor: int
    owner: int
    load: str
    give: str

    def to_list(self) -> list[Any]:
        return [self.visitor, self.owner, self.load, self.give]

    @classmethod
    def from_list(cls, v: list[Any]) -> "TradeRequest":
        return cls(int(v[0]), int(v[1]), str(v[2]), str(v[3]))


@dataclass
class SpareTrain:
    """Additional Trains: the train of a player not being run just now."""

    loco: str
    loads: list[str] = field(default_factory=list)
    position: Hex | None = None
    came_from: Hex | None = None
    moves_left: int = 0  # this turn's movement still unused (kept while the other train runs)
    light: list[int] = field(default_factory=lambda: [0, 0, 0])  # its Light Engine bonus, as LunarExtras.light

    def to_list(self) -> list[Any]:
        return [self.loco, list(self.loads), None if self.position is None else list(self.position),
                None if self.came_from is None else list(self.came_from), self.moves_left, list(self.light)]

    @classmethod
    def from_list(cls, v: list[Any]) -> "SpareTrain":
        light = [int(x) for x in v[5]] if len(v) > 5 else [0, 0, 0]
        return cls(str(v[0]), [str(x) for x in v[1]], _hex(v[2]), _hex(v[3]), int(v[4]), light)

    def clone(self) -> "SpareTrain":
        return SpareTrain(self.loco, list(self.loads), self.position, self.came_from, self.moves_left,
                          list(self.light))


def _hex(v: Any) -> Hex | None:
    return None if v is None else (int(v[0]), int(v[1]))


def _pair(v: Any) -> tuple[Hex, Hex]:
    return ((int(v[0]), int(v[1])), (int(v[2]), int(v[3])))


def _pair_list(p: tuple[Hex, Hex]) -> list[int]:
    return [p[0][0], p[0][1], p[1][0], p[1][1]]


@dataclass
class LunarExtras:
    strikes: list[tuple[str, Hex | None]] = field(default_factory=list)  # last shower: city, target
    contracts: list[int] = field(default_factory=list)  # Open Contracts face up by the board
    debts: list[int] = field(default_factory=list)  # Mercy loans still to repay, per player
    discards: list[int] = field(default_factory=list)  # hand discards since the last loan, per player
    golden_spike: int | None = None  # the seat awarded the Golden Spike
    stored: list[Stored] = field(default_factory=list)
    boxed: dict[str, int] = field(default_factory=dict)  # chips out of the game (Honeymoon)
    light: list[int] = field(default_factory=lambda: [0, 0, 0])  # bonus, most loads, delivered
    craters: list[Hex] = field(default_factory=list)  # New Craters: struck mileposts, now mare
    late: list[dict[int, int]] = field(default_factory=list)  # Late Payment: per player, creditor -> owed
    promised: list[list[str]] = field(default_factory=list)  # Honeymoon: small cities built to, not yet served
    offer: TrackOffer | None = None  # Selling and Trading Track: the offer waiting for its answer
    warehouses: dict[int, Warehouse] = field(default_factory=dict)  # Private Warehousing, per owner
    spare: dict[int, SpareTrain] = field(default_factory=dict)  # Additional Trains: each player's other train
    running: dict[int, int] = field(default_factory=dict)  # Additional Trains: which train (0, 1) runs now
    kept: dict[tuple[Hex, Hex], int] = field(default_factory=dict)  # Starting Over: section -> declared renter
    committed: dict[int, int] = field(default_factory=dict)  # Starting Over declined: renter -> track owner
    request: TradeRequest | None = None  # Private Warehousing: a swap or sale waiting for the owner

    def clone(self) -> "LunarExtras":
        return LunarExtras(list(self.strikes), list(self.contracts), list(self.debts), list(self.discards),
                           self.golden_spike, [Stored(**vars(s)) for s in self.stored], dict(self.boxed),
                           list(self.light), list(self.craters), [dict(x) for x in self.late],
                           [list(x) for x in self.promised], self.offer,
                           {k: Warehouse(w.milepost, list(w.loads)) for k, w in self.warehouses.items()},
                           {k: t.clone() for k, t in self.spare.items()}, dict(self.running), dict(self.kept),
                           dict(self.committed), self.request)

    def to_dict(self) -> dict[str, Any]:
        return {"strikes": [[c, None if h is None else list(h)] for c, h in self.strikes],
                "contracts": list(self.contracts), "debts": list(self.debts), "discards": list(self.discards),
                "golden_spike": self.golden_spike, "stored": [s.to_list() for s in self.stored],
                "boxed": dict(self.boxed), "light": list(self.light), "craters": [list(h) for h in self.craters],
                "late": [sorted([k, v] for k, v in x.items()) for x in self.late],
                "promised": [list(x) for x in self.promised],
                "offer": None if self.offer is None else self.offer.to_dict(),
                "warehouses": sorted([k, *w.to_list()] for k, w in self.warehouses.items()),
                "spare": sorted([k, *t.to_list()] for k, t in self.spare.items()),
                "running": sorted([k, v] for k, v in self.running.items()),
                "kept": sorted(_pair_list(p) + [v] for p, v in self.kept.items()),
                "committed": sorted([k, v] for k, v in self.committed.items()),
                "request": None if self.request is None else self.request.to_list()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LunarExtras":
        return cls([(str(c), None if h is None else (int(h[0]), int(h[1]))) for c, h in d["strikes"]],
                   [int(x) for x in d["contracts"]], [int(x) for x in d["debts"]],
                   [int(x) for x in d["discards"]], d["golden_spike"],
                   [Stored.from_list(v) for v in d["stored"]], {k: int(v) for k, v in d["boxed"].items()},
                   [int(x) for x in d["light"]], [(int(h[0]), int(h[1])) for h in d["craters"]],
                   [{int(k): int(v) for k, v in x} for x in d.get("late", [])],
                   [[str(c) for c in x] for x in d.get("promised", [])],
                   None if d.get("offer") is None else TrackOffer.from_dict(d["offer"]),
                   {int(v[0]): Warehouse.from_list(v[1:]) for v in d.get("warehouses", [])},
                   {int(v[0]): SpareTrain.from_list(v[1:]) for v in d.get("spare", [])},
                   {int(k): int(v) for k, v in d.get("running", [])},
                   {_pair(v[:4]): int(v[4]) for v in d.get("kept", [])},
                   {int(k): int(v) for k, v in d.get("committed", [])},
                   None if d.get("request") is None else TradeRequest.from_list(d["request"]))
