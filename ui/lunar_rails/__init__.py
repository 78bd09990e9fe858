"""Lunar Rails on screen: the crayon-rails screen of Russian Rails on the Moon's two discs."""
