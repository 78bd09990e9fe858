"""The shell's screens: menu, setup, settings, load, rules reader, pass screen, results."""
