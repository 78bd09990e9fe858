"""Russian Rails on screen: the crayon board renderer (reusable by Lunar Rails), the controller and panels."""
