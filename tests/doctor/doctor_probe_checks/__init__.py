"""Checks that misbehave on purpose, for the runner's isolation tests."""
