"""The data of Russian Railroads: the shared parts (data.yaml: action board,
pieces, cards, setup) and one player board (boards/<board>.yaml: railroads,
track values, industry track), read through game.core.datafile into frozen
records. A game state carries the Data of its board; states of one board
share one copy (never copied by clone())."""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from functools import cached_property, lru_cache

from game.core.datafile import Node, load_data
from game.core.resources import program_path
from game.core.words import counted

DATA_DIR = program_path("game", "russian_railroads")
BOARDS = ("russia", "germany", "usa")   # the player boards (boards/<id>.yaml)
ANY = "any"
MODES = ("solo", "2p", "3p", "4p")


def mode_for(num_players: int) -> str:
    """The board mode for a player count (1 = solo against Emil)."""
    return "solo" if num_players == 1 else f"{num_players}p"


@dataclass(frozen=True)
class Effect:
    """One part of what a space, engineer, factory, token or card gives.

    kind: track, industry, doubler, roubles, temp_workers, points, loco_or_factory,
    loco, factory, reuse, hire, public_engineer, turn_order, engineer_sum,
    best_two_locos, end_bonus, q_card, second_marker, revaluation, kiev_medal,
    black_worker, card_engineer, card_loco, repeat_one.
    colours: for track effects, the allowed colours ("any" = all colours).
    """

    kind: str
    count: int = 1
    colours: tuple[str, ...] | str = ()
    position: int = 0

    def text(self) -> str:
        return effect_text(self)


@dataclass(frozen=True)
class Cost:
    """What a space costs: `any` worker slots (own, temporary or black worker,
    or a rouble), `rouble` slots that must be roubles, `own` slots that must be
    own-colour workers."""

    any: int = 0
    rouble: int = 0
    own: int = 0
    worker: int = 0   # must be a worker (own, temporary or black), never a rouble
    coal: int = 0     # coal from the player's supply: the space is used beside the normal action

    @property
    def total(self) -> int:
        """Pieces placed from the worker/rouble supply (coal aside)."""
        return self.any + self.rouble + self.own + self.worker


@dataclass(frozen=True)
class ActionSpace:
    id: str
    area: str
    cost: Cost
    modes: tuple[str, ...]
    effects: tuple[Effect, ...]
    shared: bool = False           # the bottom track space: never occupied
    engineer_slot: int | None = None
    position: int = 0              # turn-order spaces: the position they give
    not_last_round: bool = False   # covered by the Last Round marker
    last_round_only: bool = False  # the marker's own space
    group: str = ""                # spaces of one group share one use per round (the 2-player coal space)


@dataclass(frozen=True)
class Special:
    """A circled space on a railroad."""

    id: str
    space: int
    track: str     # the colour that must reach the space
    loco: bool     # a locomotive must reach it as well
    effect: str    # extra_worker, q_token, double_railroad, star, medal; gain, industry_marker, income
    points: int = 0
    effects: tuple["Effect", ...] = ()   # gain: what it gives, once


@dataclass(frozen=True)
class Branch:
    """One way on from the main railroad's switch (Germany: Hamburg or Berlin)."""

    id: str
    name: str
    length: int
    colour_unlocks: dict[str, int]   # thresholds that differ from the board's
    specials: tuple[Special, ...]


@dataclass(frozen=True)
class Area:
    """A dashed area: its intermediate station is on `space`, an extension of `length` fills it."""

    id: str
    station: str
    space: int
    length: int


@dataclass(frozen=True)
class Extension:
    """A railroad extension tile; its specials are numbered 1..length from the station."""

    id: str
    length: int
    specials: tuple[Special, ...]


@dataclass(frozen=True)
class Railroad:
    id: str
    name: str
    length: int
    colours: tuple[str, ...]
    loco_slots: int
    doubler_spaces: int
    terminus_points: int
    specials: tuple[Special, ...]
    switch_after: int = 0                 # the last space before the switch (0 = none)
    branches: tuple[Branch, ...] = ()
    areas: tuple[Area, ...] = ()
    scoring_terminus: int = 0             # points for the last space in every railroad scoring (USA)
    short: str = ""                       # a shorter name where room is short (the board's row labels)

    @property
    def label(self) -> str:
        return self.short or self.name

    def branch(self, bid: str) -> Branch | None:
        return next((b for b in self.branches if b.id == bid), None)


@dataclass(frozen=True)
class IndustrySpace:
    kind: str       # start, space, gap, q; over (USA top track: the space above a factory gap)
    value: int      # points scored on this space (last printed value for gap/q)
    factory: int = 0  # for gaps (and the spaces over them): which factory slot (1..5) fills it


@dataclass(frozen=True)
class Engineer:
    """number: its id (0 is "no engineer" on the strip); value: the printed
    number, used by the majority tie-break and factory #1."""

    number: int
    letter: str
    effects: tuple[Effect, ...]
    value: int = 0
    name: str = ""
    cost: Cost | None = None   # a cost of its own (else 1 worker)

    @property
    def label(self) -> str:
        return self.name or f"engineer {self.value}"


@dataclass(frozen=True)
class Named:
    """A ? token, ? card, End Bonus card or starting bonus."""

    id: str
    name: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class CoalRules:
    """The Coal module's numbers and pieces (coal.yaml)."""

    supply: int
    start_coal: int
    foundry_coal: int
    face_up: int
    foundries: dict[str, Named]
    boilerman_points: int
    point_factories: tuple[int, ...]
    coal_factory: int
    coal_factory_black: int
    black_per_coal: int
    max_coal: int


