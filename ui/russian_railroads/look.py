"""The colours and short words of the Russian Railroads table, shared by the
board art, the live pieces and the side panel."""
from __future__ import annotations

from game.russian_railroads.data import ActionSpace, Effect

RGB = tuple[int, int, int]

TRACK_RGB: dict[str, RGB] = {
    "black": (34, 32, 32), "gray": (150, 150, 156), "brown": (146, 92, 44),
    "natural": (222, 196, 146), "white": (250, 250, 246),
}

BOARD_BG: RGB = (104, 42, 34)          # the action board: Russian red
BOARD_EDGE: RGB = (58, 22, 18)
BOARD_INK: RGB = (246, 232, 206)
PAPER: RGB = (236, 224, 198)           # player boards
PAPER_DARK: RGB = (206, 190, 160)
INK: RGB = (52, 40, 30)
INK_DIM: RGB = (120, 104, 86)
SPECIAL_RING: RGB = (198, 40, 36)
REACH: RGB = (40, 160, 70)
TEMP_RGB: RGB = (64, 200, 196)         # turquoise temporary workers
BLACK_WORKER: RGB = (20, 20, 22)
USABLE: RGB = (255, 226, 90)
TARGET: RGB = (90, 230, 120)
EMIL_RGB: RGB = (120, 120, 120)

AREA_FILL: dict[str, RGB] = {
    "track": (236, 222, 190), "locomotive": (196, 214, 230), "industry": (222, 204, 232),
    "auxiliary": (204, 226, 198), "engineer": (240, 226, 178), "turn_order": (214, 210, 204),
}


def effect_words(e: Effect) -> str:
    """A few words for an effect, small enough for an action space."""
    if e.kind == "track":
        if e.colours == "any":
            return f"{e.count} of any colour"
        return f"{e.count} " + " or ".join(e.colours)
    return {
        "industry": f"{e.count} industry",
        "doubler": f"{e.count} doubler" + ("s" if e.count > 1 else ""),
        "roubles": f"{e.count} rouble" + ("s" if e.count > 1 else ""),
        "temp_workers": "2 temporary workers",
        "points": f"{e.count} points",
        "loco_or_factory": "loco or factory",
        "loco": "loco",
        "factory": "factory",
        "reuse": "re-use a 1-worker space",
        "hire": "hire",
        "turn_order": f"{e.position}. next round",
        "coal": f"{e.count} coal",
        "foundry": "a foundry",
        "boilerman": "a boilerman",
        "best_loco": "best loco pts",
        "reuse_two": "re-use 1-2",
        "coal_factory": "coal factory",
        "random_start_bonuses": f"{e.count} bonus cards",
        "factory_ability": "a factory's ability",
        "german_revaluation": "revaluation",
    }.get(e.kind, e.kind.replace("_", " "))


def space_words(space: ActionSpace) -> str:
    short = {"T-BOTTOM": "1 black or gray · always open", "L-3": "loco + factory",
             "I-1B": "industry + black", "A-TMP": "2 temp. workers", "C-FOUNDRY": "foundry + 1 coal",
             "C-FOUNDRY2": "foundry", "C-BOILER": "boilerman (2 coal)"}
    if space.id in short:
        return short[space.id]
    return " + ".join(effect_words(e) for e in space.effects)


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
