"""Regional Rails on screen.

- ``render.draw_board``: the pure board renderer (terrain tiles cached per
  zoom in ``terrain``, pieces from ``pieces``, geometry in ``geometry``).
- ``controller.Controller``: plugs the game into the shell's GameScene;
  ``phase_dialogs`` builds the docked decision dialogs (``dialogs`` draws
  them), ``phasebar`` the phase bar, ``panel`` the side panel, ``effects``
  the animations (``dice``), ``describe`` cost cards and tooltips.
"""