@dataclass(frozen=True)
class DspRules:
    """The DSP mini expansion's numbers and pieces (dsp.yaml)."""

    bonus_cards: dict[str, Named]     # the Starting Bonus cards Ludmilla hands round
    points_instead: int               # what a player takes instead of a card from Ludmilla
    public_tokens: dict[str, Named]
    q_factory: int
    q_factory_tokens: int
    q_factory_boiler_tokens: int
    freight_reach: int
    freight_advancements: int


@dataclass(frozen=True)
class Boulder:
    """A boulder on a railroad space (`railroad`) or on an industry space (`industry`: "top" or
    "bottom"): no track or marker may reach `space` or go beyond while it lies there."""

    id: str
    label: str
    space: int
    railroad: str = ""
    industry: str = ""


@dataclass(frozen=True)
class UsaRules:
    """American Railroads' USA board: the Golden Spike, boulders, coin spaces, the top industry track,
    the stocks board and the steelworks (boards/usa.yaml, `usa:`)."""

    spike_roads: tuple[str, ...]
    meet_points: int
    spike_points: int
    boulders: tuple[Boulder, ...]
    boulder_points: int
    coin_cost: int
    top_industry: tuple[IndustrySpace, ...]
    levels: int
    end_points: tuple[int, ...]
    dividends: dict[str, Named]
    steelworks: dict[int, int]        # steelworks factory id -> the locomotive pile it lies beside

    def boulder(self, bid: str) -> Boulder:
        return next(b for b in self.boulders if b.id == bid)


@dataclass(frozen=True)
class Data:
    board: str           # the player board's id (boards/<board>.yaml)
    board_name: str
    key: tuple[str, ...]  # what identifies this data set (board and modules): for caches
    colours: tuple[str, ...]
    track_values: dict[str, dict[str, int]]
    track_supply: dict[str, int]
    colour_unlocks: dict[str, int]
    main_railroad: str
    white_bonus_advancements: int
    railroads: tuple[Railroad, ...]
    industry: tuple[IndustrySpace, ...]
    factory_slots: int
    loco_copies: dict[int, int]
    locos_removed: dict[str, int]
    factories: dict[int, tuple[Effect, ...]]
    supplies: dict[str, int]
    rounds: dict[str, int]
    workers: dict[str, int]
    extra_worker_supply: int
    roubles: dict[str, int]
    emil_workers: int
    emil_bonus_scores: tuple[int, ...]
    spaces: tuple[ActionSpace, ...]
    slot_numbers: tuple[int, ...]
    hire_slot: int
    public_slots: dict[str, tuple[int, ...]]
    engineer_fill: dict[str, tuple[str | None, ...]]
    engineers: dict[int, Engineer]
    q_tokens: dict[str, Named]
    q_cards: dict[str, Named]
    card_engineer: int
    card_loco: int
    end_bonus_cards: dict[str, Named]
    end_bonus_removed: int
    end_bonus_points: int
    pass_points: dict[int, int]
    starting_bonuses: dict[str, Named]
    majority_points: tuple[int, ...]
    emil_cards: tuple[str, ...]
    space_by_id: dict[str, ActionSpace]
    railroad_by_id: dict[str, Railroad]
    coal: CoalRules | None = None   # the Coal module, when chosen
    token_bonus_cap: int = 28       # End Bonus "7 per ? token": at most this
    dsp: DspRules | None = None     # the DSP mini expansion, when chosen
    extensions: dict[str, Extension] = dataclasses.field(default_factory=dict)   # the extension tiles
    track_limits: dict[str, int] = dataclasses.field(default_factory=dict)       # colour -> most railroads
    income_markers: dict[str, Named] = dataclasses.field(default_factory=dict)
    income_copies: dict[str, int] = dataclasses.field(default_factory=dict)
    usa: UsaRules | None = None     # the USA board's rules, on that board

    def tracks_per_player(self, colour: str) -> int:
        """How many tracks of a colour a player gains (one a railroad that takes it, or the board's limit)."""
        count = sum(1 for r in self.railroads if colour in r.colours)
        return min(count, self.track_limits.get(colour, count))

    def space(self, space_id: str) -> ActionSpace:
        return self.space_by_id[space_id]

    def railroad(self, rid: str) -> Railroad:
        return self.railroad_by_id[rid]

    @property
    def railroad_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.railroads)

    @cached_property
    def effect_twins(self) -> frozenset[str]:
        """The action spaces whose effects another space shares (their labels name the workers too)."""
        return frozenset(sp.id for sp in self.spaces
                         if any(other.effects == sp.effects and other.id != sp.id for other in self.spaces))

    @cached_property
    def effects_labels(self) -> dict[str, str]:
        """Each action space named by what it gives ("the 2 black advancements space (2 workers)"),
        worked out once: the log names a space at every move, a hard decision's rollouts at thousands."""
        labels = {}
        for sp in self.spaces:
            label = "the " + " and ".join(effect_text(e) for e in sp.effects) + " space"
            labels[sp.id] = label + (f" ({counted(sp.cost.total, 'worker')})" if sp.id in self.effect_twins else "")
        return labels

    @cached_property
    def colour_indices(self) -> dict[str, int]:
        """Each colour's place in the track order (the bots look colours up millions of times a game)."""
        return {colour: i for i, colour in enumerate(self.colours)}

    def colour_index(self, colour: str) -> int:
        return self.colour_indices[colour]

    def engineer_value(self, number: int) -> int:
        """An engineer's printed number (majority tie-break, factory #1)."""
        return self.engineers[number].value


