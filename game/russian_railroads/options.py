"""The setup options of Russian Railroads: which player board, and which
expansion modules. Only what is built is offered; anything else is refused
with a sentence before a game starts."""
from __future__ import annotations

from typing import Any

from game.core.engine import OptionSpec
from game.russian_railroads.data import BOARDS, Data, load

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("board", "Player board", "choice", "russia", BOARDS,
               "The player board everybody plays on: Russia is the base game; Germany (German Railroads) has "
               "the München switch, railroad extensions and income markers; USA (American Railroads) has the "
               "Transcontinental lines with the Golden Spike, boulders, two industry tracks, stocks and steelworks."),
    OptionSpec("coal", "Coal module", "bool", False, (),
               "German Railroads' coal, foundries and boilermen; one round fewer."),
    OptionSpec("new_components", "New components", "bool", False, (),
               "German Railroads' engineers 5, 6, 15 and -10, the 4-coins ? token and the German revaluation card."),
    OptionSpec("dsp", "DSP mini expansion", "bool", False, (),
               "Engineers Ludmilla, Dimitrij, Pjotr (and Olga with 1-2 players), the double-sided ? token "
               "with the 5 public ? tokens, and Ludmilla's Starting Bonus cards."),
    OptionSpec("olga", "Olga with 3-4 players", "bool", False, (),
               "DSP: Olga also with 3 or 4 players. The rulebook recommends her for 2 players only: "
               "\"with 3 or 4 players you have to do it on your own risk\"."),
)


def read_options(options: dict[str, Any]) -> dict[str, Any]:
    """Every option with its value (defaults filled in), checked; ValueError
    with a sentence a player understands for an unknown key or value."""
    specs = {spec.key: spec for spec in OPTION_SPECS}
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise ValueError(f"Russian Railroads has no option {', '.join(unknown)}; "
                         f"it offers {', '.join(specs)}.")
    out = {key: options.get(key, spec.default) for key, spec in specs.items()}
    for key, spec in specs.items():
        value = out[key]
        if spec.kind == "bool" and not isinstance(value, bool):
            raise ValueError(f"The option {key} is on or off (true or false), not {value!r}.")
        if spec.kind == "choice" and value not in spec.choices:
            raise ValueError(f"The option {key} cannot be {value!r}; choose {', '.join(spec.choices)}.")
    if out["olga"] and not out["dsp"]:
        raise ValueError("Olga is an engineer of the DSP mini expansion: turn on dsp to play with her.")
    return out


def with_olga(options: dict[str, Any], num_players: int) -> bool:
    """Olga plays with DSP in games of 1-2 players, with 3-4 only when asked for (at your own risk)."""
    return bool(options["dsp"]) and (num_players <= 2 or bool(options["olga"]))


def data_for(options: dict[str, Any], num_players: int) -> Data:
    """The data of the board and modules these (checked) options choose."""
    return load(options["board"], options["coal"], options["new_components"], options["dsp"],
                with_olga(options, num_players))
