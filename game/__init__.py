"""Rules engines of Railtable: pure Python, never imports pygame."""