# Reading the data files ------------------------------------------------------------

EFFECT_KEYS = frozenset({"kind", "count", "colours", "position"})
SPACE_KEYS = frozenset({"id", "area", "cost", "modes", "effects", "shared", "engineer_slot", "position",
                        "not_last_round", "last_round_only", "group"})
SPECIAL_KEYS = frozenset({"id", "space", "track", "loco", "effect", "points", "effects"})
SPECIAL_EFFECTS = ("extra_worker", "q_token", "double_railroad", "star", "medal", "gain", "industry_marker",
                   "income", "boulder", "stock", "coin")
RAILROAD_KEYS = frozenset({"id", "name", "length", "colours", "loco_slots", "doubler_spaces", "terminus_points",
                           "specials"})
RAILROAD_OPTIONAL = frozenset({"switch_after", "branches", "areas", "scoring_terminus", "short"})
BOARD_KEYS = frozenset({"name", "track_values", "colour_unlocks", "white_bonus_advancements", "main_railroad",
                        "railroads", "industry_track", "factory_slots"})
BOARD_OPTIONAL = frozenset({"track_limits", "german_pieces", "extensions", "income_markers", "usa"})
SHARED_KEYS = frozenset({"colours", "track_supply", "locomotives", "factories", "supplies", "setup",
                         "action_spaces", "engineer_strip", "engineers", "q_tokens", "q_cards",
                         "card_engineer_number", "card_loco_number", "end_bonus_cards", "end_bonus_removed",
                         "end_bonus_points_instead", "turn_order_pass_points", "starting_bonuses",
                         "engineer_majority_points", "emil_cards"})


def _effect(node: Node, colours: tuple[str, ...]) -> Effect:
    node.check_keys(EFFECT_KEYS, {"kind"})
    raw_colours = node.get("colours", [])
    picked: tuple[str, ...] | str
    if raw_colours.value == ANY:
        picked = ANY
    else:
        picked = tuple(c.as_str(choices=colours) for c in raw_colours.as_list())
    return Effect(node["kind"].as_str(), node.get("count").opt_int(1, lo=0),
                  picked, node.get("position").opt_int(0, lo=0))


def _effects(node: Node, colours: tuple[str, ...]) -> tuple[Effect, ...]:
    return tuple(_effect(e, colours) for e in node.as_list())


def _per_mode(node: Node, lo: int = 0) -> dict[str, int]:
    node.check_keys(frozenset(MODES), frozenset(MODES))
    return {mode: node[mode].as_int(lo=lo) for mode in MODES}


def _industry(node: Node) -> tuple[IndustrySpace, ...]:
    out: list[IndustrySpace] = []
    last = 0
    for entry in node.as_list(min_len=2):
        entry.check_keys(frozenset({"kind", "value", "factory"}), {"kind"})
        kind = entry["kind"].as_str(choices=("start", "space", "gap", "q", "over"))
        if entry.has("value"):
            last = entry["value"].as_int(lo=0)
        factory = entry.get("factory").opt_int(0, lo=0)
        if kind in ("gap", "over") and factory < 1:
            entry.fail("a gap needs the number of the factory slot that fills it (factory: 1..)")
        out.append(IndustrySpace(kind, last, factory))
    return tuple(out)


def _space(node: Node, colours: tuple[str, ...]) -> ActionSpace:
    node.check_keys(SPACE_KEYS, {"id", "area", "cost", "modes", "effects"})
    cost = node["cost"]
    cost.check_keys(frozenset({"any", "rouble", "own", "worker", "coal"}))
    slot = node.get("engineer_slot")
    return ActionSpace(
        id=node["id"].as_str(), area=node["area"].as_str(),
        cost=Cost(*(cost.get(k).opt_int(0, lo=0) for k in ("any", "rouble", "own", "worker", "coal"))),
        modes=tuple(m.as_str(choices=MODES) for m in node["modes"].as_list()),
        effects=_effects(node["effects"], colours), shared=node.get("shared").opt_bool(False),
        engineer_slot=None if slot.value is None else slot.as_int(lo=0, hi=6),
        position=node.get("position").opt_int(0, lo=0),
        not_last_round=node.get("not_last_round").opt_bool(False),
        last_round_only=node.get("last_round_only").opt_bool(False), group=node.get("group").opt_str(""))


def _special(node: Node, colours: tuple[str, ...], length: int, first: int = 1) -> Special:
    node.check_keys(SPECIAL_KEYS, {"id", "space", "track", "loco", "effect"})
    effect = node["effect"].as_str(choices=SPECIAL_EFFECTS)
    effects = _effects(node["effects"], colours) if node.has("effects") else ()
    if effect in ("gain", "coin") and not effects:
        node.fail(f"a {effect} space needs the effects it gives (effects: [...])")
    return Special(node["id"].as_str(), node["space"].as_int(lo=first, hi=length),
                   node["track"].as_str(choices=colours), node["loco"].as_bool(), effect,
                   node.get("points").opt_int(0, lo=0), effects)


