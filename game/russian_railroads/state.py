"""Mutable state records of a Russian Railroads game.

Every record is a plain dataclass holding ints, strings and lists/dicts of
them, with a hand-written ``clone()`` (cheap: board data is shared, never
copied) and ``to_dict()``/``from_dict()`` for saves and equality checks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EMIL = -1  # the seat number of Emil's placements in the solo game


@dataclass(frozen=True)
class Placement:
    """Workers/roubles lying on one action space (or one own engineer) this round.

    space: an action-space id from data.yaml ("T-BLK3", "L-1", ...) or
    "ENG-<number>" for a player's own hired engineer.
    seat: the player who placed them, or EMIL (-1).
    workers/temps/roubles/black: own-colour workers, turquoise temporary
    workers, roubles and the black worker (0/1) making up the payment.
    relocated: the worker arrived by the turn-order relocation.
    """

    space: str
    seat: int
    workers: int = 0
    temps: int = 0
    roubles: int = 0
    black: int = 0
    relocated: bool = False

    @property
    def size(self) -> int:
        return self.workers + self.temps + self.roubles + self.black

    def to_dict(self) -> dict[str, Any]:
        return {"space": self.space, "seat": self.seat, "workers": self.workers, "temps": self.temps,
                "roubles": self.roubles, "black": self.black, "relocated": self.relocated}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Placement":
        return cls(str(d["space"]), int(d["seat"]), int(d["workers"]), int(d["temps"]), int(d["roubles"]),
                   int(d["black"]), bool(d["relocated"]))


@dataclass
class Task:
    """A pending decision of the current player (a gained action not yet done).

    kind: track (advance `count` times, colours in `colours` or "any"),
    industry (advance markers `count` times), loco_or_factory, loco, factory,
    move_loco (place the displaced locomotive `number`, taken from railroad
    `origin`), card_loco (place the #9 locomotive from its ? card), token
    (choose a ? token), card (choose a ? card), end_bonus (choose an End Bonus
    card or 10 points), reuse (re-use a one-worker space), repeat (four-actions
    card: choose doubler/industry/black once more).
    mandatory: a board/public/? card action that must be completed (no skip).
    depth: only the deepest tasks can be acted on (a factory, ? token or a
    displaced locomotive interrupts what the player was doing); End Bonus
    tasks wait until every other task is resolved.
    source: what gave it, for the UI ("T-BLK3", "engineer 7", "factory 7" ...).
    """

    id: int
    seat: int
    kind: str
    count: int = 1
    colours: list[str] | str = field(default_factory=list)
    mandatory: bool = False
    depth: int = 0
    source: str = ""
    number: int = 0
    origin: str = ""
    boiler: bool = False   # a displaced locomotive carries its boilerman along

    def clone(self) -> "Task":
        colours = self.colours if isinstance(self.colours, str) else list(self.colours)
        return Task(self.id, self.seat, self.kind, self.count, colours, self.mandatory, self.depth, self.source,
                    self.number, self.origin, self.boiler)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "kind": self.kind, "count": self.count,
                "colours": self.colours if isinstance(self.colours, str) else list(self.colours),
                "mandatory": self.mandatory, "depth": self.depth, "source": self.source,
                "number": self.number, "origin": self.origin} | ({"boiler": True} if self.boiler else {})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Task":
        colours = d["colours"] if isinstance(d["colours"], str) else list(d["colours"])
        return cls(int(d["id"]), int(d["seat"]), str(d["kind"]), int(d["count"]), colours, bool(d["mandatory"]),
                   int(d["depth"]), str(d["source"]), int(d["number"]), str(d["origin"]), bool(d.get("boiler")))


@dataclass
class CoalTable:
    """The Coal module's shared pieces: the coal supply, the face-down foundry
    pile (their backs are the boilermen), the face-up foundries, coal lying on
    coal-paid spaces this round, and boilermen that left the game with their
    locomotive or factory."""

    supply: int = 0
    pile: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    on_spaces: int = 0
    lost: int = 0

    def clone(self) -> "CoalTable":
        return CoalTable(self.supply, list(self.pile), list(self.display), self.on_spaces, self.lost)

    def to_dict(self) -> dict[str, Any]:
        return {"supply": self.supply, "pile": list(self.pile), "display": list(self.display),
                "on_spaces": self.on_spaces, "lost": self.lost}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "CoalTable":
        return cls(int(d["supply"]), [str(x) for x in d["pile"]], [str(x) for x in d["display"]],
                   int(d["on_spaces"]), int(d["lost"]))


@dataclass
class CoalHoldings:
    """A player's part of the Coal module.

    coal: coal in the personal supply; foundries: foundry ids owned and open;
    used: those used this round (their 2 coal lie on them until the round's
    scoring); loco_boilers[railroad][slot] / factory_boilers[slot]: a
    boilerman beside that locomotive / factory (parallel to locos and
    factories; it moves and leaves with its piece).
    """

    coal: int = 0
    foundries: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    loco_boilers: dict[str, list[bool]] = field(default_factory=dict)
    factory_boilers: list[bool] = field(default_factory=list)

    def clone(self) -> "CoalHoldings":
        return CoalHoldings(self.coal, list(self.foundries), list(self.used),
                            {k: list(v) for k, v in self.loco_boilers.items()}, list(self.factory_boilers))

    def to_dict(self) -> dict[str, Any]:
        return {"coal": self.coal, "foundries": list(self.foundries), "used": list(self.used),
                "loco_boilers": {k: list(v) for k, v in self.loco_boilers.items()},
                "factory_boilers": list(self.factory_boilers)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "CoalHoldings":
        return cls(int(d["coal"]), [str(x) for x in d["foundries"]], [str(x) for x in d["used"]],
                   {str(k): [bool(x) for x in v] for k, v in d["loco_boilers"].items()},
                   [bool(x) for x in d["factory_boilers"]])

    @property
    def boilermen(self) -> int:
        return sum(sum(v) for v in self.loco_boilers.values()) + sum(self.factory_boilers)


@dataclass
class DspTable:
    """The DSP mini expansion's shared pieces: the public ? tokens still
    available, the engineers not chosen at setup (a public token hires one of
    them; they also lie in the engineer box), and Ludmilla's Starting Bonus
    cards while they go round (`bonus_cards`) with the seats still to choose
    after the one choosing now (`bonus_queue`)."""

    public_tokens: list[str] = field(default_factory=list)
    spare_engineers: list[int] = field(default_factory=list)
    bonus_cards: list[str] = field(default_factory=list)
    bonus_queue: list[int] = field(default_factory=list)

    def clone(self) -> "DspTable":
        return DspTable(list(self.public_tokens), list(self.spare_engineers), list(self.bonus_cards),
                        list(self.bonus_queue))

    def to_dict(self) -> dict[str, Any]:
        return {"public_tokens": list(self.public_tokens), "spare_engineers": list(self.spare_engineers),
                "bonus_cards": list(self.bonus_cards), "bonus_queue": list(self.bonus_queue)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "DspTable":
        return cls([str(x) for x in d["public_tokens"]], [int(x) for x in d["spare_engineers"]],
                   [str(x) for x in d["bonus_cards"]], [int(x) for x in d["bonus_queue"]])


@dataclass
class DspHoldings:
    """A player's DSP pieces: the public ? token taken with the double-sided
    token, the industry doubling it may give, the railroad of the freight car."""

    public_token: str = ""
    industry_double: bool = False
    freight_car: str = ""

    def clone(self) -> "DspHoldings":
        return DspHoldings(self.public_token, self.industry_double, self.freight_car)

    def to_dict(self) -> dict[str, Any]:
        return {"public_token": self.public_token, "industry_double": self.industry_double,
                "freight_car": self.freight_car}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "DspHoldings":
        return cls(str(d["public_token"]), bool(d["industry_double"]), str(d["freight_car"]))


@dataclass
class BoardTable:
    """Shared pieces of an expansion player board. Germany: the railroad
    extension tiles and the income markers still in the general supply. USA:
    the stocks board (`stock_rows[level]`: the seats on that level, left to
    right; level 0 is the bottom), the dividend token on each level
    (`level_tokens[level]`, "" = none yet) and those still displayed, the
    steelworks still beside their locomotive piles and those back in the box,
    and the seats owed a general payout once the current turn is over."""

    extensions: list[str] = field(default_factory=list)
    income: list[str] = field(default_factory=list)
    stock_rows: list[list[int]] = field(default_factory=list)
    level_tokens: list[str] = field(default_factory=list)
    dividends: list[str] = field(default_factory=list)
    steelworks: list[int] = field(default_factory=list)
    steelworks_box: list[int] = field(default_factory=list)
    payout_due: list[int] = field(default_factory=list)

    def clone(self) -> "BoardTable":
        return BoardTable(list(self.extensions), list(self.income), [list(r) for r in self.stock_rows],
                          list(self.level_tokens), list(self.dividends), list(self.steelworks),
                          list(self.steelworks_box), list(self.payout_due))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"extensions": list(self.extensions), "income": list(self.income)}
        if self.stock_rows:
            out |= {"stock_rows": [list(r) for r in self.stock_rows], "level_tokens": list(self.level_tokens),
                    "dividends": list(self.dividends), "steelworks": list(self.steelworks),
                    "steelworks_box": list(self.steelworks_box), "payout_due": list(self.payout_due)}
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "BoardTable":
        return cls([str(x) for x in d["extensions"]], [str(x) for x in d["income"]],
                   [[int(x) for x in r] for r in d.get("stock_rows", [])],
                   [str(x) for x in d.get("level_tokens", [])], [str(x) for x in d.get("dividends", [])],
                   [int(x) for x in d.get("steelworks", [])], [int(x) for x in d.get("steelworks_box", [])],
                   [int(x) for x in d.get("payout_due", [])])

    def stock_level(self, seat: int) -> int:
        """The stocks-board level of a seat's stock price marker (0 = the bottom)."""
        return next(level for level, row in enumerate(self.stock_rows) if seat in row)


@dataclass
class BoardHoldings:
    """A player's choices on an expansion board. Germany: the branch taken at
    the switch ("" until black passes it), the extension tile in each dashed
    area, the income markers held and which of them were used this round
    (face down). USA: doublers above the Transcontinental lines (those above
    the main line are PlayerState.doublers), the boulders removed, the Golden
    Spike tile placed."""

    branch: str = ""
    extensions: dict[str, str] = field(default_factory=dict)
    income: list[str] = field(default_factory=list)
    income_used: list[int] = field(default_factory=list)
    doublers: dict[str, int] = field(default_factory=dict)
    boulders: list[str] = field(default_factory=list)
    golden_spike: bool = False

    def clone(self) -> "BoardHoldings":
        return BoardHoldings(self.branch, dict(self.extensions), list(self.income), list(self.income_used),
                             dict(self.doublers), list(self.boulders), self.golden_spike)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"branch": self.branch, "extensions": dict(self.extensions),
                               "income": list(self.income), "income_used": list(self.income_used)}
        if self.doublers or self.boulders or self.golden_spike:
            out |= {"doublers": dict(self.doublers), "boulders": list(self.boulders),
                    "golden_spike": self.golden_spike}
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "BoardHoldings":
        return cls(str(d["branch"]), {str(k): str(v) for k, v in d["extensions"].items()},
                   [str(x) for x in d["income"]], [int(x) for x in d["income_used"]],
                   {str(k): int(v) for k, v in d.get("doublers", {}).items()},
                   [str(x) for x in d.get("boulders", [])], bool(d.get("golden_spike")))


