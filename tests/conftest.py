"""Suite-wide setup: headless SDL before anything imports pygame, and a
private home folder so tests never touch the player's saves or settings."""
import os
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_VIDEO_DRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("RAILTABLE_HOME", tempfile.mkdtemp(prefix="railtable-test-home-"))

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# Hypothesis checks behaviour, never speed: no per-example deadline (a busy
# CI machine would otherwise fail a correct test).
from hypothesis import settings  # noqa: E402

settings.register_profile("railtable", deadline=None)
settings.load_profile("railtable")