def _branch(node: Node, colours: tuple[str, ...], switch: int) -> Branch:
    keys = frozenset({"id", "name", "length", "colour_unlocks", "specials"})
    node.check_keys(keys, keys)
    length = node["length"].as_int(lo=switch + 1, hi=30)
    unlocks = node["colour_unlocks"]
    for key in unlocks.keys():
        if key not in colours[1:]:
            unlocks.fail(f"names '{key}', which is not a track colour after black")
    return Branch(node["id"].as_str(), node["name"].as_str(), length,
                  {c: unlocks[c].as_int(lo=1) for c in unlocks.keys()},
                  tuple(_special(s, colours, length, switch + 1) for s in node["specials"].as_list()))


def _area(node: Node, length: int) -> Area:
    keys = frozenset({"id", "station", "space", "length"})
    node.check_keys(keys, keys)
    space = node["space"].as_int(lo=1, hi=length)
    return Area(node["id"].as_str(), node["station"].as_str(), space, node["length"].as_int(lo=1, hi=length - space + 1))


def _railroad(node: Node, colours: tuple[str, ...]) -> Railroad:
    node.check_keys(RAILROAD_KEYS | RAILROAD_OPTIONAL, RAILROAD_KEYS)
    length = node["length"].as_int(lo=1, hi=30)
    switch = node.get("switch_after").opt_int(0, lo=0, hi=length - 1)
    specials = tuple(_special(s, colours, switch or length) for s in node["specials"].as_list())
    branches = tuple(_branch(b, colours, switch) for b in node.get("branches", []).as_list())
    if switch and len(branches) < 2:
        node["switch_after"].fail("a switch needs at least two branches")
    return Railroad(node["id"].as_str(), node["name"].as_str(), length,
                    tuple(c.as_str(choices=colours) for c in node["colours"].as_list(min_len=1)),
                    node["loco_slots"].as_int(lo=1, hi=3), node["doubler_spaces"].as_int(lo=0, hi=length),
                    node["terminus_points"].as_int(lo=0), specials, switch, branches,
                    tuple(_area(a, length) for a in node.get("areas", []).as_list()),
                    node.get("scoring_terminus").opt_int(0, lo=0), node.get("short").opt_str(""))


def _extensions(node: Node, colours: tuple[str, ...]) -> dict[str, Extension]:
    out = {}
    for e in node.as_list():
        e.check_keys(frozenset({"id", "length", "specials"}), frozenset({"id", "length", "specials"}))
        length = e["length"].as_int(lo=1, hi=9)
        out[e["id"].as_str()] = Extension(e["id"].as_str(), length,
                                          tuple(_special(s, colours, length) for s in e["specials"].as_list()))
    return out


def _income(node: Node, colours: tuple[str, ...]) -> tuple[dict[str, Named], dict[str, int]]:
    named, copies = {}, {}
    for e in node.as_list():
        e.check_keys(frozenset({"id", "name", "copies", "effects"}), frozenset({"id", "name", "copies", "effects"}))
        mid = e["id"].as_str()
        named[mid] = Named(mid, e["name"].as_str(), _effects(e["effects"], colours))
        copies[mid] = e["copies"].as_int(lo=1)
    return named, copies


def _check_areas(board: Node, railroads: tuple[Railroad, ...], extensions: dict[str, Extension]) -> None:
    for road in railroads:
        for area in road.areas:
            if not any(x.length == area.length for x in extensions.values()):
                board["extensions"].fail(f"has no tile of length {area.length} for the area at {area.station}")


def _named(node: Node, colours: tuple[str, ...]) -> dict[str, Named]:
    out = {}
    for e in node.as_list(min_len=1):
        e.check_keys(frozenset({"id", "name", "effects"}), {"id", "name"})
        effects = e.get("effects", [])
        out[e["id"].as_str()] = Named(e["id"].as_str(), e["name"].as_str(), _effects(effects, colours))
    return out


def _int_map(node: Node, lo: int = 0) -> dict[int, int]:
    out = {}
    for key, value in node.items():
        if not key.lstrip("-").isdigit():
            node.fail(f"the key '{key}' must be a whole number")
        out[int(key)] = value.as_int(lo=lo)
    return out


def _colour_map(node: Node, colours: tuple[str, ...], keys: tuple[str, ...] | None = None) -> dict[str, int]:
    wanted = frozenset(keys if keys is not None else colours)
    node.check_keys(wanted, wanted)
    return {c: node[c].as_int(lo=0) for c in (keys if keys is not None else colours)}


def _engineer(e: Node, colours: tuple[str, ...]) -> Engineer:
    keys = frozenset({"number", "letter", "effects"})
    e.check_keys(keys | {"value", "name", "cost"}, keys)
    number = e["number"].as_int(lo=1)
    cost = None
    if e.has("cost"):
        node = e["cost"]
        node.check_keys(frozenset({"any", "rouble", "worker"}))
        cost = Cost(node.get("any").opt_int(0, lo=0), node.get("rouble").opt_int(0, lo=0),
                    worker=node.get("worker").opt_int(0, lo=0))
    return Engineer(number, e["letter"].as_str(choices=("A", "B", "none")), _effects(e["effects"], colours),
                    e.get("value").opt_int(number), e.get("name").opt_str(""), cost)