@dataclass
class PlayerState:
    """One player's board and supply.

    tracks[railroad][colour_index]: position of that colour's track marker
    on the railroad (0 = gained or not, not yet on the railroad; black starts
    on 1). Colour order is data.colours (black, gray, brown, natural, white);
    colours a railroad does not allow stay 0. Which colours a player owns
    follows from the Trans-Siberian black position (see rules.unlocked_colours).
    locos[railroad]: locomotive numbers in front of that railroad (the
    Trans-Siberian holds 2, the others 1); reach = their sum.
    factories: factory numbers in the 5 slots under the board, left to right;
    slot i fills industry gap i+1.
    industry: industry marker positions (one, or two with the ? token).
    workers: own-colour workers owned (start + extra workers earned);
    workers_free: of those, how many are in the personal supply now.
    temps_free: turquoise temporary workers held (this round only).
    black_worker: owns the black worker (? card); black_free: it is unplaced.
    engineers: hired engineer numbers (incl. the letterless one from its ? card);
    engineers_used: own engineers used this round.
    tokens_used: ? tokens placed on the board, in the order taken.
    claimed: special spaces already used (ts3_worker, ts13_token, stp4_token,
    stp6_token, kiev7_worker, industry_q).
    end_bonus: End Bonus cards held (face down).
    turn_card: this round's Turn Order card (= position, 1..n; 0 in solo).
    score_parts: points by category; score = their sum.
    """

    tracks: dict[str, list[int]]
    locos: dict[str, list[int]]
    factories: list[int] = field(default_factory=list)
    industry: list[int] = field(default_factory=lambda: [0])
    doublers: int = 0
    workers: int = 0
    workers_free: int = 0
    temps_free: int = 0
    black_worker: bool = False
    black_free: bool = False
    roubles: int = 0
    engineers: list[int] = field(default_factory=list)
    engineers_used: list[int] = field(default_factory=list)
    tokens_used: list[str] = field(default_factory=list)
    claimed: list[str] = field(default_factory=list)
    revaluation: bool = False
    kiev_medal: bool = False
    end_bonus: list[str] = field(default_factory=list)
    turn_card: int = 0
    passed: bool = False
    start_bonus: str = ""
    score_parts: dict[str, int] = field(default_factory=dict)
    coal: CoalHoldings | None = None   # with the Coal module only
    german_revaluation: bool = False   # the German revaluation marker (new components' ? card)
    dsp: DspHoldings | None = None     # with the DSP mini expansion only
    board: BoardHoldings | None = None  # on an expansion board (Germany) only

    @property
    def score(self) -> int:
        return sum(self.score_parts.values())

    def add_points(self, part: str, points: int) -> None:
        self.score_parts[part] = self.score_parts.get(part, 0) + points

    def clone(self) -> "PlayerState":
        return PlayerState(
            {k: list(v) for k, v in self.tracks.items()}, {k: list(v) for k, v in self.locos.items()},
            list(self.factories), list(self.industry), self.doublers, self.workers, self.workers_free,
            self.temps_free, self.black_worker, self.black_free, self.roubles, list(self.engineers),
            list(self.engineers_used), list(self.tokens_used), list(self.claimed), self.revaluation,
            self.kiev_medal, list(self.end_bonus), self.turn_card, self.passed, self.start_bonus,
            dict(self.score_parts), self.coal.clone() if self.coal else None, self.german_revaluation,
            self.dsp.clone() if self.dsp else None, self.board.clone() if self.board else None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tracks": {k: list(v) for k, v in self.tracks.items()},
            "locos": {k: list(v) for k, v in self.locos.items()},
            "factories": list(self.factories), "industry": list(self.industry), "doublers": self.doublers,
            "workers": self.workers, "workers_free": self.workers_free, "temps_free": self.temps_free,
            "black_worker": self.black_worker, "black_free": self.black_free, "roubles": self.roubles,
            "engineers": list(self.engineers), "engineers_used": list(self.engineers_used),
            "tokens_used": list(self.tokens_used), "claimed": list(self.claimed),
            "revaluation": self.revaluation, "kiev_medal": self.kiev_medal, "end_bonus": list(self.end_bonus),
            "turn_card": self.turn_card, "passed": self.passed, "start_bonus": self.start_bonus,
            "score_parts": dict(self.score_parts),
        } | ({"coal": self.coal.to_dict()} if self.coal else {}) | (
            {"german_revaluation": True} if self.german_revaluation else {}) | (
            {"dsp": self.dsp.to_dict()} if self.dsp else {}) | (
            {"board": self.board.to_dict()} if self.board else {})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "PlayerState":
        return cls(
            {str(k): [int(x) for x in v] for k, v in d["tracks"].items()},
            {str(k): [int(x) for x in v] for k, v in d["locos"].items()},
            [int(x) for x in d["factories"]], [int(x) for x in d["industry"]], int(d["doublers"]),
            int(d["workers"]), int(d["workers_free"]), int(d["temps_free"]), bool(d["black_worker"]),
            bool(d["black_free"]), int(d["roubles"]), [int(x) for x in d["engineers"]],
            [int(x) for x in d["engineers_used"]], [str(x) for x in d["tokens_used"]],
            [str(x) for x in d["claimed"]], bool(d["revaluation"]), bool(d["kiev_medal"]),
            [str(x) for x in d["end_bonus"]], int(d["turn_card"]), bool(d["passed"]), str(d["start_bonus"]),
            {str(k): int(v) for k, v in d["score_parts"].items()},
            CoalHoldings.from_dict(d["coal"]) if d.get("coal") else None, bool(d.get("german_revaluation")),
            DspHoldings.from_dict(d["dsp"]) if d.get("dsp") else None,
            BoardHoldings.from_dict(d["board"]) if d.get("board") else None)


