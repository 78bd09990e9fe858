"""Engine-agnostic spine shared by every game: actions, errors, events, RNG,
decks, the engine contract, sessions (log, undo, save/load, replay), hex math
and Tiled map loading."""
