"""Widgets of BPE Explorer (see docs/DESIGN.md: who owns what)."""