@dataclass
class EmilState:
    """The solo automaton: his workers, his deck (a Deck of action-space ids)
    and what he collected (locomotives/factories are simply gone; his
    engineers count for the majority)."""

    workers: int = 0
    workers_free: int = 0
    bonus_workers_given: int = 0
    draw_pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    passed: bool = False
    engineers: list[int] = field(default_factory=list)
    locos: list[int] = field(default_factory=list)

    def clone(self) -> "EmilState":
        return EmilState(self.workers, self.workers_free, self.bonus_workers_given, list(self.draw_pile),
                         list(self.discards), self.passed, list(self.engineers), list(self.locos))

    def to_dict(self) -> dict[str, Any]:
        return {"workers": self.workers, "workers_free": self.workers_free,
                "bonus_workers_given": self.bonus_workers_given, "draw_pile": list(self.draw_pile),
                "discards": list(self.discards), "passed": self.passed, "engineers": list(self.engineers),
                "locos": list(self.locos)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "EmilState":
        return cls(int(d["workers"]), int(d["workers_free"]), int(d["bonus_workers_given"]),
                   [str(x) for x in d["draw_pile"]], [str(x) for x in d["discards"]], bool(d["passed"]),
                   [int(x) for x in d["engineers"]], [int(x) for x in d["locos"]])