def _engineer_fill(node: Node) -> dict[str, tuple[str | None, ...]]:
    node.check_keys(frozenset(MODES), frozenset(MODES))
    out: dict[str, tuple[str | None, ...]] = {}
    for mode in MODES:
        out[mode] = tuple(None if n.value is None else n.as_str(choices=("A", "B"))
                          for n in node[mode].as_list(min_len=7, max_len=7))
    return out


def _check_board(board: Node, railroads: tuple[Railroad, ...], main: str) -> None:
    ids = [r.id for r in railroads]
    if len(set(ids)) != len(ids):
        board["railroads"].fail("two railroads share an id")
    if main not in ids:
        board["main_railroad"].fail(f"is '{main}', but the railroads are {', '.join(ids)}")


def _check_shared(shared: Node, spaces: tuple[ActionSpace, ...], emil_cards: tuple[str, ...]) -> None:
    ids = {s.id for s in spaces}
    for i, card in enumerate(emil_cards):
        if card not in ids:
            shared["emil_cards"].as_list()[i].fail(f"names the action space '{card}', which does not exist")


def board_path(board: str, directory: str) -> str:
    return os.path.join(directory, "boards", f"{board}.yaml")


def load(board: str = "russia", coal: bool = False, new_components: bool = False, dsp: bool = False,
         olga: bool = False) -> Data:
    """The data for one player board plus the shared parts (and those of the
    modules chosen), read from DATA_DIR and checked (cached: every state of
    that choice shares one immutable copy). `olga`: with DSP, Olga replaces
    the base engineer 4 (else only Ludmilla, Dimitrij and Pjotr come in).

    Any damage is a MapError naming the file and the key."""
    return _load_set(board, coal, new_components, dsp, olga, DATA_DIR)


@lru_cache(maxsize=32)
def _load_set(board: str, coal: bool, new_components: bool, dsp: bool, olga: bool, directory: str) -> Data:
    data = _load(board, directory)
    if coal:
        data = _with_coal(data, directory)
    if new_components:
        data = _with_new_components(data, directory)
    if dsp:
        data = _with_dsp(data, directory, olga)
    return data


@lru_cache(maxsize=8)
def _load(board: str, directory: str) -> Data:
    shared = load_data(os.path.join(directory, "data.yaml"))
    shared.check_keys(SHARED_KEYS, SHARED_KEYS)
    raw = load_data(board_path(board, directory))
    raw.check_keys(BOARD_KEYS | BOARD_OPTIONAL, BOARD_KEYS)
    colours = shared["colours"].str_list(min_len=1)
    setup = shared["setup"]
    setup.check_keys(frozenset({"rounds", "workers", "extra_worker_supply", "roubles", "emil_workers",
                                "emil_bonus_worker_scores"}),
                     frozenset({"rounds", "workers", "extra_worker_supply", "roubles", "emil_workers",
                                "emil_bonus_worker_scores"}))
    strip = shared["engineer_strip"]
    strip.check_keys(frozenset({"slot_numbers", "hire_slot", "public_slots", "fill"}),
                     frozenset({"slot_numbers", "hire_slot", "public_slots", "fill"}))
    public = strip["public_slots"]
    public.check_keys(frozenset(MODES), frozenset(MODES))
    locos = shared["locomotives"]
    locos.check_keys(frozenset({"copies", "removed_per_number"}), frozenset({"copies", "removed_per_number"}))
    supplies = shared["supplies"]
    supplies.check_keys(frozenset({"roubles", "doublers", "temp_workers"}),
                        frozenset({"roubles", "doublers", "temp_workers"}))
    values = raw["track_values"]
    values.check_keys(frozenset({"base", "revaluation"}), frozenset({"base", "revaluation"}))
    spaces = tuple(_space(s, colours) for s in shared["action_spaces"].as_list(min_len=1))
    railroads = tuple(_railroad(r, colours) for r in raw["railroads"].as_list(min_len=1))
    main = raw["main_railroad"].as_str()
    _check_board(raw, railroads, main)
    emil_cards = shared["emil_cards"].str_list(min_len=1)
    _check_shared(shared, spaces, emil_cards)
    engineers = {e.number: e for e in (_engineer(n, colours) for n in shared["engineers"].as_list(min_len=1))}
    extensions = _extensions(raw.get("extensions", []), colours)
    _check_areas(raw, railroads, extensions)
    income, income_copies = _income(raw.get("income_markers", []), colours)
    limits = raw.get("track_limits", {})
    for key in limits.keys():
        if key not in colours:
            limits.fail(f"names '{key}', which is not a track colour")
    data = Data(
        board=board,
        board_name=raw["name"].as_str(),
        key=(board,),
        colours=colours,
        track_values={k: _colour_map(values[k], colours) for k in ("base", "revaluation")},
        track_supply=_colour_map(shared["track_supply"], colours),
        colour_unlocks=_colour_map(raw["colour_unlocks"], colours, colours[1:]),
        main_railroad=main,
        white_bonus_advancements=raw["white_bonus_advancements"].as_int(lo=0),
        railroads=railroads,
        industry=_industry(raw["industry_track"]),
        factory_slots=raw["factory_slots"].as_int(lo=0),
        loco_copies=_int_map(locos["copies"]),
        locos_removed=_per_mode(locos["removed_per_number"]),
        factories={k: _effects(v, colours) for k, v in
                   ((int(key), node) for key, node in shared["factories"].items())},
        supplies={k: supplies[k].as_int(lo=0) for k in ("roubles", "doublers", "temp_workers")},
        rounds=_per_mode(setup["rounds"], lo=1), workers=_per_mode(setup["workers"], lo=1),
        extra_worker_supply=setup["extra_worker_supply"].as_int(lo=0), roubles=_per_mode(setup["roubles"]),
        emil_workers=setup["emil_workers"].as_int(lo=0),
        emil_bonus_scores=setup["emil_bonus_worker_scores"].int_list(lo=0),
        spaces=spaces,
        slot_numbers=strip["slot_numbers"].int_list(min_len=7), hire_slot=strip["hire_slot"].as_int(lo=0, hi=6),
        public_slots={m: public[m].int_list(lo=0, hi=6) for m in MODES},
        engineer_fill=_engineer_fill(strip["fill"]),
        engineers=engineers,
        q_tokens=_named(shared["q_tokens"], colours), q_cards=_named(shared["q_cards"], colours),
        card_engineer=shared["card_engineer_number"].as_int(),
        card_loco=shared["card_loco_number"].as_int(lo=1),
        end_bonus_cards=_named(shared["end_bonus_cards"], colours),
        end_bonus_removed=shared["end_bonus_removed"].as_int(lo=0),
        end_bonus_points=shared["end_bonus_points_instead"].as_int(lo=0),
        pass_points=_int_map(shared["turn_order_pass_points"]),
        starting_bonuses=_named(shared["starting_bonuses"], colours),
        majority_points=shared["engineer_majority_points"].int_list(lo=0),
        emil_cards=emil_cards,
        space_by_id={s.id: s for s in spaces},
        railroad_by_id={r.id: r for r in railroads},
        extensions=extensions, track_limits={k: limits[k].as_int(lo=0) for k in limits.keys()},
        income_markers=income, income_copies=income_copies,
    )
    if raw.get("german_pieces").opt_bool(False):
        data = _with_german_pieces(data, directory)
    if raw.has("usa"):
        data = _with_usa(data, raw["usa"])
    return data


