"""Railtable's user interface: pygame-ce + pygame_gui. The shell (app, scenes,
camera, animation, game screen) is shared; each game adds ui/<game_id>/."""
