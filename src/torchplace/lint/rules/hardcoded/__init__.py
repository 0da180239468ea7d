"""Rules of the hardcoded family."""