def effect_text(e: Effect) -> str:
    """A short phrase for an effect, for tooltips and the log."""
    n = e.count
    if e.kind == "track":
        if e.colours == ANY:
            return f"{counted(n, 'track advancement')} of your choice"
        return counted(n, " or ".join(e.colours) + " advancement")
    simple = {
        "industry": counted(n, "industry advancement"),
        "doubler": counted(n, "doubler"),
        "roubles": counted(n, "rouble"),
        "temp_workers": "2 temporary workers",
        "points": f"{n} points",
        "loco_or_factory": "1 locomotive or 1 factory",
        "loco": "1 locomotive",
        "factory": "1 factory",
        "reuse": "re-use a one-worker space you used this round",
        "hire": "hire the engineer",
        "public_engineer": "the action of the engineer on this space",
        "turn_order": f"position {e.position} in the next round's turn order",
        "engineer_sum": "points equal to the sum of your engineers' numbers",
        "best_two_locos": "points equal to your two best locomotives",
        "end_bonus": "an End Bonus card or 10 points",
        "q_card": "a ? card",
        "second_marker": "your second industry marker",
        "revaluation": "the Revaluation token",
        "kiev_medal": "the Kiev Medal",
        "black_worker": "the black worker",
        "card_engineer": "the letterless engineer and its rouble",
        "card_loco": "the #9 locomotive",
        "repeat_one": "one of doubler, industry or black once more",
        "coal": f"{n} coal",
        "foundry": "a face-up foundry",
        "boilerman": "a boilerman beside a locomotive or factory",
        "best_loco": "points equal to your highest locomotive",
        "reuse_two": "re-use a space holding 1 or 2 of your workers (no coin space)",
        "coal_factory": "the coal factory",
        "coal_factory_use": "2 black, +2 black per coal spent (up to 3)",
        "factory_ability": "the ability of one of your factories",
        "random_start_bonuses": f"{n} random Starting Bonus cards",
        "german_revaluation": "the German revaluation marker",
        "income": "an income marker",
        "industry_marker": "one more industry marker",
        "foreign_engineer": "another worker on an opponent's vacant engineer: its action",
        "ludmilla": "Starting Bonus cards handed round: each picks one or 3 points",
        "gray_behind_black": "the gray track on one railroad up to just behind the black",
        "public_token": "one of the public ? tokens",
        "spare_engineer": "an engineer not chosen at setup",
        "industry_double": "double your industry steps from now on",
        "q_factory": "the ? factory",
        "q_factory_use": f"{n} of your ? tokens",
        "freight_car": "the freight car behind locomotives reaching 3 or more",
        "stock": "1 stock level up",
        "stock_climb": "1 stock level up and a personal payout",
        "golden_spike": "the Golden Spike",
    }
    return simple.get(e.kind, e.kind)


# American Railroads' USA board ------------------------------------------------------------

USA_KEYS = frozenset({"golden_spike", "boulders", "boulder_points", "coin_cost", "top_industry", "stocks",
                      "steelworks", "steelworks_effects", "q_tokens_removed", "q_tokens"})


