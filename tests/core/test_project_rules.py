"""Project-wide rules that are easy to break by accident."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_game_package_never_imports_pygame():
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "pygame" or n.startswith("pygame.") or n.startswith("pygame_gui") for n in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_pygame_is_pygame_ce():
    import pygame

    assert pygame.IS_CE


def test_requirements_name_pygame_ce_only():
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    names = [line.split(">")[0].split("=")[0].split("<")[0].strip().lower() for line in lines if line.strip()]
    assert "pygame-ce" in names and "pygame" not in names


def test_yaml_is_only_loaded_safely():
    offenders = []
    for folder in ("game", "ui", "tools", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            unsafe = ("yaml.unsafe_load" in text or "yaml.full_load" in text
                      or ("yaml.load(" in text and "Loader=_SAFE_LOADER" not in text))
            if unsafe:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
