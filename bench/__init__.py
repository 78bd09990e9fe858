"""Performance figures (``python3 -m bench``); see bench/__main__.py."""