def _with_usa(base: Data, raw: Node) -> Data:
    """The USA board's pieces (`usa:` in boards/usa.yaml), checked against its railroads."""
    raw.check_keys(USA_KEYS, USA_KEYS)
    colours = base.colours
    spike = raw["golden_spike"]
    spike.check_keys(frozenset({"railroads", "meet_points", "spike_points"}),
                     frozenset({"railroads", "meet_points", "spike_points"}))
    roads = spike["railroads"].str_list(min_len=2)
    for i, rid in enumerate(roads):
        if rid not in base.railroad_by_id:
            spike["railroads"].as_list()[i].fail(f"names the railroad '{rid}', which is not on this board")
    top = _industry(raw["top_industry"])
    boulders = tuple(_boulder(b, base, top) for b in raw["boulders"].as_list())
    stocks = raw["stocks"]
    stocks.check_keys(frozenset({"levels", "end_points", "dividends"}),
                      frozenset({"levels", "end_points", "dividends"}))
    levels = stocks["levels"].as_int(lo=1, hi=12)
    dividends = _named(stocks["dividends"], colours)
    if len(dividends) < levels:
        stocks["dividends"].fail(f"holds {len(dividends)} tokens: every one of the {levels} levels needs one")
    steelworks: dict[int, int] = {}
    for node in raw["steelworks"].as_list():
        node.check_keys(frozenset({"number", "pile"}), frozenset({"number", "pile"}))
        number = node["number"].as_int(lo=1)
        if number in base.factories or number in steelworks:
            node["number"].fail(f"is {number}, the number of another factory")
        pile = node["pile"].as_int(lo=2)
        if pile not in base.loco_copies:
            node["pile"].fail(f"is {pile}, but there is no locomotive pile #{pile}")
        steelworks[number] = pile
    effects = _effects(raw["steelworks_effects"], colours)
    removed = raw["q_tokens_removed"].str_list()
    tokens = {k: v for k, v in base.q_tokens.items() if k not in removed}
    rules = UsaRules(
        spike_roads=roads, meet_points=spike["meet_points"].as_int(lo=0),
        spike_points=spike["spike_points"].as_int(lo=0), boulders=boulders,
        boulder_points=raw["boulder_points"].as_int(lo=0), coin_cost=raw["coin_cost"].as_int(lo=0),
        top_industry=top, levels=levels, end_points=stocks["end_points"].int_list(lo=0), dividends=dividends,
        steelworks=steelworks)
    return dataclasses.replace(
        base, usa=rules, q_tokens={**tokens, **_named(raw["q_tokens"], colours)},
        factories={**base.factories, **{n: effects for n in steelworks}})


def _boulder(node: Node, base: Data, top: tuple[IndustrySpace, ...]) -> Boulder:
    node.check_keys(frozenset({"id", "label", "railroad", "industry", "space"}),
                    frozenset({"id", "label", "space"}))
    rid = node.get("railroad").opt_str("")
    track = node.get("industry").opt_str("")
    if bool(rid) == bool(track):
        node.fail("a boulder lies either on a railroad (railroad: id) or on an industry track (industry: top/bottom)")
    if rid and rid not in base.railroad_by_id:
        node["railroad"].fail(f"names the railroad '{rid}', which is not on this board")
    if track and track not in ("top", "bottom"):
        node["industry"].fail(f"is '{track}': choose top or bottom")
    length = base.railroad(rid).length if rid else len(top if track == "top" else base.industry) - 1
    return Boulder(node["id"].as_str(), node["label"].as_str(), node["space"].as_int(lo=1, hi=length), rid, track)


# The Coal module ------------------------------------------------------------------------

COAL_KEYS = frozenset({"coal_supply", "start_coal", "extra_roubles", "fewer_rounds", "face_up_foundries",
                       "foundry_coal", "boilerman_points", "point_factories", "engineer_fill", "action_spaces",
                       "emil_card", "foundries", "coal_factory", "engineers", "q_tokens", "q_cards",
                       "starting_bonuses"})


def _with_coal(base: Data, directory: str) -> Data:
    """The data with the Coal module's spaces, pieces and setup changes."""
    raw = load_data(os.path.join(directory, "coal.yaml"))
    raw.check_keys(COAL_KEYS, COAL_KEYS)
    colours = base.colours
    spaces = base.spaces + tuple(_space(s, colours) for s in raw["action_spaces"].as_list(min_len=1))
    ids = {s.id for s in spaces}
    emil_card = raw["emil_card"].as_str()
    if emil_card not in ids:
        raw["emil_card"].fail(f"names the action space '{emil_card}', which does not exist")
    factory = raw["coal_factory"]
    factory_keys = frozenset({"number", "black", "black_per_coal", "max_coal"})
    factory.check_keys(factory_keys, factory_keys)
    number = factory["number"].as_int(lo=1)
    if number in base.factories:
        factory["number"].fail(f"is {number}, the number of a locomotive's factory")
    engineers = dict(base.engineers)
    for node in raw["engineers"].as_list():
        eng = _engineer(node, colours)
        if eng.number in engineers:
            node["number"].fail(f"is {eng.number}, already the id of another engineer")
        engineers[eng.number] = eng
    fewer = raw["fewer_rounds"].as_int(lo=0)
    extra = raw["extra_roubles"].as_int(lo=0)
    rules = CoalRules(
        supply=raw["coal_supply"].as_int(lo=0), start_coal=raw["start_coal"].as_int(lo=0),
        foundry_coal=raw["foundry_coal"].as_int(lo=0), face_up=raw["face_up_foundries"].as_int(lo=0),
        foundries=_named(raw["foundries"], colours), boilerman_points=raw["boilerman_points"].as_int(lo=0),
        point_factories=raw["point_factories"].int_list(lo=1), coal_factory=number,
        coal_factory_black=factory["black"].as_int(lo=0), black_per_coal=factory["black_per_coal"].as_int(lo=0),
        max_coal=factory["max_coal"].as_int(lo=0))
    return dataclasses.replace(
        base, key=base.key + ("coal",), coal=rules, spaces=spaces, space_by_id={s.id: s for s in spaces},
        rounds={m: max(1, r - fewer) for m, r in base.rounds.items()},
        roubles={m: r + extra for m, r in base.roubles.items()},
        engineer_fill=_engineer_fill(raw["engineer_fill"]), engineers=engineers,
        q_tokens={**base.q_tokens, **_named(raw["q_tokens"], colours)},
        q_cards={**base.q_cards, **_named(raw["q_cards"], colours)},
        starting_bonuses={**base.starting_bonuses, **_named(raw["starting_bonuses"], colours)},
        factories={**base.factories, number: (Effect("coal_factory_use"),)},
        emil_cards=base.emil_cards + (emil_card,))


