"""A bundled, reproducible sample pairs session (sample data, not a dealing service)."""
