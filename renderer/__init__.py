"""Pillow drawing of game views. Never sees the full state, only views."""