# German Railroads' new components ---------------------------------------------------------

NEW_KEYS = frozenset({"engineers", "q_tokens", "q_cards", "revaluation_values", "token_bonus_cap"})


def _with_german_pieces(base: Data, directory: str) -> Data:
    """The 4-coins ? token and the German revaluation ? card, "mandatory with the Germany board"."""
    raw = load_data(os.path.join(directory, "new_components.yaml"))
    raw.check_keys(NEW_KEYS, NEW_KEYS)
    colours = base.colours
    return dataclasses.replace(
        base, q_tokens={**base.q_tokens, **_named(raw["q_tokens"], colours)},
        q_cards={**base.q_cards, **_named(raw["q_cards"], colours)},
        track_values={**base.track_values, "german": _colour_map(raw["revaluation_values"], colours)},
        token_bonus_cap=raw["token_bonus_cap"].as_int(lo=0))


def _with_new_components(base: Data, directory: str) -> Data:
    """The data with the new engineers (replacing those of the same number), the 4-coins token
    and the German revaluation card."""
    raw = load_data(os.path.join(directory, "new_components.yaml"))
    raw.check_keys(NEW_KEYS, NEW_KEYS)
    colours = base.colours
    engineers = dict(base.engineers)
    for node in raw["engineers"].as_list(min_len=1):
        eng = _engineer(node, colours)
        engineers[eng.number] = eng
    values = _colour_map(raw["revaluation_values"], colours)
    return dataclasses.replace(
        base, key=base.key + ("new",), engineers=engineers,
        q_tokens={**base.q_tokens, **_named(raw["q_tokens"], colours)},
        q_cards={**base.q_cards, **_named(raw["q_cards"], colours)},
        track_values={**base.track_values, "german": values},
        token_bonus_cap=raw["token_bonus_cap"].as_int(lo=0))


# The DSP mini expansion ---------------------------------------------------------------------

DSP_KEYS = frozenset({"starting_bonuses", "coal_starting_bonuses", "ludmilla_points_instead", "engineers",
                      "q_tokens", "public_tokens", "q_factory", "freight_car", "token_bonus_cap"})


def _with_dsp(base: Data, directory: str, olga: bool) -> Data:
    """The data with the DSP engineers (Olga only when `olga`), the double-sided ? token, the public
    tokens, the ? factory and the Starting Bonus cards Ludmilla hands round."""
    raw = load_data(os.path.join(directory, "dsp.yaml"))
    raw.check_keys(DSP_KEYS, DSP_KEYS)
    colours = base.colours
    engineers = dict(base.engineers)
    for node in raw["engineers"].as_list(min_len=1):
        eng = _engineer(node, colours)
        if olga or not any(e.kind == "foreign_engineer" for e in eng.effects):
            engineers[eng.number] = eng
    cards = _named(raw["starting_bonuses"], colours)
    if base.coal is not None:
        cards.update(_named(raw["coal_starting_bonuses"], colours))
    factory = raw["q_factory"]
    factory.check_keys(frozenset({"number", "tokens", "boilerman_tokens"}),
                       frozenset({"number", "tokens", "boilerman_tokens"}))
    number = factory["number"].as_int(lo=1)
    if number in base.factories:
        factory["number"].fail(f"is {number}, the number of another factory")
    freight = raw["freight_car"]
    freight.check_keys(frozenset({"min_reach", "advancements"}), frozenset({"min_reach", "advancements"}))
    rules = DspRules(
        bonus_cards=cards, points_instead=raw["ludmilla_points_instead"].as_int(lo=0),
        public_tokens=_named(raw["public_tokens"], colours), q_factory=number,
        q_factory_tokens=factory["tokens"].as_int(lo=0), q_factory_boiler_tokens=factory["boilerman_tokens"].as_int(lo=0),
        freight_reach=freight["min_reach"].as_int(lo=0), freight_advancements=freight["advancements"].as_int(lo=0))
    return dataclasses.replace(
        base, key=base.key + ("dsp", "olga") if olga else base.key + ("dsp",), engineers=engineers, dsp=rules,
        q_tokens={**base.q_tokens, **_named(raw["q_tokens"], colours)},
        factories={**base.factories, number: (Effect("q_factory_use", factory["tokens"].as_int(lo=0)),)},
        token_bonus_cap=raw["token_bonus_cap"].as_int(lo=0))
