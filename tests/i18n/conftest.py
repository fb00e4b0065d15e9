"""The pseudo language's fixture for every test of the catalogs (tests/i18n/pseudo.py)."""

from __future__ import annotations

from .pseudo import pseudo_language

__all__ = ["pseudo_language"]
