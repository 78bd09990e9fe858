"""The Russian Railroads table: the pure renderer (render.py over board_art,
action_pieces, player_pieces, emil_view), where things sit (geometry, places),
what can be clicked (choices), the side panel, overlays, tooltips and
animations, and the Controller that GameScene plugs in."""
